package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// Views: the message that shows a game (the board image, whose turn it
// is, the last action, the claims), /veletas board, record, games, rules
// and help.

// currentOrLast returns the channel's active game, or its latest finished
// one when none is active (one indexed read, however large the archive).
func (b *Bot) currentOrLast(req Request) (store.Game, error) {
	g, err := b.Store.ActiveGame(req.Guild, req.Channel)
	if !errors.Is(err, store.ErrNoGame) {
		return g, err
	}
	if f, ferr := b.Store.LastFinishedGame(req.Guild, req.Channel); ferr == nil {
		return f, nil
	}
	return g, err
}

func (b *Bot) board(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(req)
	if err != nil {
		return Reply{}, err
	}
	return b.gameViewIn(req.Locale, g, "", false)
}

func (b *Bot) record(ctx context.Context, req Request) (Reply, error) {
	g, err := b.currentOrLast(req)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: recordText(req.Locale, g)}, nil
}

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
func (b *Bot) gameViewIn(loc string, g store.Game, intro string, ping bool) (Reply, error) {
	mod := moduleOf(g.Kind)
	loc = withGame(loc, g.Kind)
	c, p, err := mod.card(b, loc, g)
	if err != nil {
		return Reply{}, err
	}
	c.Intro, c.MoveTime = intro, g.MoveTime
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
			how = tr(loc, "view.byresign", Mention(g.Loser()))
		} else if g.Reason == store.ReasonTimeout {
			how = tr(loc, "view.ontime")
		}
		key := "view.wins"
		if g.AI != "" {
			key = "view.wins.ai"
		}
		c.Result = tr(loc, key, Mention(g.Winner), how)
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
	if g.Over() && ping {
		b.finalMessage(loc, &r, g) // the replay, Record and Rematch (endgame.go)
	}
	if !g.Over() {
		r.Buttons = p.Buttons
	}
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

// prompt tells the player to act what to do.
func prompt(loc string, g store.Game, pos veletas.Position, who string) string {
	m := Mention(who)
	switch pos.Phase() {
	case veletas.PhaseSetup1:
		n := g.Size.FirstShooters()
		return trn(loc, "prompt.setup1", n, m, n)
	case veletas.PhaseChoice:
		return tr(loc, "prompt.choice", m)
	case veletas.PhaseSetup2:
		n := g.Size.Shooters() - g.Size.FirstShooters()
		return tr(loc, "prompt.setup2", m, n)
	}
	return tr(loc, "prompt.turn", m, colorName(loc, pos.ToMove()))
}

func colorName(loc string, c veletas.Color) string {
	if c == veletas.White {
		return tr(loc, "color.white")
	}
	return tr(loc, "color.black")
}

// lastActor is the user who made the game's last action.
func lastActor(g store.Game, st veletas.Game) string {
	prev := st.PositionAt(st.Len() - 1)
	if prev.ToMove() == prev.FirstPlayerColor() {
		return g.Players[0]
	}
	return g.Players[1]
}

const pngCacheSize = 256

// cachedPNG returns the image of a stored game at a revision, drawn once
// by draw and kept for repeated looks (/veletas board).
func (b *Bot) cachedPNG(id uint64, rev int, draw func() ([]byte, error)) ([]byte, error) {
	key := [2]uint64{id, uint64(rev)}
	b.pngMu.Lock()
	png, ok := b.pngCache[key]
	b.pngMu.Unlock()
	if ok {
		return png, nil
	}
	b.renders <- struct{}{}
	png, err := draw()
	<-b.renders
	if err != nil {
		return nil, err
	}
	b.pngMu.Lock()
	if b.pngCache == nil || len(b.pngCache) >= pngCacheSize {
		b.pngCache = make(map[[2]uint64][]byte, pngCacheSize)
	}
	b.pngCache[key] = png
	b.pngMu.Unlock()
	return png, nil
}

// gamePNG returns the image of a stored Veletas game at a revision.
// winner is the colour that won off the board (resignation, time), else
// veletas.NoColor.
func (b *Bot) gamePNG(id uint64, rev int, g veletas.Game, winner veletas.Color) ([]byte, error) {
	return b.cachedPNG(id, rev, func() ([]byte, error) { return b.boardPNG(g, winner) })
}

// boardPNG draws a game with its last action highlighted.
func (b *Bot) boardPNG(g veletas.Game, winner veletas.Color) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(64 << 10)
	s := render.GameScene(g)
	s.Winner = winner
	if err := b.Renderer.PNG(&buf, s); err != nil {
		return nil, fmt.Errorf("bot: drawing the board: %w", err)
	}
	return buf.Bytes(), nil
}

// recordText is the game record in the notation, with the players.
func recordText(loc string, g store.Game) string {
	loc = withGame(loc, g.Kind)
	status := tr(loc, "record.inprogress")
	switch {
	case g.Over() && g.Winner == "":
		status = tr(loc, "record.drawn", reasonText(loc, g.Reason))
	case g.Over():
		status = tr(loc, "record.won", Mention(g.Winner), reasonText(loc, g.Reason))
	}
	black, white := g.PlayerOf(veletas.Black), g.PlayerOf(veletas.White)
	if g.Kind == store.Fanorona {
		black, white = g.FanoronaPlayer(fanorona.Black), g.FanoronaPlayer(fanorona.White)
	}
	return tr(loc, "record.text", g.ID, Mention(black), Mention(white), status, moduleOf(g.Kind).record(g))
}

// maxGamesListed bounds /veletas games (a message holds 2000 characters).
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
	list, err := b.Store.PlayerGames(req.Guild, req.User.ID)
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
		turn := tr(loc, "games.theirturn", Mention(g.ToAct()))
		if g.ToAct() == req.User.ID {
			turn = tr(loc, "games.yourturn")
		}
		due := ""
		if d, ok := g.Deadline(); ok {
			due = tr(loc, "games.due", d.Unix())
		}
		gl := withGame(loc, g.Kind)
		sb.WriteString(tr(gl, "games.row", g.ID, moduleOf(g.Kind).gameName(gl, g), Mention(g.Opponent(req.User.ID)), turn, due, gameLink(g)) + "\n")
	}
	return Reply{Ephemeral: true, Text: strings.TrimRight(sb.String(), "\n")}, nil
}
