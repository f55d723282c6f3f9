package store

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// The store's API that only its tests need.

// The games of the store's tests.
var testRegistry = func() *game.Registry {
	r, err := game.NewRegistry(veletas.Definition{}, fanorona.Definition{}, amazons.Definition{})
	if err != nil {
		panic(err)
	}
	return r
}()

// The kinds of the tests' games.
const (
	Veletas  = veletas.GameKind
	Fanorona = fanorona.GameKind
)

// vterms are the terms of a classic Veletas game of size.
func vterms(size veletas.Size) game.Terms { return veletas.MakeTerms(size, veletas.Classic) }

// vrterms are the terms of a Veletas game of size under rules.
func vrterms(size veletas.Size, rules veletas.Rules) game.Terms {
	return veletas.MakeTerms(size, rules)
}

// vgame is a Veletas game's engine game (the empty 10 board when g is
// not a replayed Veletas game).
func vgame(g Game) veletas.Game {
	if m, ok := g.State().(veletas.Match); ok {
		return m.Game
	}
	st, _ := veletas.NewGame(veletas.Size10)
	return st
}

// fmatch is a Fanorona game's match.
func fmatch(g Game) fanorona.Match {
	m, _ := g.State().(fanorona.Match)
	return m
}

// playerOf returns the player of colour c of a Veletas game.
func playerOf(g Game, c veletas.Color) string {
	m, ok := g.State().(veletas.Match)
	if !ok || c == veletas.NoColor {
		return ""
	}
	return g.Player(m.SeatOf(c))
}

// colorOf returns the colour of user in a Veletas game.
func colorOf(g Game, user string) veletas.Color {
	m, ok := g.State().(veletas.Match)
	s, player := g.Seat(user)
	if !ok || !player {
		return veletas.NoColor
	}
	return m.ColorOf(s)
}

// Apply is Act with a Veletas action.
func (db *DB) Apply(ctx context.Context, guild, channel, user string, rev int, a veletas.Action) (Game, error) {
	return db.Act(ctx, guild, channel, user, rev, Veletas, func(s game.State) (game.State, error) {
		next, err := s.(veletas.Match).Game.Play(a)
		if err != nil {
			return nil, err
		}
		return veletas.NewMatch(next), nil
	})
}

// ApplyToken is Act with a Veletas action written in the notation
// ("d4-d7/f9", "swap", "[d4,g7,b9]e5").
func (db *DB) ApplyToken(ctx context.Context, guild, channel, user string, rev int, token string) (Game, error) {
	return db.Act(ctx, guild, channel, user, rev, Veletas, func(s game.State) (game.State, error) { return s.Play(token) })
}

// PlayFanoronaTurn, PlayFanoronaStep and StopFanoronaTurn are Act with a
// Fanorona action.
func (db *DB) PlayFanoronaTurn(ctx context.Context, guild, channel, user string, rev int, t fanorona.Turn) (Game, error) {
	return db.Act(ctx, guild, channel, user, rev, Fanorona, func(s game.State) (game.State, error) { return s.(fanorona.Match).PlayTurn(t) })
}

func (db *DB) PlayFanoronaStep(ctx context.Context, guild, channel, user string, rev int, st fanorona.Step) (Game, error) {
	return db.Act(ctx, guild, channel, user, rev, Fanorona, func(s game.State) (game.State, error) { return s.(fanorona.Match).PlayStep(st) })
}

func (db *DB) StopFanoronaTurn(ctx context.Context, guild, channel, user string, rev int) (Game, error) {
	return db.Act(ctx, guild, channel, user, rev, Fanorona, func(s game.State) (game.State, error) { return s.(fanorona.Match).StopTurn() })
}

// StartAIGameRules, StartAIGameOrder and StartFanoronaAIGame are
// StartAIGame for Veletas (size 0: the guild's default) and Fanorona.
func (db *DB) StartAIGameRules(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules) (Game, error) {
	return db.StartAIGameOrder(ctx, guild, channel, human, ai, level, size, rules, false)
}

func (db *DB) StartAIGameOrder(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size, rules veletas.Rules, aiFirst bool) (Game, error) {
	t := game.Terms{veletas.TermRules: rules.String()}
	if size != 0 {
		t[veletas.TermSize] = fmt.Sprint(int(size))
	}
	return db.StartAIGame(ctx, guild, channel, human, ai, level, Veletas, t, aiFirst)
}

func (db *DB) StartFanoronaAIGame(ctx context.Context, guild, channel, human, ai, level string, v fanorona.Variant, humanBlack bool) (Game, error) {
	return db.StartAIGame(ctx, guild, channel, human, ai, level, Fanorona, fanorona.MakeTerms(v, humanBlack), false)
}

// startAI is StartAIGameRules under the classic rules.
func (db *DB) startAI(ctx context.Context, guild, channel, human, ai, level string, size veletas.Size) (Game, error) {
	return db.StartAIGameRules(ctx, guild, channel, human, ai, level, size, veletas.Classic)
}

// SetReminded records that the reminder for the move at revision rev was
// sent (the bot sends one per move). It fails with ErrStaleRevision when the
// game has moved on.
func (db *DB) SetReminded(ctx context.Context, guild, channel string, rev int) (Game, error) {
	return db.change(ctx, guild, channel, "", func(g *Game, now time.Time) error {
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrStaleRevision)
		}
		g.Reminded = true
		return nil
	})
}

// SetGameMessage records the message that shows a game (the bot's own
// bookkeeping; it does not change the revision).
func (db *DB) SetGameMessage(ctx context.Context, guild, channel, message string) (Game, error) {
	return db.change(ctx, guild, channel, "", func(g *Game, now time.Time) error {
		g.Message = message
		return nil
	})
}

// RemoveGame is EndDamagedGame for any game, damaged or not.
func (db *DB) RemoveGame(ctx context.Context, guild, channel string) error {
	return db.removeGame(ctx, guild, channel, false)
}

// vdefaults are settings' default terms of Veletas: one term.
func vdefaults(name, value string) map[game.Kind]game.Terms {
	return map[game.Kind]game.Terms{Veletas: {name: value}}
}

func sizeString(s veletas.Size) string { return fmt.Sprint(int(s)) }

// setSize is the default Veletas board size of settings (0 when unset).
func setSize(s Settings) veletas.Size {
	n, _ := strconv.Atoi(s.Defaults[Veletas][veletas.TermSize])
	return veletas.Size(n)
}

// chSize is the Veletas board size of a challenge (0 for another game).
func chSize(c Challenge) veletas.Size {
	n, _ := strconv.Atoi(c.Terms[veletas.TermSize])
	return veletas.Size(n)
}

// fplayer returns the player of colour c of a Fanorona game.
func fplayer(g Game, c fanorona.Color) string { return g.Player(fmatch(g).SeatOf(c)) }

// fcolor returns the colour of user in a Fanorona game.
func fcolor(g Game, user string) (fanorona.Color, bool) {
	s, ok := g.Seat(user)
	if !ok {
		return fanorona.White, false
	}
	return fmatch(g).ColorOf(s), true
}
