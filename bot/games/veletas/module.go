package veletasmod

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/bot"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/store"
)

// Module is Veletas behind the bot.Module interface: /veletas, its
// setups, the side choice (Swap and Keep) and turns (play.go), the
// server's settings and /veletas end (settings.go), the square options'
// autocomplete (autocomplete.go) and the computer player of
// game/veletas/ai.
type Module struct {
	// iterations bounds the computer player's playouts (0: the level's
	// own bounds).
	iterations int
}

func (Module) Rules() game.Rules { return veletas.Definition{} }

func (Module) Commands() []bot.Command {
	return []bot.Command{
		// play.go
		{Name: "setup", Handler: setup, Acts: true},
		{Name: "swap", Handler: swapCommand, Acts: true},
		{Name: "keep", Handler: keepCommand, Acts: true},
		{Name: "move", Handler: move, Acts: true},
		// settings.go (its own settings are a bot.GameSettings)
		{Name: "end", Handler: endDamaged},
		// views.go: the lifecycle's rules, with the rule set to show
		{Name: "rules", Handler: rules},
	}
}

// Button actions of Veletas: the second player's choice (play.go).
const (
	btnSwap = "swap"
	btnKeep = "keep"
)

func (Module) ButtonActions() map[string]bot.ButtonHandler {
	return map[string]bot.ButtonHandler{btnSwap: choiceButton, btnKeep: choiceButton}
}

func (Module) Options() map[string][]string { return veletasOptions }

var veletasOptions = map[string][]string{
	"challenge": {"opponent", "size", "level", "rated", "time", "rules"},
	"setup":     {"shooters", "stone"},
	"move":      {"shooter", "shoot", "to"},
	"settings":  {"time", "language", "rules", "theme", "web"},
	"rules":     {"rules"},
}

func (Module) Completers() map[string]bot.Completer { return veletasCompleters }

// veletasCompleters wrap autocomplete.go's square completers, which read
// the position.
var veletasCompleters = func() map[string]bot.Completer {
	m := map[string]bot.Completer{}
	for k, fn := range map[string]func(pos veletas.Position, opts map[string]string, typed string) []bot.Choice{
		"setup/shooters": completeShooters,
		"setup/stone":    completeStone,
		"move/shooter":   completeMover,
		"move/to":        completeTo,
		"move/shoot":     completeShot,
	} {
		m[k] = func(g store.Game, opts map[string]string, typed string) []bot.Choice {
			if g.Kind != kindVeletas {
				return nil
			}
			return fn(vstate(g).Position(), opts, typed)
		}
	}
	return m
}()

// challengeTerms reads the board size and the rules of a challenge.
func (Module) ChallengeTerms(ctx context.Context, b *bot.Bot, req bot.Request, c *store.Challenge) error {
	c.Kind, c.Rated = kindVeletas, true
	size := veletas.Size10
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return bot.Refuse("challenge.badsize", bot.Quote(s))
		}
	}
	rules, err := challengeRules(ctx, b, req)
	c.Terms = veletas.MakeTerms(size, rules)
	return err
}

func (Module) RematchTerms(g store.Game) store.Challenge {
	return store.Challenge{Kind: kindVeletas, Terms: veletas.MakeTerms(vsize(g), vrules(g))}
}

// aiRematch: the same size, rules and level, and the other first player
// (optFirst, which only a rematch sets: no command takes it).
func (Module) AIRematch(g store.Game) map[string]string {
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
func (Module) StartAI(ctx context.Context, b *bot.Bot, req bot.Request, self, level string) (store.Game, error) {
	var size veletas.Size
	if s := strings.TrimSpace(req.Options["size"]); s != "" {
		var err error
		if size, err = veletas.ParseSize(s); err != nil || len(s) > 5 {
			return store.Game{}, bot.Refuse("challenge.badsize", bot.Quote(s))
		}
	}
	rules, err := challengeRules(ctx, b, req)
	if err != nil {
		return store.Game{}, err
	}
	terms := game.Terms{veletas.TermRules: rules.String()}
	if size != 0 { // else the guild's default size
		terms[veletas.TermSize] = strconv.Itoa(int(size))
	}
	st, ok := b.Store.(bot.AIStore)
	if !ok {
		return store.Game{}, bot.Refuse("ai.off")
	}
	return st.StartAIGame(ctx, req.Guild, req.Channel, req.User.ID, self, level, kindVeletas, terms, req.Options[optFirst] == firstComputer)
}

func (Module) AILevel(typed string) (string, bool) {
	if typed == "" {
		return ai.Easy.String(), true
	}
	l, err := ai.ParseLevel(typed)
	return l.String(), err == nil
}

func (Module) AICostly(level string) bool { return level == ai.Hard.String() }

func (Module) ChallengeName(loc string, c store.Challenge) string {
	size, rules := vterms(c)
	return boardText(loc, size, rules)
}

func (Module) GameName(loc string, g store.Game) string {
	return boardText(loc, vsize(g), vrules(g))
}

// card is a Veletas game's part of its card: the players by colour, the
// last action, the claims, the prompt of the phase, the board and, at the
// side choice, Swap and Keep.
func (Module) Card(b *bot.Bot, loc string, g store.Game, lk bot.Look) (bot.GameCard, bot.CardParts, error) {
	st := vstate(g)
	pos := st.Position()
	black, white := vplayer(g, veletas.Black), vplayer(g, veletas.White)
	c := bot.GameCard{
		Title: bot.Text(loc, "card.title", boardText(loc, vsize(g), vrules(g)), g.ID),
		Players: []bot.CardPlayer{
			{ID: black, Color: bot.Text(loc, "color.black")},
			{ID: white, Color: bot.Text(loc, "color.white")},
		},
		ScoreName: bot.Text(loc, "card.claims"),
		Score:     bot.Text(loc, "card.score", pos.Claims(veletas.Black), pos.Claims(veletas.White), vsize(g).Majority(), vsize(g).Shooters()),
	}
	if a, ok := st.LastAction(); ok {
		c.Last, c.LastBy = a.String(), lastActor(g, st)
	}
	p := bot.CardParts{
		WinHow:      bot.Text(loc, "view.bymajority", pos.Claims(vcolor(g, g.Winner)), vsize(g).Shooters()),
		ColorToAct:  bot.SideColor(pos.ToMove() == veletas.White),
		ColorWinner: bot.SideColor(vcolor(g, g.Winner) == veletas.White),
	}
	if who := g.ToAct(); who != "" {
		p.Prompt = prompt(loc, g, pos, who)
	}
	png, err := gamePNG(b, g, st, lk)
	if err != nil {
		return bot.GameCard{}, bot.CardParts{}, err
	}
	c.Image = bot.Image{Name: fmt.Sprintf("veletas-%d-%d.png", g.ID, g.Revision), PNG: png}
	if !g.Over() && pos.Phase() == veletas.PhaseChoice && g.ToAct() != g.AI {
		key := strconv.FormatUint(g.ID, 10)
		p.Buttons = []bot.Button{
			{Label: bot.Text(loc, "button.swap"), CustomID: bot.ButtonID{Action: btnSwap, Key: key, Rev: uint64(g.Revision)}.String(), Style: bot.Primary},
			{Label: bot.Text(loc, "button.keep"), CustomID: bot.ButtonID{Action: btnKeep, Key: key, Rev: uint64(g.Revision)}.String(), Style: bot.Secondary},
		}
	}
	return c, p, nil
}

func (Module) Replay(b *bot.Bot, g store.Game, lk bot.Look) func() ([]byte, error) {
	st := vstate(g)
	if st.Len() == 0 {
		return nil
	}
	return func() ([]byte, error) {
		var buf bytes.Buffer
		err := replayGIF(b, &buf, g, st, lk)
		return buf.Bytes(), err
	}
}

func (Module) Record(g store.Game) string { return vstate(g).String() }

// aiDecide lets the computer player act: the kept player of the game (for
// its search tree) or a new one, a random legal action when it fails or
// chooses an illegal one, so that a bug never leaves a game stuck.
func (m Module) AIDecide(ctx context.Context, b *bot.Bot, g store.Game) (store.Game, string, error) {
	log := b.Logger.With("game", g.ID)
	lv, err := ai.ParseLevel(g.AILevel)
	if err != nil {
		return store.Game{}, "", fmt.Errorf("bot: AI game with an unknown level %q", g.AILevel)
	}
	p, ok := b.TakeAIPlayer(g, func() any { return m.newPlayer(lv, g) }).(Actor)
	if !ok { // an injected player of another game
		p = m.newPlayer(lv, g)
	}
	act := func(p Actor) (a veletas.Action, err error) {
		err = b.AIGuard(g.ID, func() error {
			a, err = p.Act(vstate(g))
			return err
		})
		return a, err
	}
	a, err := act(p)
	if err != nil {
		log.Error("bot: the AI found no action; playing a random one", "err", err)
		p = nil
		if a, err = act(ai.NewRandom(g.ID)); err != nil {
			return store.Game{}, "", fmt.Errorf("bot: no random action either: %w", err)
		}
	}
	g2, err := applyVeletas(ctx, b, g.Guild, g.Channel, g.AI, g.Revision, a)
	if errors.Is(err, store.ErrIllegal) {
		// A bug in the AI must not leave the game stuck: a random legal
		// action instead.
		log.Error("bot: the AI chose an illegal action; playing a random one", "action", a.String(), "err", err)
		p = nil
		if a, err = act(ai.NewRandom(g.ID)); err == nil {
			g2, err = applyVeletas(ctx, b, g.Guild, g.Channel, g.AI, g.Revision, a)
		}
	}
	if err != nil {
		return store.Game{}, a.String(), err
	}
	if !g2.Over() && p != nil {
		b.KeepAIPlayer(g.ID, p)
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
func applyVeletas(ctx context.Context, b *bot.Bot, guild, channel, user string, rev int, a veletas.Action) (store.Game, error) {
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

// New returns Veletas's module. With iterations > 0 its computer player
// searches that many playouts, untimed, seeded by the game (the console's
// -ai-iterations, for games that repeat).
func New(iterations int) *Module { return &Module{iterations: iterations} }

// newPlayer makes the computer player of a game at a level.
func (m Module) newPlayer(l ai.Level, g store.Game) Actor {
	if m.iterations > 0 {
		o := l.Options()
		o.Iterations, o.Time, o.Seed = m.iterations, 0, g.ID
		return ai.New(o)
	}
	return ai.NewLevel(l, g.ID)
}

var (
	_ bot.Module        = (*Module)(nil)
	_ bot.Completions   = (*Module)(nil)
	_ bot.ButtonActions = (*Module)(nil)
	_ bot.Replayer      = (*Module)(nil)
	_ bot.AIPlayer      = (*Module)(nil)
	_ bot.Refusals      = (*Module)(nil)
	_ bot.Wording       = (*Module)(nil)
)

// challengeRules reads the rules option of a challenge (classic or
// revised); without it a challenge follows the server's default, classic
// unless /veletas settings chose revised.
func challengeRules(ctx context.Context, b *bot.Bot, req bot.Request) (veletas.Rules, error) {
	if s := strings.TrimSpace(req.Options["rules"]); s != "" {
		r, err := veletas.ParseRules(s)
		if err != nil || len(s) > 8 {
			return 0, bot.Refuse("challenge.badrules", bot.Quote(s))
		}
		return r, nil
	}
	set, err := b.Store.Settings(ctx, req.Guild)
	if err != nil {
		return 0, err
	}
	return defaultRules(set), nil
}

// boardText names the board of a game in messages: its size ("7x7"), and
// under the revised rules the rules too ("7x7, revised rules").
func boardText(loc string, size veletas.Size, rules veletas.Rules) string {
	if rules == veletas.Revised {
		return bot.Text(loc, "board.revised", size)
	}
	return size.String()
}

// Actor chooses the AI's actions; *ai.Player implements it. An Actor is
// used by one worker at a time.
type Actor interface {
	Act(g veletas.Game) (veletas.Action, error)
}

// Refusal words an error of game/veletas (bot.Refusals).
func (Module) Refusal(err error) (bot.RuleRefusal, bool) {
	var ge *veletas.Error
	if !errors.As(err, &ge) {
		return bot.RuleRefusal{}, false
	}
	return veletasRefusal(ge), true
}

// RecordPlayers are Black, then White.
func (Module) RecordPlayers(g store.Game) (string, string) {
	return vplayer(g, veletas.Black), vplayer(g, veletas.White)
}

// RecentName names the board and its rules in a player's recent games.
func (Module) RecentName(loc string, g store.Game) string {
	return bot.Text(loc, "stats.board", vsize(g), bot.Text(loc, "rules.short."+vrules(g).String()))
}

// NoticeName is the board, the notices naming it in parentheses already.
func (m Module) NoticeName(loc string, g store.Game) string {
	if vrules(g) == veletas.Revised {
		return bot.Text(loc, "board.revised.inner", vsize(g))
	}
	return m.GameName(loc, g)
}

// RulesEnding: a game the rules ended was won by a majority of shooters.
func (Module) RulesEnding(loc string, g store.Game, detail bool) string {
	return bot.Text(loc, "reason.majority")
}
