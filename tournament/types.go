package tournament

import (
	"errors"
	"fmt"
	"slices"
)

// Format is how a tournament pairs its rounds.
type Format string

// The formats.
const (
	// RoundRobin: everyone meets everyone once, by the Berger tables.
	RoundRobin Format = "round-robin"
	// DoubleRoundRobin: everyone meets everyone twice, the second cycle
	// with the colours of the first swapped.
	DoubleRoundRobin Format = "double-round-robin"
	// Swiss: a fixed number of rounds paired by the Dutch system's principles.
	Swiss Format = "swiss"
)

// Colour is the side a player has in a game. White moves first.
type Colour string

// The colours. NoColour marks a round without a played game (a bye, a forfeit).
const (
	NoColour Colour = ""
	White    Colour = "white"
	Black    Colour = "black"
)

// Other is the opposite colour; NoColour stays NoColour.
func (c Colour) Other() Colour {
	switch c {
	case White:
		return Black
	case Black:
		return White
	}
	return NoColour
}

// Result is the outcome of one pairing.
type Result string

// The results. Forfeit results are games that were not played (a withdrawal,
// a no-show); a game lost on time or adjudicated counts as played.
const (
	Unplayed        Result = ""        // not finished yet
	WhiteWins       Result = "1-0"     // White won over the board
	BlackWins       Result = "0-1"     // Black won over the board
	Draw            Result = "1/2-1/2" // drawn over the board
	WhiteForfeitWin Result = "+/-"     // Black forfeited, White scores a point
	BlackForfeitWin Result = "-/+"     // White forfeited, Black scores a point
	DoubleForfeit   Result = "-/-"     // neither played, nobody scores
	Bye             Result = "bye"     // the pairing's White had no opponent: one point
)

// Valid reports whether r is one of the results above.
func (r Result) Valid() bool {
	switch r {
	case Unplayed, WhiteWins, BlackWins, Draw, WhiteForfeitWin, BlackForfeitWin, DoubleForfeit, Bye:
		return true
	}
	return false
}

// Points is what White and Black score with r (Black's share of a bye is 0).
func (r Result) Points() (white, black float64) {
	switch r {
	case WhiteWins, WhiteForfeitWin, Bye:
		return 1, 0
	case BlackWins, BlackForfeitWin:
		return 0, 1
	case Draw:
		return 0.5, 0.5
	}
	return 0, 0
}

// Played reports whether the game was played over the board (it counts for
// colours and for Sonneborn–Berger).
func (r Result) Played() bool { return r == WhiteWins || r == BlackWins || r == Draw }

// Player is an entrant. Its place in Tournament.Players is its join order.
// The seed order (the Dutch system's pairing numbers) is rating, highest
// first, then join order.
type Player struct {
	ID     string  `json:"id"`
	Rating float64 `json:"rating"`
	// Withdrawn players are no longer paired; their unfinished game of the
	// round they left in was forfeited. WithdrawnAt is how many rounds had
	// begun when they left.
	Withdrawn   bool `json:"withdrawn,omitempty"`
	WithdrawnAt int  `json:"withdrawn_at,omitempty"`
}

// Pairing is one game of a round. Black is "" for a bye.
type Pairing struct {
	Round int    `json:"round"`
	White string `json:"white"`
	Black string `json:"black,omitempty"`
}

// IsBye reports whether p is a bye.
func (p Pairing) IsBye() bool { return p.Black == "" }

// Game is a pairing with its result.
type Game struct {
	Pairing
	Result Result `json:"result,omitempty"`
}

// Round is a begun round: its number (from 1) and its games.
type Round struct {
	Number int    `json:"number"`
	Games  []Game `json:"games"`
}

// Finished reports whether every game of the round has a result.
func (r Round) Finished() bool {
	for _, g := range r.Games {
		if g.Result == Unplayed {
			return false
		}
	}
	return true
}

// Tournament is the whole state of a tournament as a value. Functions of this
// package never modify a Tournament they are given; they return a new one.
type Tournament struct {
	Format Format `json:"format"`
	// SwissRounds is the number of rounds of a Swiss tournament (0 otherwise).
	SwissRounds int      `json:"swiss_rounds,omitempty"`
	Players     []Player `json:"players"`
	Rounds      []Round  `json:"rounds,omitempty"`
}

// Errors. Functions wrap them with %w and details; test with errors.Is.
var (
	ErrUnknownFormat     = errors.New("tournament: unknown format")
	ErrBadRounds         = errors.New("tournament: bad number of rounds")
	ErrNoPlayers         = errors.New("tournament: no players")
	ErrTooFewPlayers     = errors.New("tournament: fewer than two players to pair")
	ErrTooManyRounds     = errors.New("tournament: more rounds than the players allow")
	ErrRoundNotFinished  = errors.New("tournament: the current round is not finished")
	ErrTournamentOver    = errors.New("tournament: all rounds have been played")
	ErrStarted           = errors.New("tournament: already started")
	ErrBadPlayer         = errors.New("tournament: bad player")
	ErrDuplicatePlayer   = errors.New("tournament: player already in the tournament")
	ErrUnknownPlayer     = errors.New("tournament: no such player")
	ErrAlreadyWithdrawn  = errors.New("tournament: player already withdrawn")
	ErrBadPairing        = errors.New("tournament: bad pairings for the round")
	ErrUnknownGame       = errors.New("tournament: no such game")
	ErrBadResult         = errors.New("tournament: bad result")
	ErrNoPairing         = errors.New("tournament: no pairing satisfies the absolute criteria")
	ErrBadState          = errors.New("tournament: inconsistent state")
	ErrUnknownAdjudicate = errors.New("tournament: unknown adjudication rule")
)

// New returns an empty tournament of the format. swissRounds is the number of
// rounds of a Swiss tournament and must be 0 for the round robins.
func New(f Format, swissRounds int) (Tournament, error) {
	switch f {
	case RoundRobin, DoubleRoundRobin:
		if swissRounds != 0 {
			return Tournament{}, fmt.Errorf("%w: %d for a round robin (must be 0)", ErrBadRounds, swissRounds)
		}
	case Swiss:
		if swissRounds < 1 {
			return Tournament{}, fmt.Errorf("%w: %d for a Swiss (must be at least 1)", ErrBadRounds, swissRounds)
		}
	default:
		return Tournament{}, fmt.Errorf("%w: %q", ErrUnknownFormat, f)
	}
	return Tournament{Format: f, SwissRounds: swissRounds}, nil
}

// clone returns a deep copy of t.
func (t Tournament) clone() Tournament {
	c := t
	c.Players = slices.Clone(t.Players)
	c.Rounds = make([]Round, len(t.Rounds))
	for i, r := range t.Rounds {
		c.Rounds[i] = Round{Number: r.Number, Games: slices.Clone(r.Games)}
	}
	if len(t.Rounds) == 0 {
		c.Rounds = nil
	}
	return c
}

func (t Tournament) playerIndex(id string) int {
	for i, p := range t.Players {
		if p.ID == id {
			return i
		}
	}
	return -1
}

// Started reports whether the first round has begun.
func (t Tournament) Started() bool { return len(t.Rounds) > 0 }

// Active is the players still in the tournament, in join order.
func (t Tournament) Active() []Player {
	var out []Player
	for _, p := range t.Players {
		if !p.Withdrawn {
			out = append(out, p)
		}
	}
	return out
}

// TotalRounds is the number of rounds the tournament will have: the Swiss
// rounds, or the rounds of the Berger table for the players who joined.
func (t Tournament) TotalRounds() int {
	n := len(t.Players)
	switch t.Format {
	case Swiss:
		return t.SwissRounds
	case RoundRobin:
		return bergerRounds(n)
	case DoubleRoundRobin:
		return 2 * bergerRounds(n)
	}
	return 0
}

// Finished reports whether every round has been played and scored.
func (t Tournament) Finished() bool {
	return t.Started() && len(t.Rounds) >= t.TotalRounds() && t.Rounds[len(t.Rounds)-1].Finished()
}

// Join adds a player before the first round.
func Join(t Tournament, p Player) (Tournament, error) {
	if t.Started() {
		return t, fmt.Errorf("%w: %q cannot join", ErrStarted, p.ID)
	}
	if p.ID == "" || p.Withdrawn || p.WithdrawnAt != 0 {
		return t, fmt.Errorf("%w: %+v", ErrBadPlayer, p)
	}
	if t.playerIndex(p.ID) >= 0 {
		return t, fmt.Errorf("%w: %q", ErrDuplicatePlayer, p.ID)
	}
	c := t.clone()
	c.Players = append(c.Players, p)
	return c, nil
}

// Leave takes a player out: before the first round the player is removed,
// after it the player withdraws (see Withdraw).
func Leave(t Tournament, id string) (Tournament, error) {
	if t.Started() {
		return Withdraw(t, id)
	}
	i := t.playerIndex(id)
	if i < 0 {
		return t, fmt.Errorf("%w: %q", ErrUnknownPlayer, id)
	}
	c := t.clone()
	c.Players = slices.Delete(c.Players, i, i+1)
	return c, nil
}

// Withdraw withdraws a player from a started tournament: past results stay,
// the player's unfinished game of the current round is forfeited to the
// opponent, and the player is not paired again (in a round robin the
// remaining games of the table are forfeited when their round begins).
func Withdraw(t Tournament, id string) (Tournament, error) {
	i := t.playerIndex(id)
	if i < 0 {
		return t, fmt.Errorf("%w: %q", ErrUnknownPlayer, id)
	}
	if t.Players[i].Withdrawn {
		return t, fmt.Errorf("%w: %q", ErrAlreadyWithdrawn, id)
	}
	if !t.Started() {
		return t, fmt.Errorf("%w: %q has not started; use Leave", ErrBadPlayer, id)
	}
	c := t.clone()
	c.Players[i].Withdrawn = true
	c.Players[i].WithdrawnAt = len(c.Rounds)
	last := &c.Rounds[len(c.Rounds)-1]
	for gi, g := range last.Games {
		if g.Result != Unplayed {
			continue
		}
		switch id {
		case g.White:
			last.Games[gi].Result = BlackForfeitWin
			if c.withdrawn(g.Black) {
				last.Games[gi].Result = DoubleForfeit
			}
		case g.Black:
			last.Games[gi].Result = WhiteForfeitWin
			if c.withdrawn(g.White) {
				last.Games[gi].Result = DoubleForfeit
			}
		}
	}
	return c, nil
}

func (t Tournament) withdrawn(id string) bool {
	i := t.playerIndex(id)
	return i >= 0 && t.Players[i].Withdrawn
}

// Begin starts the next round with the pairings (as PairRound returns them):
// a bye is scored at once, and in a round robin a game with a withdrawn
// player is scored as a forfeit. Every active player must be paired exactly
// once; a withdrawn player only in a round robin.
func Begin(t Tournament, ps []Pairing) (Tournament, error) {
	if err := t.readyForNext(); err != nil {
		return t, err
	}
	num := len(t.Rounds) + 1
	seen := map[string]bool{}
	use := func(id string) error {
		i := t.playerIndex(id)
		if i < 0 {
			return fmt.Errorf("%w: %w: %q", ErrBadPairing, ErrUnknownPlayer, id)
		}
		if seen[id] {
			return fmt.Errorf("%w: %q paired twice", ErrBadPairing, id)
		}
		if t.Players[i].Withdrawn && t.Format == Swiss {
			return fmt.Errorf("%w: %q has withdrawn", ErrBadPairing, id)
		}
		seen[id] = true
		return nil
	}
	r := Round{Number: num}
	for _, p := range ps {
		if p.Round != num {
			return t, fmt.Errorf("%w: pairing for round %d, next is %d", ErrBadPairing, p.Round, num)
		}
		if err := use(p.White); err != nil {
			return t, err
		}
		g := Game{Pairing: p}
		if p.IsBye() {
			g.Result = Bye
		} else {
			if err := use(p.Black); err != nil {
				return t, err
			}
			w, b := t.withdrawn(p.White), t.withdrawn(p.Black)
			switch {
			case w && b:
				g.Result = DoubleForfeit
			case w:
				g.Result = BlackForfeitWin
			case b:
				g.Result = WhiteForfeitWin
			}
		}
		r.Games = append(r.Games, g)
	}
	for _, p := range t.Players {
		if !p.Withdrawn && !seen[p.ID] {
			return t, fmt.Errorf("%w: %q is not paired", ErrBadPairing, p.ID)
		}
	}
	c := t.clone()
	c.Rounds = append(c.Rounds, r)
	return c, nil
}

// Next pairs the next round and begins it: PairRound then Begin.
func Next(t Tournament) (Tournament, []Pairing, error) {
	ps, err := PairRound(t)
	if err != nil {
		return t, nil, err
	}
	c, err := Begin(t, ps)
	return c, ps, err
}

// Record sets the result of the game of round (from 1) between white and
// black. Results may be corrected; a bye cannot be set or changed.
func Record(t Tournament, round int, white, black string, r Result) (Tournament, error) {
	if !r.Valid() || r == Unplayed || r == Bye {
		return t, fmt.Errorf("%w: %q", ErrBadResult, r)
	}
	if round < 1 || round > len(t.Rounds) {
		return t, fmt.Errorf("%w: round %d", ErrUnknownGame, round)
	}
	for gi, g := range t.Rounds[round-1].Games {
		if g.White == white && g.Black == black && !g.IsBye() {
			c := t.clone()
			c.Rounds[round-1].Games[gi].Result = r
			return c, nil
		}
	}
	return t, fmt.Errorf("%w: round %d %q-%q", ErrUnknownGame, round, white, black)
}

// readyForNext checks that a next round may be paired.
func (t Tournament) readyForNext() error {
	switch t.Format {
	case RoundRobin, DoubleRoundRobin, Swiss:
	default:
		return fmt.Errorf("%w: %q", ErrUnknownFormat, t.Format)
	}
	if len(t.Players) == 0 {
		return ErrNoPlayers
	}
	if len(t.Players) < 2 {
		return fmt.Errorf("%w: %d joined", ErrTooFewPlayers, len(t.Players))
	}
	if n := len(t.Rounds); n > 0 && !t.Rounds[n-1].Finished() {
		return fmt.Errorf("%w: round %d", ErrRoundNotFinished, n)
	}
	if t.Format == Swiss {
		if t.SwissRounds < 1 {
			return fmt.Errorf("%w: %d", ErrBadRounds, t.SwissRounds)
		}
		if t.SwissRounds > len(t.Players)-1 && len(t.Players)%2 == 0 || t.SwissRounds > len(t.Players) {
			return fmt.Errorf("%w: %d Swiss rounds for %d players", ErrTooManyRounds, t.SwissRounds, len(t.Players))
		}
		if a := len(t.Active()); a < 2 {
			return fmt.Errorf("%w: %d active", ErrTooFewPlayers, a)
		}
	}
	if len(t.Rounds) >= t.TotalRounds() {
		return fmt.Errorf("%w: %d of %d", ErrTournamentOver, len(t.Rounds), t.TotalRounds())
	}
	return nil
}

// PairRound returns the pairings of the next round: from the Berger tables
// for the round robins, by the Dutch system's principles for a Swiss (see
// the package documentation). It fails with ErrRoundNotFinished while a game
// of the current round has no result, ErrTournamentOver after the last
// round, and ErrNoPairing when no Swiss pairing meets the absolute criteria.
func PairRound(t Tournament) ([]Pairing, error) {
	if err := t.readyForNext(); err != nil {
		return nil, err
	}
	if t.Format == Swiss {
		ps, _, err := pairSwiss(t)
		return ps, err
	}
	return pairBerger(t), nil
}

// Validate checks that t is consistent: a known format, unique non-empty
// player IDs, rounds numbered from 1, every game between known players with
// a valid result, nobody twice in a round, only the last round unfinished.
// The store should call it on a state it loads.
func Validate(t Tournament) error {
	switch t.Format {
	case RoundRobin, DoubleRoundRobin:
		if t.SwissRounds != 0 {
			return fmt.Errorf("%w: %w", ErrBadState, ErrBadRounds)
		}
	case Swiss:
		if t.SwissRounds < 1 {
			return fmt.Errorf("%w: %w", ErrBadState, ErrBadRounds)
		}
	default:
		return fmt.Errorf("%w: %w: %q", ErrBadState, ErrUnknownFormat, t.Format)
	}
	ids := map[string]bool{}
	for _, p := range t.Players {
		if p.ID == "" || ids[p.ID] {
			return fmt.Errorf("%w: player %q", ErrBadState, p.ID)
		}
		if p.WithdrawnAt < 0 || p.WithdrawnAt > len(t.Rounds) || (!p.Withdrawn && p.WithdrawnAt != 0) {
			return fmt.Errorf("%w: withdrawal of %q", ErrBadState, p.ID)
		}
		ids[p.ID] = true
	}
	if len(t.Rounds) > t.TotalRounds() {
		return fmt.Errorf("%w: %d rounds of %d", ErrBadState, len(t.Rounds), t.TotalRounds())
	}
	for ri, r := range t.Rounds {
		if r.Number != ri+1 {
			return fmt.Errorf("%w: round %d numbered %d", ErrBadState, ri+1, r.Number)
		}
		if ri < len(t.Rounds)-1 && !r.Finished() {
			return fmt.Errorf("%w: round %d unfinished", ErrBadState, r.Number)
		}
		seen := map[string]bool{}
		for _, g := range r.Games {
			if g.Round != r.Number || !g.Result.Valid() || !ids[g.White] || seen[g.White] {
				return fmt.Errorf("%w: round %d game %+v", ErrBadState, r.Number, g)
			}
			seen[g.White] = true
			if g.IsBye() != (g.Result == Bye) {
				return fmt.Errorf("%w: round %d bye %+v", ErrBadState, r.Number, g)
			}
			if !g.IsBye() {
				if !ids[g.Black] || seen[g.Black] {
					return fmt.Errorf("%w: round %d game %+v", ErrBadState, r.Number, g)
				}
				seen[g.Black] = true
			}
		}
	}
	return nil
}
