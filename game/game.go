// Package game is what every layer knows of a game without knowing which
// one: its kind, its terms (the options a challenge sets), a game replayed
// from its stored record, whose turn it is, how it ended, and taking back
// a turn. Each game implements Rules in its own package (game/veletas,
// game/fanorona, game/amazons); the store, the bot's core and its front
// ends see games only through these interfaces. Standard library only.
//
// This follows scalachess, where a variant is one object overriding a few
// hooks, and lila's round module, whose lifecycle pieces (draws,
// takebacks, rematches, the end) work on a game-and-seat view that names
// no variant.
package game

import (
	"errors"
	"fmt"
	"maps"
	"slices"
)

// Kind names a game: in storage, in button custom IDs, in logs, and as
// its slash command ("veletas", "fanorona", "amazons"). Kinds are lower
// case ASCII letters.
type Kind string

// Seat is a player's place in a game: 0 for the game's first player
// (store.Game.Players[0]), 1 for the second. Which colour a seat plays is
// the game's business.
type Seat int

// NoSeat is the seat of no player: the winner of a drawn game.
const NoSeat Seat = -1

// Other returns the other seat.
func (s Seat) Other() Seat { return 1 - s }

// Terms are a game's own terms, by name: what a challenge sets and a game
// is played under ("size": "10", "rules": "revised"; "variant": "vela").
// Rules.Normalize fills in the defaults; a stored game keeps its terms.
type Terms map[string]string

// Clone returns a copy of t.
func (t Terms) Clone() Terms { return maps.Clone(t) }

// Equal reports whether t and u set the same terms.
func (t Terms) Equal(u Terms) bool { return maps.Equal(t, u) }

// Names returns the names of the terms set, sorted.
func (t Terms) Names() []string { return slices.Sorted(maps.Keys(t)) }

// Term describes one term a game takes: its name, its default, and the
// values it allows (nil when Rules.Normalize checks the value itself).
type Term struct {
	Name    string
	Default string
	Values  []string
}

// Outcome is how a game ended.
type Outcome struct {
	// Over reports whether the rules have ended the game.
	Over bool
	// Winner is the winning seat, NoSeat for a draw.
	Winner Seat
}

// Rules is one game: what the store needs to keep and replay it, and what
// the bot's lifecycle needs to run it. A game's package declares one value
// implementing it and checks so at compile time:
//
//	var _ game.Rules = Rules{}
type Rules interface {
	// Kind names the game.
	Kind() Kind
	// Terms lists the terms a challenge to the game may set.
	Terms() []Term
	// Normalize checks terms and returns them with every default filled
	// in, or a *TermError naming the first bad one.
	Normalize(t Terms) (Terms, error)
	// New starts a game on normalized terms.
	New(t Terms) (State, error)
	// Replay replays a stored game: its terms, its record and the actions
	// of a turn under way (see State.Open).
	Replay(t Terms, record, open string) (State, error)
}

// State is a game replayed: a value that Play and TakeBack never change.
type State interface {
	// Record is the game record in the game's notation, canonical.
	Record() string
	// Open is the actions of a turn under way in the notation, for a game
	// whose turns a player may make a step at a time ("" when none is).
	Open() string
	// ToAct is the seat to act; its value is meaningless once Outcome
	// reports the game over.
	ToAct() Seat
	// Outcome reports whether the rules have ended the game and who won.
	Outcome() Outcome
	// Play applies one action written in the notation by the seat to act
	// and returns the game after it; an illegal or unreadable action is
	// an error from the game's package, and the state is unchanged.
	Play(action string) (State, error)
	// TakeBack returns the game before the last whole turn, and false when
	// there is none that may be taken back.
	TakeBack() (State, bool)
}

// Drawable is a game whose players may agree to a draw.
type Drawable interface {
	Rules
	// Draws reports whether the players of a game on terms t may agree
	// to a draw.
	Draws(t Terms) bool
}

// Rated is a game whose games on some terms are never rated (a handicap
// variant).
type Rated interface {
	Rules
	// Rated reports whether a game on terms t may be rated.
	Rated(t Terms) bool
}

// TermError is a bad term: its name and the value given.
type TermError struct {
	Kind  Kind
	Name  string
	Value string
}

func (e *TermError) Error() string {
	return fmt.Sprintf("game: %s: bad %s %q", e.Kind, e.Name, e.Value)
}

// ErrUnknownKind is returned for a kind no registered game has.
var ErrUnknownKind = errors.New("game: unknown kind")

// ErrDuplicateKind is returned when two games of a Registry share a kind.
var ErrDuplicateKind = errors.New("game: two games of one kind")

// Registry is the games a program hosts, in the order it lists them.
type Registry struct {
	list   []Rules
	byKind map[Kind]Rules
}

// NewRegistry returns the registry of games, refusing two of one kind and
// a kind that is not lower case ASCII letters.
func NewRegistry(games ...Rules) (*Registry, error) {
	r := &Registry{byKind: map[Kind]Rules{}}
	for _, g := range games {
		k := g.Kind()
		if !validKind(k) {
			return nil, fmt.Errorf("%w %q: a kind is lower case letters", ErrUnknownKind, string(k))
		}
		if _, dup := r.byKind[k]; dup {
			return nil, fmt.Errorf("%w: %q", ErrDuplicateKind, string(k))
		}
		r.byKind[k] = g
		r.list = append(r.list, g)
	}
	return r, nil
}

func validKind(k Kind) bool {
	if k == "" || len(k) > 20 {
		return false
	}
	for _, c := range []byte(k) {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// Get returns the game of kind k.
func (r *Registry) Get(k Kind) (Rules, error) {
	if r != nil {
		if g, ok := r.byKind[k]; ok {
			return g, nil
		}
	}
	return nil, fmt.Errorf("%w %q", ErrUnknownKind, string(k))
}

// All returns the games in the order they were registered.
func (r *Registry) All() []Rules {
	if r == nil {
		return nil
	}
	return slices.Clone(r.list)
}

// Kinds returns the kinds of the games in the order they were registered.
func (r *Registry) Kinds() []Kind {
	var ks []Kind
	for _, g := range r.All() {
		ks = append(ks, g.Kind())
	}
	return ks
}
