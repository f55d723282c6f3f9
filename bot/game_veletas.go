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
			if g.Kind != kindVeletas {
				return nil
			}
			return fn(vstate(g).Position(), opts, typed)
		}
	}
	return m
}()

// challengeTerms reads the board size and the rules of a challenge.
func (veletasGame) ChallengeTerms(ctx context.Context, b *Bot, req Request, c *store.Challenge) error {
	c.Kind, c.Rated = kindVeletas, true
	size := veletas.Size10
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return refuse("challenge.badsize", Quote(s))
		}
	}
	rules, err := b.challengeRules(ctx, req)
	c.Terms = veletas.MakeTerms(size, rules)
	return err
}

func (veletasGame) RematchTerms(g store.Game) store.Challenge {
	return store.Challenge{Kind: kindVeletas, Terms: veletas.MakeTerms(vsize(g), vrules(g))}
}

// aiRematch: the same size, rules and level, and the other first player
// (optFirst, which only a rematch sets: no command takes it).
func (veletasGame) AIRematch(g store.Game) map[string]string {
	o := map[string]string{"level": g.AILevel, "size": strconv.Itoa(int(vsize(g))), "rules": vrules(g).String()}
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
	terms := game.Terms{veletas.TermRules: rules.String()}
	if size != 0 { // else the guild's default size
		terms[veletas.TermSize] = strconv.Itoa(int(size))
	}
	st, ok := b.Store.(AIStore)
	if !ok {
		return store.Game{}, refuse("ai.off")
	}
	return st.StartAIGame(ctx, req.Guild, req.Channel, req.User.ID, self, level, kindVeletas, terms, req.Options[optFirst] == firstComputer)
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
	size, rules := vterms(c)
	return boardText(loc, size, rules)
}

func (veletasGame) GameName(loc string, g store.Game) string {
	return boardText(loc, vsize(g), vrules(g))
}

// card is a Veletas game's part of its card: the players by colour, the
// last action, the claims, the prompt of the phase, the board and, at the
// side choice, Swap and Keep.
func (veletasGame) Card(b *Bot, loc string, g store.Game, lk Look) (GameCard, CardParts, error) {
	st := vstate(g)
	pos := st.Position()
	black, white := vplayer(g, veletas.Black), vplayer(g, veletas.White)
	c := GameCard{
		Title: tr(loc, "card.title", boardText(loc, vsize(g), vrules(g)), g.ID),
		Players: []CardPlayer{
			{ID: black, Color: tr(loc, "color.black")},
			{ID: white, Color: tr(loc, "color.white")},
		},
		ScoreName: tr(loc, "card.claims"),
		Score:     tr(loc, "card.score", pos.Claims(veletas.Black), pos.Claims(veletas.White), vsize(g).Majority(), vsize(g).Shooters()),
	}
	if a, ok := st.LastAction(); ok {
		c.Last, c.LastBy = a.String(), lastActor(g, st)
	}
	p := CardParts{
		WinHow:      tr(loc, "view.bymajority", pos.Claims(vcolor(g, g.Winner)), vsize(g).Shooters()),
		ColorToAct:  sideColor(pos.ToMove() == veletas.White),
		ColorWinner: sideColor(vcolor(g, g.Winner) == veletas.White),
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
	st := vstate(g)
	if rr == nil || st.Len() == 0 {
		return nil
	}
	return func() ([]byte, error) {
		var buf bytes.Buffer
		err := b.replayGIF(&buf, rr, g, st, lk)
		return buf.Bytes(), err
	}
}

func (veletasGame) Record(g store.Game) string { return vstate(g).String() }

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
	a, err := r.act(p, vstate(g), g.ID)
	if err != nil {
		log.Error("bot: the AI found no action; playing a random one", "err", err)
		p = nil
		if a, err = r.act(ai.NewRandom(g.ID), vstate(g), g.ID); err != nil {
			return store.Game{}, "", fmt.Errorf("bot: no random action either: %w", err)
		}
	}
	g2, err := r.b.applyVeletas(ctx, g.Guild, g.Channel, g.AI, g.Revision, a)
	if errors.Is(err, store.ErrIllegal) {
		// A bug in the AI must not leave the game stuck: a random legal
		// action instead.
		log.Error("bot: the AI chose an illegal action; playing a random one", "action", a.String(), "err", err)
		p = nil
		if a, err = r.act(ai.NewRandom(g.ID), vstate(g), g.ID); err == nil {
			g2, err = r.b.applyVeletas(ctx, g.Guild, g.Channel, g.AI, g.Revision, a)
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

// kindVeletas is Veletas's game.Kind.
const kindVeletas = veletas.GameKind

// vmatch is the Veletas game g replayed (the store replays it; a game
// built by hand is replayed from its record, the empty 10x10 board when
// that fails).
func vmatch(g store.Game) veletas.Match {
	if m, ok := g.State().(veletas.Match); ok {
		return m
	}
	if m, err := veletas.ReplayMatch(g.Terms, g.Record, ""); err == nil {
		return m
	}
	if st, err := veletas.ParseRecordString(g.Record); err == nil {
		return veletas.NewMatch(st)
	}
	st, _ := veletas.NewGame(veletas.Size10)
	return veletas.NewMatch(st)
}

// vstate is the Veletas engine's game of g.
func vstate(g store.Game) veletas.Game { return vmatch(g).Game }

// vsize is the board size of a Veletas game.
func vsize(g store.Game) veletas.Size { return vstate(g).Size() }

// vrules is the rule set of a Veletas game.
func vrules(g store.Game) veletas.Rules { return vstate(g).Rules() }

// vplayer returns the user ID of the player of colour c in a Veletas game
// ("" for NoColor). Before the side choice the first player is Black.
func vplayer(g store.Game, c veletas.Color) string {
	if c == veletas.NoColor {
		return ""
	}
	return g.Player(vmatch(g).SeatOf(c))
}

// vcolor returns the colour of user in a Veletas game, NoColor for a
// non-player.
func vcolor(g store.Game, user string) veletas.Color {
	s, ok := g.Seat(user)
	if !ok {
		return veletas.NoColor
	}
	return vmatch(g).ColorOf(s)
}

// vterms reads a Veletas challenge's size and rules (10 and classic when
// unreadable).
func vterms(c store.Challenge) (veletas.Size, veletas.Rules) {
	size, rules, err := veletas.ParseTerms(c.Terms)
	if err != nil {
		return veletas.Size10, veletas.Classic
	}
	return size, rules
}

// defaultRules is a guild's default rules of a Veletas challenge.
func defaultRules(set store.Settings) veletas.Rules {
	r, err := veletas.ParseRules(set.Defaults[kindVeletas][veletas.TermRules])
	if err != nil {
		return veletas.Classic
	}
	return r
}

// setDefaultRules sets a guild's default rules of a Veletas challenge.
func setDefaultRules(set *store.Settings, r veletas.Rules) {
	if set.Defaults == nil {
		set.Defaults = map[game.Kind]game.Terms{}
	}
	t := set.Defaults[kindVeletas].Clone()
	if t == nil {
		t = game.Terms{}
	}
	t[veletas.TermRules] = r.String()
	set.Defaults[kindVeletas] = t
}

// applyVeletas applies a Veletas action of user to the game of a channel.
func (b *Bot) applyVeletas(ctx context.Context, guild, channel, user string, rev int, a veletas.Action) (store.Game, error) {
	return b.Store.Act(ctx, guild, channel, user, rev, kindVeletas, func(s game.State) (game.State, error) {
		m, ok := s.(veletas.Match)
		if !ok {
			return nil, store.ErrOtherKind
		}
		next, err := m.Game.Play(a)
		if err != nil {
			return nil, err
		}
		return veletas.NewMatch(next), nil
	})
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
