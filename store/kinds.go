package store

import (
	"fmt"
	"maps"
	"time"

	"github.com/veletasbot/veletas/game"
)

// The store knows a game only through its game.Rules, found by kind in
// Options.Games: to replay a stored record into a game.State (codec.go),
// to normalize a challenge's terms and start its game, and to read whose
// turn it is and how the game ended. Everything else (challenges, the
// optimistic change, time limits, resignations, draws, takebacks, the
// archive, the standings) is the same for every kind.

// rules returns the Rules of kind, an error wrapping ErrUnknownKind when
// Options.Games lacks it.
func (db *DB) rules(kind game.Kind) (game.Rules, error) {
	r, err := db.opts.Games.Get(kind)
	if err != nil {
		return nil, fmt.Errorf("%w %q", ErrUnknownKind, string(kind))
	}
	return r, nil
}

// normalize returns terms normalized by kind's Rules; an unknown kind or
// a bad term is an ErrBadTerms (wrapping the *game.TermError).
func (db *DB) normalize(kind game.Kind, t game.Terms) (game.Terms, error) {
	r, err := db.rules(kind)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadTerms, err)
	}
	n, err := r.Normalize(t)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadTerms, err)
	}
	return n, nil
}

// withDefaults returns the terms t of a challenge (or a game against the
// computer) of kind, each term it leaves out taken from the guild's
// default terms for the kind.
func withDefaultTerms(set Settings, kind game.Kind, t game.Terms) game.Terms {
	out := maps.Clone(set.Defaults[kind])
	if out == nil {
		out = game.Terms{}
	}
	maps.Copy(out, t)
	return out
}

// drawable reports whether the players of g may agree to a draw.
func (db *DB) drawable(g *Game) bool {
	r, err := db.rules(g.Kind)
	if err != nil {
		return false
	}
	d, ok := r.(game.Drawable)
	return ok && d.Draws(g.Terms)
}

// setState sets g's replayed state, with Record and Open written from it.
func (g *Game) setState(s game.State) {
	g.state = s
	g.Record, g.Open = s.Record(), s.Open()
}

// end ends g as its state's outcome says, when the rules have ended it.
func (g *Game) endByRules(now time.Time) {
	o := g.state.Outcome()
	if !o.Over {
		return
	}
	g.Winner, g.Reason, g.Ended = g.Player(o.Winner), ReasonRules, now
}
