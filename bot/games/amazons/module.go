package amazonsmod

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
	"github.com/veletasbot/veletas/render"
	ramazons "github.com/veletasbot/veletas/render/amazons"
	"github.com/veletasbot/veletas/store"
)

// Module is the Game of the Amazons behind the bot.Module interface:
// /amazons, whose move plays a whole turn (amazon, to and arrow, or turn
// alone), with autocomplete of the legal squares, the images and replays
// of render/amazons and the computer player of game/amazons/ai. Seat 0
// (the challenger, unless the rematch swaps) is White, who moves first.
type Module struct {
	// untimed plays the computer without its time cap, so that games
	// repeat (the console's -ai-iterations).
	untimed bool
}

// New returns the Amazons module; untimed lifts the computer's time cap.
func New(untimed bool) *Module { return &Module{untimed: untimed} }

var (
	_ bot.Module      = (*Module)(nil)
	_ bot.Completions = (*Module)(nil)
	_ bot.Replayer    = (*Module)(nil)
	_ bot.AIPlayer    = (*Module)(nil)
	_ bot.Refusals    = (*Module)(nil)
)

// kind is the game's kind and slash command.
const kind = amazons.GameKind

// Rules is game/amazons's Definition.
func (Module) Rules() game.Rules { return amazons.Definition{} }

// Commands is move, the game's one action.
func (Module) Commands() []bot.Command {
	return []bot.Command{{Name: "move", Handler: move, Acts: true}}
}

// Options are the options of the challenge and of move.
func (Module) Options() map[string][]string { return options }

var options = map[string][]string{
	"challenge": {"opponent", "rated", "time", "level"},
	"move":      MoveOptions,
}

// Texts are the package's texts with the keys the core needs: the game's
// name, its rules and its help.
func (Module) Texts() bot.Catalogue { return catalogue }

// detailPrefix starts the keys of a refusal's details; wrappedPrefix the
// same details in parentheses, as the core's refusals word them.
const detailPrefix, wrappedPrefix = "amazons.detail.", "amazons.cdetail."

// pickPrefix starts the keys of the picker's steps in Texts.
const pickPrefix = "amazons.pick."

var catalogue = func() bot.Catalogue {
	c := bot.Catalogue{}
	for l, ts := range Texts {
		m := make(map[string]string, len(ts)+3)
		for k, v := range ts {
			if strings.TrimSpace(v) == "" {
				continue // a separator of RuleRefusal.Text; the bot words refusals with its own
			}
			m[k] = v
			if step, ok := strings.CutPrefix(k, pickPrefix); ok {
				m[bot.PickStepKey+step] = v // the picker's step (bot/picker.go)
			}
			if strings.HasPrefix(k, detailPrefix) {
				// The core appends a refusal's detail right after its
				// squares, so the detail brings its own parentheses.
				open, closing := " (", ")"
				if l == "ja" {
					open, closing = "（", "）"
				}
				m[wrappedPrefix+strings.TrimPrefix(k, detailPrefix)] = open + v + closing
			}
		}
		m[bot.NameKey], m["rules"], m["help"] = ts["amazons.name"], ts["amazons.rules"], ts["amazons.help"]
		c[l] = m
	}
	return c
}()

// ChallengeTerms: the Amazons have no terms; the challenger plays White.
func (Module) ChallengeTerms(ctx context.Context, b *bot.Bot, req bot.Request, c *store.Challenge) error {
	c.Kind, c.Terms, c.Rated = kind, nil, true
	return nil
}

// RematchTerms: the same game (the core swaps the sides).
func (Module) RematchTerms(g store.Game) store.Challenge { return store.Challenge{Kind: kind} }

// ChallengeName and GameName are the game's name.
func (Module) ChallengeName(loc string, c store.Challenge) string { return Text(loc, "amazons.name") }

// GameName is the game's name.
func (Module) GameName(loc string, g store.Game) string { return Text(loc, "amazons.name") }

// match is g replayed (the starting position when its record does not
// read).
func match(g store.Game) amazons.Match {
	if m, ok := g.State().(amazons.Match); ok {
		return m
	}
	if m, err := amazons.ReplayMatch(g.Terms, g.Record, g.Open); err == nil {
		return m
	}
	return amazons.NewMatch(amazons.NewGame())
}

// player is the user who plays side s.
func player(g store.Game, s amazons.Side) string { return g.Player(SeatOf(s)) }

// Card is the game's part of its card: the players (White first), the
// moves or, at the end, the territory, the last turn, the prompt and the
// board.
func (Module) Card(b *bot.Bot, loc string, g store.Game, lk bot.Look) (bot.GameCard, bot.CardParts, error) {
	ag := match(g).Game
	pos := ag.Position()
	c := bot.GameCard{Title: Title(loc, g.ID)}
	for _, p := range Players(loc, player(g, amazons.White), player(g, amazons.Black)) {
		c.Players = append(c.Players, bot.CardPlayer{ID: p.ID, Color: p.Color})
	}
	c.ScoreName, c.Score = Score(loc, pos)
	if last, ok := LastTurn(ag); ok {
		mover := amazons.White
		if ag.Len()%2 == 0 {
			mover = amazons.Black
		}
		c.Last, c.LastBy = last, player(g, mover)
	}
	p := bot.CardParts{ColorToAct: bot.SideColor(pos.ToMove() == amazons.White)}
	if who := g.ToAct(); who != "" {
		p.Prompt = Prompt(loc, bot.Mention(who), pos.ToMove())
	}
	scene := Scene(ag, loc)
	if s, ok := g.Seat(g.Winner); ok && g.Winner != "" {
		w := SideOf(s)
		p.ColorWinner = bot.SideColor(w == amazons.White)
		p.WinHow = WinHow(loc)
		if g.Reason == store.ReasonResign || g.Reason == store.ReasonTimeout {
			scene = EndScene(ag, loc, w, bot.Ending(g.Reason))
		}
	}
	if g.Over() {
		p.Note = EndScore(loc, pos)
	}
	scene.Lang = lk.Lang
	png, err := b.CachedImage(g, lk, func() ([]byte, error) {
		r, err := drawer(b, b.RenderOptions(), lk.Theme, true)
		if err != nil {
			return nil, err
		}
		return PNG(r, scene)
	})
	if err != nil {
		return bot.GameCard{}, bot.CardParts{}, err
	}
	c.Image = bot.Image{Name: fmt.Sprintf("amazons-%d-%d.png", g.ID, g.Revision), PNG: png}
	return c, p, nil
}

// Record is the record in the notation.
func (Module) Record(g store.Game) string { return match(g).Record() }

// RecordPlayers are Black, then White (record.text names White first).
func (Module) RecordPlayers(g store.Game) (string, string) {
	return player(g, amazons.Black), player(g, amazons.White)
}

// Completers suggest the legal squares of move's options in turn.
func (Module) Completers() map[string]bot.Completer {
	m := map[string]bot.Completer{}
	for _, o := range MoveOptions {
		m["move/"+o] = func(g store.Game, opts map[string]string, typed string) []bot.Choice {
			cs := Complete(match(g).Position(), opts, o, typed)
			out := make([]bot.Choice, len(cs))
			for i, c := range cs {
				out[i] = bot.Choice{Name: c.Label, Value: c.Value}
			}
			return out
		}
	}
	return m
}

// Refusal words an error of the rules (bot.Refusals) or of the input.
func (Module) Refusal(err error) (bot.RuleRefusal, bool) {
	rr, ok := RuleRefusalOf(err)
	if !ok {
		return bot.RuleRefusal{}, false
	}
	out := bot.RuleRefusal{Reason: rr.Reason, Hint: rr.Hint}
	if rr.Detail != "" {
		out.Detail = wrappedPrefix + strings.TrimPrefix(rr.Detail, detailPrefix)
	}
	for _, s := range rr.Squares {
		out.Squares = append(out.Squares, strings.Trim(s, "`"))
	}
	for _, a := range rr.Args {
		if w, ok := a.(Word); ok {
			a = bot.MsgKey(w)
		}
		out.Args = append(out.Args, a)
	}
	return out, true
}

// move plays `/amazons move`: amazon, to and arrow, or turn.
func move(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return bot.Reply{}, err
	}
	if err := bot.InGame(req, g); err != nil {
		return bot.Reply{}, err
	}
	if g.ToAct() != req.User.ID && g.IsPlayer(req.User.ID) {
		return bot.Reply{}, bot.Refuse("err.notyourturn")
	}
	t, err := ParseMove(req.Options)
	if err != nil {
		var r *Refusal
		if errors.As(err, &r) {
			return bot.Reply{}, bot.Refuse(r.Key, r.Args...)
		}
		return bot.Reply{}, err
	}
	after, err := play(ctx, b, req.Guild, req.Channel, req.User.ID, -1, t)
	if err != nil {
		return bot.Reply{}, err
	}
	if after.Over() {
		b.Logger.Info("bot: game over", "game", after.ID, "winner", after.Winner, "reason", after.Reason.String())
	}
	r, err := b.GameView(ctx, req.Locale, after, "", true)
	if err != nil {
		b.AITurn(after)
		return bot.Reply{}, err
	}
	b.AIAfter(&r, after)
	return r, nil
}

// play applies user's turn t to the channel's game at revision rev (-1:
// the current one).
func play(ctx context.Context, b *bot.Bot, guild, channel, user string, rev int, t amazons.Turn) (store.Game, error) {
	return b.Store.Act(ctx, guild, channel, user, rev, kind, func(s game.State) (game.State, error) {
		m, ok := s.(amazons.Match)
		if !ok {
			return nil, store.ErrOtherKind
		}
		return m.Play(t.String())
	})
}

// Replay is the animated replay of a finished game.
func (Module) Replay(b *bot.Bot, g store.Game, lk bot.Look) func() ([]byte, error) {
	ag := match(g).Game
	if ag.Len() == 0 {
		return nil
	}
	// The last frame says who won off the board, as the final card does,
	// and the strip is in the card's language.
	end := ramazons.Scene{Lang: lk.Lang}
	if s, ok := g.Seat(g.Winner); ok && g.Winner != "" && (g.Reason == store.ReasonResign || g.Reason == store.ReasonTimeout) {
		end.Winner, end.HasWinner, end.End, end.Territory = SideOf(s), true, bot.Ending(g.Reason), true
	}
	return func() ([]byte, error) {
		r, err := drawer(b, b.ReplayOptions(), lk.Theme, false)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		err = r.GIFIn(&buf, ag, end)
		return buf.Bytes(), err
	}
}

// drawers are the Amazons' drawers by options, each made once and shared.
var drawers = bot.Drawers[*ramazons.Renderer]{New: ramazons.New}

// drawer is the drawer of options o in a theme (o's own, logged when
// warn, when it has none of the theme).
func drawer(b *bot.Bot, o render.Options, theme render.Theme, warn bool) (*ramazons.Renderer, error) {
	themed := o
	themed.Theme = theme
	r, err := made(themed)
	if err == nil || themed == o {
		return r, err
	}
	if warn {
		b.Logger.Warn("bot: no renderer of the theme; drawing in the default one", "theme", theme.String(), "err", err)
	}
	return made(o)
}

// made is the drawer of o, made once.
func made(o render.Options) (*ramazons.Renderer, error) {
	r, err := drawers.Get(o)
	if err != nil {
		return nil, fmt.Errorf("bot: the renderer cannot draw the Amazons: %w", err)
	}
	return r, nil
}

// AILevel reads a level (easy by default).
func (Module) AILevel(typed string) (string, bool) {
	if typed == "" {
		return ai.Easy.String(), true
	}
	l, err := ai.ParseLevel(typed)
	return l.String(), err == nil
}

// AICostly: hard thinks long.
func (Module) AICostly(level string) bool { return level == ai.Hard.String() }

// AIRematch: the same level.
func (Module) AIRematch(g store.Game) map[string]string { return map[string]string{"level": g.AILevel} }

// StartAI starts a game against the computer, the human playing White.
func (Module) StartAI(ctx context.Context, b *bot.Bot, req bot.Request, self, level string) (store.Game, error) {
	st, ok := b.Store.(bot.AIStore)
	if !ok {
		return store.Game{}, bot.Refuse("ai.off")
	}
	return st.StartAIGame(ctx, req.Guild, req.Channel, req.User.ID, self, level, kind, nil, false)
}

// aiLimit caps a decision's time, so that a game against the computer
// never waits long.
const aiLimit = 2 * time.Second

// AIDecide lets the computer choose a turn (a random legal one when it
// fails: Decide's fallback) and plays it at g's revision.
func (m Module) AIDecide(ctx context.Context, b *bot.Bot, g store.Game) (store.Game, string, error) {
	pos := match(g).Position()
	limit := aiLimit
	if m.untimed {
		limit = 0
	}
	var d Decision
	err := b.AIGuard(g.ID, func() (err error) {
		d, err = Decide(ctx, pos, g.AILevel, g.ID<<16+uint64(match(g).Game.Len()), limit)
		return err
	})
	if err != nil {
		return store.Game{}, "", err
	}
	if d.Fallback {
		b.Logger.Error("bot: the AI found no turn; playing a random one", "game", g.ID, "err", d.Cause)
	}
	after, err := play(ctx, b, g.Guild, g.Channel, g.AI, g.Revision, d.Turn)
	return after, d.Turn.String(), err
}

var _ bot.Wording = (*Module)(nil)

// RecentName and NoticeName are the game's name: it has no terms.
func (Module) RecentName(loc string, g store.Game) string { return Text(loc, "amazons.name") }

// NoticeName is the game's name.
func (Module) NoticeName(loc string, g store.Game) string { return Text(loc, "amazons.name") }

// RulesEnding says, in detail, that the rules ended g when its loser had
// no move (the only way they end it); in short, the lifecycle's words.
func (Module) RulesEnding(loc string, g store.Game, detail bool) string {
	if !detail || g.Winner == "" {
		return ""
	}
	return Text(loc, "amazons.reason.noturn")
}
