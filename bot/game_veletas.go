package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// veletasGame is Veletas behind the gameModule interface: /veletas, its
// setups, the side choice (Swap and Keep) and turns (play.go), the
// server's settings and /veletas end (settings.go), the square options'
// autocomplete (autocomplete.go) and the computer player of
// game/veletas/ai.
type veletasGame struct {
	// iterations bounds the computer player's playouts (0: the level's
	// own bounds).
	iterations int
}

func (veletasGame) Store() store.Kind { return store.Veletas }

func (veletasGame) Rules() game.Rules { return veletas.Definition{} }

func (veletasGame) Commands() []Command {
	return []Command{
		// play.go
		{Name: "setup", Handler: handler((*Bot).setup), Acts: true},
		{Name: "swap", Handler: handler((*Bot).swapCommand), Acts: true},
		{Name: "keep", Handler: handler((*Bot).keepCommand), Acts: true},
		{Name: "move", Handler: handler((*Bot).move), Acts: true},
		// settings.go
		{Name: "settings", Handler: handler((*Bot).settings)},
		{Name: "end", Handler: handler((*Bot).endDamaged)},
	}
}

// handler makes a Handler of a method.
func handler(f func(*Bot, context.Context, Request) (Reply, error)) Handler {
	return func(ctx context.Context, b *Bot, req Request) (Reply, error) { return f(b, ctx, req) }
}

// buttonHandler makes a ButtonHandler of a method.
func buttonHandler(f func(*Bot, context.Context, Request, ButtonID) (Reply, error)) ButtonHandler {
	return func(ctx context.Context, b *Bot, req Request, id ButtonID) (Reply, error) { return f(b, ctx, req, id) }
}

// Button actions of Veletas: the second player's choice (play.go).
const (
	btnSwap = "swap"
	btnKeep = "keep"
)

func (veletasGame) ButtonActions() map[string]ButtonHandler {
	return map[string]ButtonHandler{btnSwap: buttonHandler((*Bot).choiceButton), btnKeep: buttonHandler((*Bot).choiceButton)}
}

func (veletasGame) Texts() Catalogue { return nil }

func (veletasGame) Options() map[string][]string { return veletasOptions }

var veletasOptions = map[string][]string{
	"challenge": {"opponent", "size", "level", "rated", "time", "rules"},
	"setup":     {"shooters", "stone"},
	"move":      {"shooter", "shoot", "to"},
	"settings":  {"time", "language", "rules", "theme"},
	"rules":     {"rules"},
}

func (veletasGame) Completers() map[string]Completer { return veletasCompleters }

// veletasCompleters wrap autocomplete.go's square completers, which read
// the position.
var veletasCompleters = func() map[string]Completer {
	m := map[string]Completer{}
	for k, fn := range map[string]func(pos veletas.Position, opts map[string]string, typed string) []Choice{
		"setup/shooters": completeShooters,
		"setup/stone":    completeStone,
		"move/shooter":   completeMover,
		"move/to":        completeTo,
		"move/shoot":     completeShot,
	} {
		m[k] = func(g store.Game, opts map[string]string, typed string) []Choice {
			if g.Kind != store.Veletas {
				return nil
			}
			return fn(g.Position(), opts, typed)
		}
	}
	return m
}()

// challengeTerms reads the board size and the rules of a challenge.
func (veletasGame) ChallengeTerms(ctx context.Context, b *Bot, req Request, c *store.Challenge) error {
	c.Kind, c.Rated = store.Veletas, true
	c.Size = veletas.Size10
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if c.Size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return refuse("challenge.badsize", Quote(s))
		}
	}
	var err error
	c.Rules, err = b.challengeRules(ctx, req)
	return err
}

func (veletasGame) RematchTerms(g store.Game) store.Challenge {
	return store.Challenge{Kind: store.Veletas, Size: g.Size, Rules: g.Rules()}
}

// aiRematch: the same size, rules and level, and the other first player
// (optFirst, which only a rematch sets: no command takes it).
func (veletasGame) AIRematch(g store.Game) map[string]string {
	o := map[string]string{"level": g.AILevel, "size": strconv.Itoa(int(g.Size)), "rules": g.Rules().String()}
	if g.Players[0] != g.AI {
		o[optFirst] = firstComputer
	}
	return o
}

// optFirst, set to firstComputer, makes the computer the first player of
// a Veletas game against it (a rematch's alternation).
const optFirst, firstComputer = "first", "computer"

// startAI starts a Veletas game against the computer: the human places
// first, and the computer then chooses sides (the other way round in a
// rematch of a game the human began).
func (veletasGame) StartAI(ctx context.Context, b *Bot, req Request, self, level string) (store.Game, error) {
	st, ok := b.Store.(veletasAIStore)
	if !ok {
		return store.Game{}, refuse("ai.off")
	}
	var size veletas.Size
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return store.Game{}, refuse("challenge.badsize", Quote(s))
		}
	}
	rules, err := b.challengeRules(ctx, req)
	if err != nil {
		return store.Game{}, err
	}
	return st.StartAIGameOrder(ctx, req.Guild, req.Channel, req.User.ID, self, level, size, rules, req.Options[optFirst] == firstComputer)
}

// veletasAIStore starts Veletas games against the computer. *store.DB
// implements it.
type veletasAIStore interface {
	StartAIGameOrder(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules, aiFirst bool) (store.Game, error)
}

func (veletasGame) AILevel(typed string) (string, bool) {
	if typed == "" {
		return ai.Easy.String(), true
	}
	l, err := ai.ParseLevel(typed)
	return l.String(), err == nil
}

func (veletasGame) AICostly(level string) bool { return level == ai.Hard.String() }

func (veletasGame) ChallengeName(loc string, c store.Challenge) string {
	return boardText(loc, c.Size, c.Rules)
}

func (veletasGame) GameName(loc string, g store.Game) string {
	return boardText(loc, g.Size, g.Rules())
}

// card is a Veletas game's part of its card: the players by colour, the
// last action, the claims, the prompt of the phase, the board and, at the
// side choice, Swap and Keep.
func (veletasGame) Card(b *Bot, loc string, g store.Game, lk Look) (GameCard, CardParts, error) {
	st := g.State()
	pos := st.Position()
	black, white := g.PlayerOf(veletas.Black), g.PlayerOf(veletas.White)
	c := GameCard{
		Title: tr(loc, "card.title", boardText(loc, g.Size, g.Rules()), g.ID),
		Players: []CardPlayer{
			{ID: black, Color: tr(loc, "color.black")},
			{ID: white, Color: tr(loc, "color.white")},
		},
		ScoreName: tr(loc, "card.claims"),
		Score:     tr(loc, "card.score", pos.Claims(veletas.Black), pos.Claims(veletas.White), g.Size.Majority(), g.Size.Shooters()),
	}
	if a, ok := st.LastAction(); ok {
		c.Last, c.LastBy = a.String(), lastActor(g, st)
	}
	p := CardParts{
		WinHow:      tr(loc, "view.bymajority", pos.Claims(g.ColorOf(g.Winner)), g.Size.Shooters()),
		ColorToAct:  sideColor(pos.ToMove() == veletas.White),
		ColorWinner: sideColor(g.ColorOf(g.Winner) == veletas.White),
	}
	if who := g.ToAct(); who != "" {
		p.Prompt = prompt(loc, g, pos, who)
	}
	png, err := b.gamePNG(g, st, lk)
	if err != nil {
		return GameCard{}, CardParts{}, err
	}
	c.Image = Image{Name: fmt.Sprintf("veletas-%d-%d.png", g.ID, g.Revision), PNG: png}
	if !g.Over() && pos.Phase() == veletas.PhaseChoice && g.ToAct() != g.AI {
		key := strconv.FormatUint(g.ID, 10)
		p.Buttons = []Button{
			{Label: tr(loc, "button.swap"), CustomID: ButtonID{Action: btnSwap, Key: key, Rev: uint64(g.Revision)}.String(), Style: Primary},
			{Label: tr(loc, "button.keep"), CustomID: ButtonID{Action: btnKeep, Key: key, Rev: uint64(g.Revision)}.String(), Style: Secondary},
		}
	}
	return c, p, nil
}

func (veletasGame) Replay(b *Bot, g store.Game, lk Look) func() ([]byte, error) {
	rr := b.cfg.Replay
	if rr == nil {
		rr, _ = b.Renderer.(ReplayRenderer)
	}
	st := g.State()
	if rr == nil || st.Len() == 0 {
		return nil
	}
	return func() ([]byte, error) {
		var buf bytes.Buffer
		err := b.replayGIF(&buf, rr, g, st, lk)
		return buf.Bytes(), err
	}
}

func (veletasGame) Record(g store.Game) string { return g.State().String() }

// aiDecide lets the computer player act: the kept player of the game (for
// its search tree) or a new one, a random legal action when it fails or
// chooses an illegal one, so that a bug never leaves a game stuck.
func (m veletasGame) AIDecide(ctx context.Context, b *Bot, g store.Game) (store.Game, string, error) {
	r := b.ai.Load()
	log := r.b.Logger.With("game", g.ID)
	lv, err := ai.ParseLevel(g.AILevel)
	if err != nil {
		return store.Game{}, "", fmt.Errorf("bot: AI game with an unknown level %q", g.AILevel)
	}
	p := r.take(g, lv, m.newPlayer)
	a, err := r.act(p, g.State(), g.ID)
	if err != nil {
		log.Error("bot: the AI found no action; playing a random one", "err", err)
		p = nil
		if a, err = r.act(ai.NewRandom(g.ID), g.State(), g.ID); err != nil {
			return store.Game{}, "", fmt.Errorf("bot: no random action either: %w", err)
		}
	}
	g2, err := r.b.Store.Apply(ctx, g.Guild, g.Channel, g.AI, g.Revision, a)
	if errors.Is(err, store.ErrIllegal) {
		// A bug in the AI must not leave the game stuck: a random legal
		// action instead.
		log.Error("bot: the AI chose an illegal action; playing a random one", "action", a.String(), "err", err)
		p = nil
		if a, err = r.act(ai.NewRandom(g.ID), g.State(), g.ID); err == nil {
			g2, err = r.b.Store.Apply(ctx, g.Guild, g.Channel, g.AI, g.Revision, a)
		}
	}
	if err != nil {
		return store.Game{}, a.String(), err
	}
	if !g2.Over() && p != nil {
		r.keep(g.ID, p)
	}
	return g2, a.String(), nil
}

// VeletasModule is Veletas's module, until it moves to its own package
// (bot/games lists it).
// With iterations > 0 its computer player searches that many playouts,
// untimed, seeded by the game (the console's -ai-iterations).
func VeletasModule(iterations int) Module { return veletasGame{iterations: iterations} }

// newPlayer makes the computer player of a game at a level.
func (m veletasGame) newPlayer(l ai.Level, g store.Game) Actor {
	if m.iterations > 0 {
		o := l.Options()
		o.Iterations, o.Time, o.Seed = m.iterations, 0, g.ID
		return ai.New(o)
	}
	return ai.NewLevel(l, g.ID)
}

var _ Module = veletasGame{}
var (
	_ Completions   = veletasGame{}
	_ ButtonActions = veletasGame{}
	_ Replayer      = veletasGame{}
	_ AIPlayer      = veletasGame{}
)
