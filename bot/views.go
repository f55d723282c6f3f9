package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// Views: the message that shows a game (the board image, whose turn it
// is, the last action, the claims), /GAME board, record, games, rules
// and help.

// currentOrLast returns the channel's active game, or its latest finished
// one when none is active (one indexed read, however large the archive).
func (b *Bot) currentOrLast(ctx context.Context, req Request) (store.Game, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if !errors.Is(err, store.ErrNoGame) {
		return g, err
	}
	if f, ferr := b.Store.LastFinishedGame(ctx, req.Guild, req.Channel); ferr == nil {
		return f, nil
	}
	return g, err
}

func (b *Bot) board(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return b.gameViewFor(ctx, req.Locale, g, "", false, req.User.ID)
}

func (b *Bot) record(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: recordText(req.Locale, g)}, nil
}

// rules describes the rules of the command's game (a module with rules
// of its own to choose between has its own rules subcommand).
func (b *Bot) rules(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: tr(req.Locale, "rules")}, nil
}

func (b *Bot) help(ctx context.Context, req Request) (Reply, error) {
	return Reply{Ephemeral: true, Text: tr(req.Locale, "help")}, nil
}

// gameViewIn is the message that shows a game, in the language of loc:
// its card (card.go) with the board image, whose turn it is as a mention,
// the last action and the score, the game's module filling its own parts
// (gameModule.card). ping lets the message notify the player to act (or
// both players at the end).
func (b *Bot) gameViewIn(ctx context.Context, loc string, g store.Game, intro string, ping bool) (Reply, error) {
	return b.gameViewFor(ctx, loc, g, intro, ping, "")
}

// gameViewFor is gameViewIn with the board drawn in the theme of viewer;
// "" draws it for the player the message asks to act (the winner at the
// end).
func (b *Bot) gameViewFor(ctx context.Context, loc string, g store.Game, intro string, ping bool, viewer string) (Reply, error) {
	if viewer == "" {
		viewer = g.ToAct()
		if g.Over() {
			viewer = g.Winner
		}
	}
	mod := moduleOf(g.Kind)
	loc = withGame(loc, g.Kind)
	lk := b.lookFor(ctx, g.Guild, viewer, loc)
	c, p, err := mod.Card(b, loc, g, lk)
	if err != nil {
		return Reply{}, err
	}
	c.Intro, c.MoveTime, c.Computer = intro, g.MoveTime, g.AI
	switch {
	case g.Over() && g.Winner == "":
		key := "view.drawn.rules"
		if g.Reason == store.ReasonAgreed {
			key = "view.drawn.agreed"
		}
		c.Result = tr(loc, key)
		c.Winner, c.Loser = g.Players[0], g.Players[1] // both are told
		c.Color = ColorDraw
	case g.Over():
		how := p.WinHow
		if g.Reason == store.ReasonResign {
			how = tr(loc, "view.byresign", person(loc, g.Loser(), g.AI))
		} else if g.Reason == store.ReasonTimeout {
			how = tr(loc, "view.ontime")
		} else if g.Reason == store.ReasonForfeit {
			how = tr(loc, "view.byforfeit")
		} else if g.Reason == store.ReasonAdjudicated {
			how = tr(loc, "view.byadjudication")
		}
		key := "view.wins"
		switch {
		case g.AI != "":
			key = "view.wins.ai"
		case !g.Rated: // a friendly game, or a handicap one: the standings do not change
			key = "view.wins.unrated"
		}
		c.Result = tr(loc, key, person(loc, g.Winner, g.AI), how)
		c.Winner, c.Loser = g.Winner, g.Loser()
		c.Color = p.ColorWinner
	case g.AI != "" && g.ToAct() == g.AI:
		c.Prompt = aiThinking(loc, g) // no ping, no buttons: the AI acts (aigames.go)
		c.Color = p.ColorToAct
	default:
		c.ToAct = g.ToAct()
		c.Prompt = p.Prompt
		c.Color = p.ColorToAct
		if d, ok := g.Deadline(); ok {
			c.Deadline = d
		}
	}
	if p.Note != "" && !g.Over() {
		c.Prompt += "\n" + p.Note
	}
	r := cardReply(loc, c, ping)
	if ping {
		r.DMs = b.gameDMs(ctx, g) // notify.go
	}
	if g.Over() && ping {
		b.finalMessage(loc, &r, g, lk)                             // the replay, Record and Rematch (endgame.go)
		r.Posts = append(r.Posts, b.tournamentGameOver(ctx, g)...) // the final standings (tournaments.go)
	}
	if !g.Over() {
		r.Buttons = p.Buttons
		if c.ToAct != "" {
			r.Buttons = append(r.Buttons[:len(r.Buttons):len(r.Buttons)], playButton(loc, g)...) // picker.go
		}
	}
	b.activityButton(loc, &r, g) // activity.go
	b.boardLink(loc, &r, g.ID)
	return r, nil
}

// ColorDraw is the bar of a drawn game's card.
const ColorDraw = 0x8A8F98

// sideColor is the bar of the side to act or of the winner: White's or
// Black's.
func sideColor(white bool) int {
	if white {
		return ColorWhite
	}
	return ColorBlack
}

const pngCacheSize = 256

// Look is how an image is drawn for the user it is for: their board
// theme (usersettings.go) and their language.
type Look struct {
	Theme render.Theme
	Lang  string // a catalogue language: "en", "ja", "fr"
}

// pngKey names a drawn image: a game at a revision, in a look.
type pngKey struct {
	id   uint64
	rev  int
	look Look
}

// lookFor is the look of the images drawn for a user on a server, in the
// language of loc.
func (b *Bot) lookFor(ctx context.Context, guild, user, loc string) Look {
	return Look{Theme: b.themeFor(ctx, guild, user), Lang: lang(loc)}
}

// cachedPNG returns the image of a stored game at its revision in a Look,
// drawn by draw the first time.
func (b *Bot) cachedPNG(g store.Game, lk Look, draw func() ([]byte, error)) ([]byte, error) {
	key := pngKey{g.ID, g.Revision, lk}
	b.pngMu.Lock()
	png, ok := b.pngCache[key]
	b.pngMu.Unlock()
	if ok {
		return png, nil
	}
	png, err := draw()
	if err != nil {
		return nil, err
	}
	b.pngMu.Lock()
	if b.pngCache == nil || len(b.pngCache) >= pngCacheSize {
		b.pngCache = make(map[pngKey][]byte, pngCacheSize)
	}
	b.pngCache[key] = png
	b.pngMu.Unlock()
	return png, nil
}

// ending is how an image says a game ended.
func ending(r store.Reason) render.Ending {
	switch r {
	case store.ReasonResign:
		return render.EndResign
	case store.ReasonTimeout:
		return render.EndTime
	}
	return render.EndNone
}

// recordText is the game record in the notation, with the players.
func recordText(loc string, g store.Game) string {
	loc = withGame(loc, g.Kind)
	status := tr(loc, "record.inprogress")
	switch {
	case g.Over() && g.Winner == "":
		status = tr(loc, "record.drawn", gameReason(loc, g))
	case g.Over():
		status = tr(loc, "record.won", person(loc, g.Winner, g.AI), gameReason(loc, g))
	}
	first, second := moduleOf(g.Kind).RecordPlayers(g)
	return tr(loc, "record.text", g.ID, Mention(first), Mention(second), status, moduleOf(g.Kind).Record(g))
}

// maxGamesListed bounds /GAME games (a message holds 2000 characters).
const maxGamesListed = 15

// gameLink is the Discord link to where a game is played: its thread, or
// its message (when known) or channel.
func gameLink(g store.Game) string {
	if g.Thread != "" {
		return fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Thread)
	}
	if g.Message != "" {
		return fmt.Sprintf("https://discord.com/channels/%s/%s/%s", g.Guild, g.Channel, g.Message)
	}
	return fmt.Sprintf("https://discord.com/channels/%s/%s", g.Guild, g.Channel)
}

// games lists the caller's active games on the server, those where it is
// their turn first, each with a link and whose turn it is.
func (b *Bot) games(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	list, err := b.Store.PlayerGames(ctx, req.Guild, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	if len(list) == 0 {
		return Reply{Ephemeral: true, Text: tr(loc, "games.none")}, nil
	}
	var sb strings.Builder
	sb.WriteString(tr(loc, "games.head", len(list)) + "\n")
	for i, g := range list {
		if i == maxGamesListed {
			sb.WriteString(tr(loc, "standings.more", len(list)-maxGamesListed) + "\n")
			break
		}
		turn := tr(loc, "games.theirturn", person(loc, g.ToAct(), g.AI))
		if g.ToAct() == req.User.ID {
			turn = tr(loc, "games.yourturn")
		}
		due := ""
		if d, ok := g.Deadline(); ok {
			due = tr(loc, "games.due", d.Unix())
		}
		gl := withGame(loc, g.Kind)
		sb.WriteString(tr(gl, "games.row", g.ID, moduleOf(g.Kind).GameName(gl, g), Mention(g.Opponent(req.User.ID)), turn, due, gameLink(g)) + "\n")
	}
	return Reply{Ephemeral: true, Text: strings.TrimRight(sb.String(), "\n")}, nil
}

// maxButtons is Discord's limit of buttons in one row.
const maxButtons = 5

// boardLink adds to a card the link button to the game's page on the web
// board, when Config.BoardURL gives one and the row has room.
func (b *Bot) boardLink(loc string, r *Reply, id uint64) {
	if b.cfg.BoardURL == nil || len(r.Buttons) >= maxButtons {
		return
	}
	if u := b.cfg.BoardURL(id); u != "" {
		r.Buttons = append(r.Buttons, Button{Label: tr(loc, "button.board"), URL: u})
	}
}
