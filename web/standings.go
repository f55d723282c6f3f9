package web

import (
	"cmp"
	"context"
	"crypto/aes"
	"errors"
	"html/template"
	"math"
	"net/http"
	"slices"
	"strconv"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// A server's page
//
// /s/TOKEN shows one Discord server's standings in each game and its
// games under way, each linking to its page, when the server's managers
// turned it on (store.WebStandingsSetting); otherwise, and for a token
// this server did not make, it is the same 404 as an unknown page. The
// token is the guild's ID enciphered and tagged as a game's is (token.go)
// under keys of its own, so that servers cannot be enumerated and a
// game's token is no server's.

// Guilds is what a server's page needs of the store. The Options.Store
// of a Server that serves them implements it too; without it every /s/
// page is not found.
type Guilds interface {
	Settings(ctx context.Context, guild string) (store.Settings, error)
	Standings(ctx context.Context, kind game.Kind, guild string) ([]store.Standing, error)
	ActiveGames(ctx context.Context, guild string) ([]store.Game, error)
}

var _ Guilds = (*store.DB)(nil)

// newGuildTokens makes the tokens of servers' pages: the game tokens'
// scheme under keys derived with labels of their own.
func newGuildTokens(key []byte) (*tokens, error) {
	if _, err := newTokens(key); err != nil {
		return nil, err
	}
	t := &tokens{mac: derive(key, "web/guild/mac")}
	var err error
	t.block, err = aes.NewCipher(derive(key, "web/guild/cipher")[:16])
	return t, err
}

// GuildPath returns the path of a Discord server's page ("/s/" and its
// token), false for a guild ID that is not a Discord ID (a number). The
// page shows only while the server's setting is on.
func (s *Server) GuildPath(guild string) (string, bool) {
	id, err := strconv.ParseUint(guild, 10, 64)
	if err != nil || id == 0 || strconv.FormatUint(id, 10) != guild {
		return "", false
	}
	return "/s/" + s.guilds.make(id), true
}

// guildRow is a player's line of a standings table.
type guildRow struct {
	Rank                       int
	Name, Avatar               string
	Rating                     int
	Wins, Losses, Draws, Games int
}

// guildGame is a game under way, as the server's page lists it.
type guildGame struct {
	Path         string
	White, Black string
	ToAct        int
	HasToAct     bool
}

// guildKind is one game's part of the server's page.
type guildKind struct {
	Kind    string
	Title   string
	Rows    []guildRow
	Current []guildGame
}

// guildPage serves /s/TOKEN.
func (s *Server) guildPage(w http.ResponseWriter, r *http.Request) {
	gs, ok := s.opts.Store.(Guilds)
	id, err := s.guilds.read(r.PathValue("token"))
	if !ok || err != nil {
		s.notFound(w, r)
		return
	}
	guild := strconv.FormatUint(id, 10)
	ctx := r.Context()
	set, err := gs.Settings(ctx, guild)
	if err != nil || set.Values[store.WebStandingsSetting] != "on" {
		if err != nil && !errors.Is(err, store.ErrCorrupt) {
			s.opts.Logger.Warn("web: loading a server's settings", "err", err)
		}
		s.notFound(w, r)
		return
	}
	kinds, err := s.guildKinds(ctx, gs, guild, requestLanguage(r))
	if err != nil {
		s.opts.Logger.Warn("web: loading a server's standings", "err", err)
		http.Error(w, text(requestLanguage(r), "standingsDown"), http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	data := struct {
		pageData
		Kinds []guildKind
	}{newPageData(r), kinds}
	if err := guildTemplate.ExecuteTemplate(w, "guild", data); err != nil {
		s.opts.Logger.Warn("web: writing a page", "err", err)
	}
}

// guildKinds gathers each game's standings and games under way in guild,
// naming the players with one call of Options.Users and the games in
// lang.
func (s *Server) guildKinds(ctx context.Context, gs Guilds, guild, lang string) ([]guildKind, error) {
	active, err := gs.ActiveGames(ctx, guild)
	if err != nil {
		return nil, err
	}
	active = slices.DeleteFunc(active, func(g store.Game) bool { return g.Guild != guild }) // never another server's
	slices.SortStableFunc(active, func(a, b store.Game) int { return cmp.Compare(b.Updated.Unix(), a.Updated.Unix()) })
	var out []guildKind
	var ids []string
	for _, k := range s.opts.Games.Kinds() {
		st, err := gs.Standings(ctx, k, guild)
		if err != nil {
			return nil, err
		}
		gk := guildKind{Kind: string(k), Title: s.gameText(k, lang, nameKey, kindTitle(k))}
		for i, p := range st {
			if p.Guild != "" && p.Guild != guild {
				continue
			}
			gk.Rows = append(gk.Rows, guildRow{Rank: i + 1, Name: p.User, Rating: int(math.Round(p.Rating)),
				Wins: p.Wins, Losses: p.Losses, Draws: p.Draws, Games: p.Games})
			ids = append(ids, p.User)
		}
		for _, g := range active {
			if g.Kind != k {
				continue
			}
			gg := guildGame{Path: s.Path(g.ID), White: g.Players[0], Black: g.Players[1]}
			if st := g.State(); st != nil && !st.Outcome().Over {
				gg.HasToAct, gg.ToAct = true, int(st.ToAct())
			}
			gk.Current = append(gk.Current, gg)
			ids = append(ids, g.Players[:]...)
		}
		if len(gk.Rows) > 0 || len(gk.Current) > 0 {
			out = append(out, gk)
		}
	}
	if s.opts.Users != nil && len(ids) > 0 {
		names := s.opts.Users.Names(ctx, ids)
		name := func(id string) string {
			if u, ok := names[id]; ok && u.Name != "" {
				return u.Name
			}
			return id
		}
		for i := range out {
			for j := range out[i].Rows {
				r := &out[i].Rows[j]
				r.Avatar = names[r.Name].Avatar
				r.Name = name(r.Name)
			}
			for j := range out[i].Current {
				c := &out[i].Current[j]
				c.White, c.Black = name(c.White), name(c.Black)
			}
		}
	}
	return out, nil
}

var guildTemplate = template.Must(template.Must(pages.Clone()).Parse(`{{define "guild"}}{{template "head" .}}
<title>{{.T.standings}}</title>
</head><body>
<main class="guild">
<header class="bar"><h1>{{.T.standings}}</h1></header>
{{if not .Kinds}}<p class="status">{{.T.noGames}}</p>{{end}}
{{$t := .T}}{{range .Kinds}}<section class="kind" id="kind-{{.Kind}}" data-kind="{{.Kind}}">
<h2>{{.Title}}</h2>
{{if .Rows}}<div class="tablewrap"><table class="standings">
<thead><tr><th scope="col">#</th><th scope="col" class="who">{{$t.player}}</th><th scope="col">{{$t.rating}}</th><th scope="col" title="{{$t.wins}}">{{$t.winsShort}}</th><th scope="col" title="{{$t.losses}}">{{$t.lossesShort}}</th><th scope="col" title="{{$t.draws}}">{{$t.drawsShort}}</th></tr></thead>
<tbody>{{range .Rows}}<tr class="row"><td class="rank">{{.Rank}}</td><td class="who">{{if .Avatar}}<img class="avatar small" src="{{.Avatar}}" alt="">{{end}}<span class="name">{{.Name}}</span></td><td class="rating">{{.Rating}}</td><td class="w">{{.Wins}}</td><td class="l">{{.Losses}}</td><td class="d">{{.Draws}}</td></tr>
{{end}}</tbody></table></div>{{else}}<p class="status">{{$t.noFinished}}</p>{{end}}
{{if .Current}}<h3>{{$t.underWay}}</h3><ul class="current">{{range .Current}}<li><a class="game" href="{{.Path}}"><span class="{{if and .HasToAct (eq .ToAct 0)}}toact{{end}}">{{.White}}</span> – <span class="{{if and .HasToAct (eq .ToAct 1)}}toact{{end}}">{{.Black}}</span></a></li>
{{end}}</ul>{{end}}
</section>
{{end}}</main></body></html>{{end}}`))
