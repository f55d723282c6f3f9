package store

import (
	"context"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
)

// Fanorona and Véla games (Kind Fanorona). A player plays a whole turn
// (PlayFanoronaTurn) or one step at a time (PlayFanoronaStep): a capture
// sequence played step by step stays open in Game.Open, with the game's
// revision advanced at every step, until the player stops it
// (StopFanoronaTurn) or no continuation is legal; the turn is then
// appended to the record. Takebacks undo the last whole turn. A game the
// rules end (no pieces, no legal turn, 100 turns without a capture) ends
// with ReasonRules; a drawn game has no winner.

// PlayFanoronaTurn plays a whole turn of user in the Fanorona game of a
// channel (or thread); rev as in Apply. Refusals: those of Apply, and
// ErrIllegal with the fanorona package's error (a sequence under way must
// be continued step by step or stopped).
func (db *DB) PlayFanoronaTurn(ctx context.Context, guild, channel, user string, rev int, t fanorona.Turn) (Game, error) {
	return db.playFanorona(ctx, guild, channel, user, rev, func(g *Game) (fanorona.Game, fanorona.Position, string, error) {
		if _, err := g.fpos.Apply(t); err != nil { // a sequence under way
			return g.fan, g.fpos, g.Open, err
		}
		next, err := g.fan.Play(t)
		if err != nil {
			return g.fan, g.fpos, g.Open, err
		}
		return next, next.Position(), "", nil
	})
}

// PlayFanoronaStep plays one step of user: the first step of a turn, or
// the next step of the capture sequence under way. When the piece cannot
// continue (or after a paika, or a capture in Véla's first phase) the
// turn ends by itself.
func (db *DB) PlayFanoronaStep(ctx context.Context, guild, channel, user string, rev int, s fanorona.Step) (Game, error) {
	return db.playFanorona(ctx, guild, channel, user, rev, func(g *Game) (fanorona.Game, fanorona.Position, string, error) {
		pos, err := g.fpos.Step(s)
		if err != nil {
			return g.fan, g.fpos, g.Open, err
		}
		open := s.String()
		if g.Open != "" {
			open = g.Open + "-" + s.To.String() + s.Capture.Letter()
		}
		if pos.State() == fanorona.StateSequence {
			return g.fan, pos, open, nil
		}
		return endTurn(g.fan, open, pos)
	})
}

// StopFanoronaTurn ends the capture sequence user has under way (the
// fanorona package's ErrNoSequence, wrapped with ErrIllegal, when there
// is none).
func (db *DB) StopFanoronaTurn(ctx context.Context, guild, channel, user string, rev int) (Game, error) {
	return db.playFanorona(ctx, guild, channel, user, rev, func(g *Game) (fanorona.Game, fanorona.Position, string, error) {
		pos, err := g.fpos.Stop()
		if err != nil {
			return g.fan, g.fpos, g.Open, err
		}
		return endTurn(g.fan, g.Open, pos)
	})
}

// endTurn appends the turn whose steps are open to the record; the
// position the steps reached must be the one the turn leads to.
func endTurn(fg fanorona.Game, open string, pos fanorona.Position) (fanorona.Game, fanorona.Position, string, error) {
	t, err := fanorona.ParseTurn(open)
	if err != nil {
		return fg, pos, "", err
	}
	next, err := fg.Play(t)
	if err != nil {
		return fg, pos, "", err
	}
	if next.Position() != pos {
		return fg, pos, "", fmt.Errorf("store: the turn %s played step by step and whole differ", open)
	}
	return next, pos, "", nil
}

// playFanorona checks a Fanorona action of user and applies fn, which
// returns the record, the position and the steps under way after it.
func (db *DB) playFanorona(ctx context.Context, guild, channel, user string, rev int, fn func(g *Game) (fanorona.Game, fanorona.Position, string, error)) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.Kind != Fanorona {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrOtherKind)
		}
		if rev >= 0 && rev != g.Revision {
			return fmt.Errorf("store: game %d: %w (revision %d, now %d)", g.ID, ErrStaleRevision, rev, g.Revision)
		}
		if g.ToAct() != user {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNotYourTurn)
		}
		fg, pos, open, err := fn(g)
		if err != nil {
			return fmt.Errorf("store: %w: %w", ErrIllegal, err)
		}
		turnEnded := fg.Len() != g.fan.Len()
		g.setFanorona(fg, pos, open)
		g.Revision++
		if turnEnded {
			g.Updated = now // the next player's time starts
			g.Reminded, g.TimeUp = false, false
		}
		g.TakebackBy, g.TakebackRev = "", 0
		g.DrawBy, g.DrawRev = "", 0
		switch r := pos.Result(); r {
		case fanorona.WhiteWins, fanorona.BlackWins:
			c, _ := r.Winner()
			g.Winner, g.Reason, g.Ended = g.FanoronaPlayer(c), ReasonRules, now
		case fanorona.Draw:
			g.Winner, g.Reason, g.Ended = "", ReasonRules, now
		}
		return nil
	})
}

// StartFanoronaAIGame starts a Fanorona or Véla game between human
// (Players[0]) and the bot's computer opponent ai (Players[1], Game.AI)
// at once; humanBlack makes the human play Black (Game.Swapped). Like
// StartAIGameRules's games it has no time limit and is never rated.
func (db *DB) StartFanoronaAIGame(ctx context.Context, guild, channel, human, ai, level string, v fanorona.Variant, humanBlack bool) (Game, error) {
	return db.startAIGame(ctx, guild, channel, human, ai, level, func(tx txn, g *Game) error {
		if !v.Valid() {
			return refuse(fmt.Errorf("store: start AI game: %w: variant %d (use fanorona or vela)", ErrInvalid, v))
		}
		g.Kind, g.Swapped = Fanorona, humanBlack
		fg := fanorona.NewGame(v)
		g.setFanorona(fg, fg.Position(), "")
		return nil
	})
}

// newFanoronaGame is the game of an accepted Fanorona challenge.
func newFanoronaGame(c Challenge) (fanorona.Game, error) {
	v := fanorona.Fanorona
	if c.Variant != "" {
		var err error
		if v, err = fanorona.ParseVariant(c.Variant); err != nil {
			return fanorona.Game{}, err
		}
	}
	return fanorona.NewGame(v), nil
}

// OfferDraw records user's offer of a draw in the active game of a
// channel; the opponent answers with AnswerDraw, and any action in the
// meantime withdraws it. It does not change the revision.
func (db *DB) OfferDraw(ctx context.Context, guild, channel, user string) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.Over() {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoGame)
		}
		g.DrawBy, g.DrawRev = user, g.Revision
		return nil
	})
}

// AnswerDraw accepts or declines the pending draw offer of the game; user
// must be the opponent of the player who offered. Accepting ends the game
// drawn (ReasonAgreed, no winner), counted as a draw for both players of a
// rated game. It fails with ErrNoDrawOffer when no offer is pending.
func (db *DB) AnswerDraw(ctx context.Context, guild, channel, user string, accept bool) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.DrawBy == "" || g.DrawRev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoDrawOffer)
		}
		if user == g.DrawBy {
			return fmt.Errorf("store: game %d: %w: the offer is your opponent's to answer", g.ID, ErrNotPlayer)
		}
		g.DrawBy, g.DrawRev = "", 0
		if accept {
			g.Winner, g.Reason, g.Ended, g.Updated = "", ReasonAgreed, now, now
			g.Revision++
		}
		return nil
	})
}
