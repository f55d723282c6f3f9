package bot

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Ratings: the server's leaderboard (/GAME standings) and a player's
// card (/GAME stats), each an embed, where Discord shows the players'
// mentions as their names in any script without pinging them. There is no
// standings image: an image could not show the names. Ratings are Glicko-2
// (store.GlickoRate, wired where the store is opened) and change only in
// rated games; wins and losses count rated games only (friendly games and
// games against the AI show in a player's recent games, marked unrated).

// maxStandingsRows is how many players the standings show.
const maxStandingsRows = 20

// sortStandings orders a leaderboard: rating (rounded) first, then wins,
// then fewer losses, then user id.
func sortStandings(list []store.Standing) {
	slices.SortStableFunc(list, func(a, b store.Standing) int {
		if c := cmp.Compare(math.Round(b.Rating), math.Round(a.Rating)); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Losses, b.Losses); c != 0 {
			return c
		}
		return strings.Compare(a.User, b.User)
	})
}

// ratingText writes a rating with its deviation: "1662 ± 290".
func ratingText(s store.Standing) string {
	return fmt.Sprintf("%d ± %d", int(math.Round(s.Rating)), int(math.Round(s.RD)))
}

// standings returns a guild's standings in one game.
func (b *Bot) standings(ctx context.Context, kind game.Kind, guild string) ([]store.Standing, error) {
	return b.Store.Standings(ctx, kind, guild)
}

// standing returns a player's standing in one game.
func (b *Bot) standing(ctx context.Context, kind game.Kind, guild, user string) (store.Standing, error) {
	return b.Store.Standing(ctx, kind, guild, user)
}

func (b *Bot) leaderboard(ctx context.Context, req Request) (Reply, error) {
	kind := req.module().kind
	list, err := b.standings(ctx, kind, req.Guild)
	if err != nil {
		return Reply{}, err
	}
	loc := req.Locale
	head, legend, none := "standings.head", "standings.legend", "standings.none"
	if Outside(req.Guild) {
		// Friendly standings (reach.go): the user and those they played.
		head, legend, none = "standings.friendly.head", "standings.friendly.legend", "standings.friendly.none"
		if list, err = b.friendlyStandings(ctx, list, req.User.ID); err != nil {
			return Reply{}, err
		}
	}
	if len(list) == 0 {
		return Reply{Text: tr(loc, none)}, nil
	}
	sortStandings(list)
	var sb strings.Builder
	for i, s := range list {
		if i == maxStandingsRows {
			sb.WriteString(tr(loc, "standings.more", len(list)-maxStandingsRows) + "\n")
			break
		}
		if !draws(req.module()) {
			sb.WriteString(tr(loc, "standings.row", i+1, Mention(s.User), ratingText(s), s.Wins, s.Losses) + "\n")
		} else {
			sb.WriteString(tr(loc, "standings.rowdraws", i+1, Mention(s.User), ratingText(s), s.Wins, s.Losses, s.Draws) + "\n")
		}
	}
	if line := b.webStandingsLine(ctx, loc, req.Guild); line != "" {
		sb.WriteString(line + "\n")
	}
	return Reply{Embeds: FitEmbeds([]Embed{{
		Title:       tr(loc, head),
		Description: strings.TrimRight(sb.String(), "\n"),
		Footer:      tr(loc, legend),
		Color:       colorStandings,
	}})}, nil
}

// friendlyOpponents bounds the finished games read to find whom a user
// played outside servers.
const friendlyOpponents = 200

// friendlyStandings keeps, of the standings outside servers, those of user
// and of the people user played there (their last friendlyOpponents
// finished games): friends' standings, not a ranking of strangers.
func (b *Bot) friendlyStandings(ctx context.Context, list []store.Standing, user string) ([]store.Standing, error) {
	games, err := b.Store.FinishedGames(ctx, OutsideServers, user, friendlyOpponents)
	if err != nil {
		return nil, err
	}
	known := map[string]bool{user: true}
	for _, g := range games {
		known[g.Players[0]], known[g.Players[1]] = true, true
	}
	return slices.DeleteFunc(list, func(s store.Standing) bool { return !known[s.User] }), nil
}

// colorStandings is the bar of the standings' and stats' embeds.
const colorStandings = 0xD8283C // the shooters' red

// recentGames is how many finished games /GAME stats lists.
const recentGames = 5

func (b *Bot) stats(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	user := req.User.ID
	if p := strings.TrimSpace(req.Options["player"]); p != "" {
		if !ValidID(p) {
			return Reply{}, badInput("%s", tr(loc, "stats.badplayer"))
		}
		user = p
	}
	kind := req.module().kind
	s, err := b.standing(ctx, kind, req.Guild, user)
	if err != nil {
		return Reply{}, err
	}
	// The recent games of this game include the unrated ones (against the
	// computer, friendly), which the standing leaves out.
	all, err := b.Store.FinishedGames(ctx, req.Guild, user, 4*recentGames)
	if err != nil {
		return Reply{}, err
	}
	var games []store.Game
	for _, g := range all {
		if g.Kind == kind && len(games) < recentGames {
			games = append(games, g)
		}
	}
	var sb strings.Builder
	sb.WriteString(tr(loc, "stats.head", Mention(user)) + "\n")
	card := func(recent string) Reply {
		e := Embed{Title: tr(loc, "stats.title"), Description: strings.TrimRight(sb.String(), "\n"), Color: colorStandings}
		if Outside(req.Guild) {
			e.Footer = tr(loc, "stats.friendly") // reach.go
		}
		if recent != "" {
			e.Fields = []Field{{Name: strings.TrimRight(tr(loc, "stats.recent"), " :："), Value: recent}}
		}
		return Reply{Embeds: FitEmbeds([]Embed{e})}
	}
	if s.Games == 0 && len(games) == 0 {
		sb.WriteString(tr(loc, "stats.nogames"))
		return card(""), nil
	}
	if s.Games == 0 {
		sb.WriteString(tr(loc, "stats.norated") + "\n")
	} else {
		b.ratedStats(ctx, &sb, loc, kind, req.Guild, user, s)
	}
	var recent strings.Builder
	if len(games) > 0 {
		for _, g := range games {
			key := "stats.lost"
			switch g.Winner {
			case user:
				key = "stats.won"
			case "":
				key = "stats.drawn"
			}
			rated := ""
			if !g.Rated {
				rated = tr(loc, "stats.unrated")
			}
			board := moduleOf(g.Kind).GameName(loc, g)
			if w := moduleOf(g.Kind).words; w != nil {
				board = w.RecentName(loc, g)
			}
			recent.WriteString(tr(loc, key, g.ID, person(loc, g.Opponent(user), g.AI), board, gameReason(loc, g),
				g.Ended.Unix(), rated) + "\n")
		}
	}
	return card(strings.TrimRight(recent.String(), "\n")), nil
}

// ratedStats writes the rating, rank, record and streak of a player with
// rated games.
func (b *Bot) ratedStats(ctx context.Context, sb *strings.Builder, loc string, kind game.Kind, guild, user string, s store.Standing) {
	rank := 0
	list, err := b.standings(ctx, kind, guild)
	if err == nil && Outside(guild) {
		list, err = b.friendlyStandings(ctx, list, user) // ranked among those they played
	}
	if err == nil {
		sortStandings(list)
		for i, o := range list {
			if o.User == user {
				rank = i + 1
			}
		}
	}
	sb.WriteString(tr(loc, "stats.rating", ratingText(s), rank) + "\n")
	if !draws(moduleOf(kind)) {
		sb.WriteString(trn(loc, "stats.record", s.Games, s.Wins, s.Losses, s.Games) + "\n")
	} else {
		sb.WriteString(trn(loc, "stats.recorddraws", s.Games, s.Wins, s.Losses, s.Draws, s.Games) + "\n")
	}
	switch {
	case s.Streak > 0:
		sb.WriteString(trn(loc, "stats.streakwin", s.Streak, s.Streak) + "\n")
	case s.Streak < 0:
		sb.WriteString(trn(loc, "stats.streakloss", -s.Streak, -s.Streak) + "\n")
	}
}

// gameReason says how a finished game ended, the game's module wording
// how its rules ended it in detail (Wording).
func gameReason(loc string, g store.Game) string {
	if w := moduleOf(g.Kind).words; w != nil && g.Reason == store.ReasonRules {
		if t := w.RulesEnding(loc, g, true); t != "" {
			return t
		}
	}
	return reasonText(loc, g, g.Reason)
}

// reasonText names how game g ended, in short.
func reasonText(loc string, g store.Game, r store.Reason) string {
	if w := moduleOf(g.Kind).words; w != nil && r == store.ReasonRules {
		if t := w.RulesEnding(loc, g, false); t != "" {
			return t
		}
	}
	switch r {
	case store.ReasonResign:
		return tr(loc, "reason.resign")
	case store.ReasonTimeout:
		return tr(loc, "reason.timeout")
	case store.ReasonRules:
		return tr(loc, "reason.rules")
	case store.ReasonAgreed:
		return tr(loc, "reason.agreed")
	case store.ReasonForfeit:
		return tr(loc, "reason.forfeit")
	case store.ReasonAdjudicated:
		return tr(loc, "reason.adjudicated")
	}
	return tr(loc, "reason.majority")
}

// draws reports whether mod's games may end drawn (game.Drawable): its
// standings and records count draws.
func draws(mod *module) bool {
	_, ok := mod.Rules().(game.Drawable)
	return ok
}
