package store

import (
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store/glicko2"
)

// Kind is the game a challenge or a game is of. Veletas, the first, is
// the empty string, so that values stored before kinds existed (schema
// 4 and older) are Veletas games; other kinds are stored by name.
type Kind string

// The kinds of game.
const (
	Veletas  Kind = ""
	Fanorona Kind = "fanorona" // Fanorona or Véla (Game.Variant)
)

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return k == Veletas || k == Fanorona }

// String returns "veletas" or "fanorona".
func (k Kind) String() string {
	if k == Veletas {
		return "veletas"
	}
	return string(k)
}

// Reason tells how a game ended.
type Reason uint8

// The ways a game ends.
const (
	ReasonNone     Reason = iota // the game is not over
	ReasonMajority               // a player claimed a majority of shooters
	ReasonResign                 // a player resigned
	ReasonTimeout                // a player's time for a move ran out and the opponent claimed the win
	ReasonRules                  // Fanorona: the rules ended the game (a side has no piece or no legal turn, or 100 turns without a capture drew it)
	ReasonAgreed                 // the players agreed to a draw (Game.Winner is "")
)

var reasonNames = [...]string{"", "majority", "resignation", "timeout", "rules", "agreed"}

// String returns "majority", "resignation", "timeout", "rules", "agreed"
// or "" for ReasonNone.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// MarshalText encodes the reason by name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name.
func (r *Reason) UnmarshalText(b []byte) error {
	for i, n := range reasonNames {
		if n == string(b) {
			*r = Reason(i)
			return nil
		}
	}
	return fmt.Errorf("unknown reason %q", b)
}

// Challenge is a pending invitation to play.
type Challenge struct {
	ID         uint64        `json:"id"`
	Guild      string        `json:"guild"`
	Channel    string        `json:"channel"`
	Challenger string        `json:"challenger"`
	Opponent   string        `json:"opponent,omitempty"` // "" for an open challenge: anyone but the challenger may accept
	Size       veletas.Size  `json:"size"`
	Rules      veletas.Rules `json:"rules,omitempty"` // the rules of the game (classic when absent)
	Rated      bool          `json:"rated,omitempty"`
	MoveTime   time.Duration `json:"move_time,omitempty"` // time per move; 0 for none
	Message    string        `json:"message,omitempty"`   // the message showing the challenge, set by SetChallengeMessage
	Created    time.Time     `json:"created"`
	Expires    time.Time     `json:"expires"`

	// OpponentFirst makes the opponent the first player (Players[0]) of
	// the game, as in a rematch offered by the last game's first player.
	// In Fanorona the first player is White.
	OpponentFirst bool `json:"opponent_first,omitempty"`

	// Kind is the game challenged to (Veletas when absent); Variant, for
	// Fanorona, is "fanorona" (when absent) or "vela". Size and Rules are
	// Veletas's.
	Kind    Kind   `json:"kind,omitempty"`
	Variant string `json:"variant,omitempty"`
}

// Expired reports whether the challenge has expired at now.
func (c Challenge) Expired(now time.Time) bool { return !now.Before(c.Expires) }

// Game is an active or finished game. Players[0] is the first player: in
// Veletas the one who makes the first setup, Players[1] making the side
// choice; in Fanorona and Véla White, unless Swapped. In a game from a
// challenge the first player is the challenger, or the opponent when the
// challenge has OpponentFirst (a rematch offered by the last game's first
// player, or a Fanorona challenge whose challenger plays Black); in a
// game against the computer it is the human, or the computer in a
// Veletas game started with StartAIGameOrder's aiFirst. Record is the
// game record in the notation, the source of truth.
type Game struct {
	ID        uint64        `json:"id"`
	Guild     string        `json:"guild"`
	Channel   string        `json:"channel"`          // the channel the challenge was made in
	Thread    string        `json:"thread,omitempty"` // the thread the game is played in, if any
	Message   string        `json:"message,omitempty"`
	Players   [2]string     `json:"players"`
	Size      veletas.Size  `json:"size"`
	Record    string        `json:"record"`
	Revision  int           `json:"rev"`
	Rated     bool          `json:"rated,omitempty"`
	MoveTime  time.Duration `json:"move_time,omitempty"` // time per move; 0 for none
	Reminded  bool          `json:"reminded,omitempty"`  // the reminder for the current move was sent
	TimeUp    bool          `json:"time_up,omitempty"`   // the opponent was told that the time for the current move ran out
	Challenge uint64        `json:"challenge,omitempty"` // the challenge it came from
	Started   time.Time     `json:"started"`
	Updated   time.Time     `json:"updated"` // time of the last action (start of the current move)
	Ended     time.Time     `json:"ended,omitzero"`
	Winner    string        `json:"winner,omitempty"` // user ID of the winner once the game is over
	Reason    Reason        `json:"reason,omitempty"`

	// AI is the user ID of the player that is the bot's computer
	// opponent (Players[1], or Players[0] in a Veletas game started with
	// StartAIGameOrder's aiFirst), "" in a game between people; AILevel
	// is its strength ("easy", "medium" or "hard"). Games against the AI
	// are archived but never counted in the standings.
	AI      string `json:"ai,omitempty"`
	AILevel string `json:"ai_level,omitempty"`

	// A pending takeback request: the player asking to take back their
	// last turn, and the revision it was asked at. Any action clears it.
	TakebackBy  string `json:"takeback_by,omitempty"`
	TakebackRev int    `json:"takeback_rev,omitempty"`

	// A pending draw offer: the player offering and the revision it was
	// made at. Any action clears it.
	DrawBy  string `json:"draw_by,omitempty"`
	DrawRev int    `json:"draw_rev,omitempty"`

	// Kind is the game played (Veletas when absent). A Fanorona game's
	// Record is a Fanorona record (its header names the variant) of the
	// whole turns played; Open holds the steps of the turn under way when
	// a player plays a capture sequence step by step ("d2-e3A-e4W"), and
	// Swapped makes Players[1] White (Players[0] is White otherwise).
	Kind    Kind   `json:"kind,omitempty"`
	Open    string `json:"open,omitempty"`
	Swapped bool   `json:"swapped,omitempty"`

	state  veletas.Game  // Record replayed (Veletas)
	fan    fanorona.Game // Record replayed (Fanorona)
	fpos   fanorona.Position
	replay bool // state (or fan and fpos) is set
}

// State returns the game replayed from its record. Games returned by
// the store are already replayed; for a Game built by hand the record is
// parsed (a record that fails to parse gives the empty game).
func (g Game) State() veletas.Game {
	if g.replay {
		return g.state
	}
	st, err := veletas.ParseRecordString(g.Record)
	if err != nil {
		st, _ = veletas.NewGame(g.Size)
	}
	return st
}

// Rules is the rule set the game is played under (its record's header
// says rules=revised for the revised rules).
func (g Game) Rules() veletas.Rules { return g.State().Rules() }

// Position is the current position, State().Position().
func (g Game) Position() veletas.Position { return g.State().Position() }

// Over reports whether the game has ended, by the rules or by resignation
// or timeout.
func (g Game) Over() bool {
	if g.Reason != ReasonNone {
		return true
	}
	r, err := rulesOf(&g)
	return err == nil && r.over(&g)
}

// ToAct returns the user ID of the player who acts next, or "" when the
// game is over.
func (g Game) ToAct() string {
	if g.Over() {
		return ""
	}
	r, err := rulesOf(&g)
	if err != nil {
		return ""
	}
	return r.toAct(&g)
}

// Fanorona returns a Fanorona game replayed from its record (the whole
// turns; the turn under way is in FanoronaPosition).
func (g Game) Fanorona() fanorona.Game {
	if g.replay {
		return g.fan
	}
	c := g
	if err := c.loadFanorona(); err != nil {
		return fanorona.NewGame(fanorona.Fanorona)
	}
	return c.fan
}

// FanoronaPosition is a Fanorona game's current position: after its
// record and the steps of the turn under way (Open).
func (g Game) FanoronaPosition() fanorona.Position {
	if g.replay {
		return g.fpos
	}
	c := g
	if err := c.loadFanorona(); err != nil {
		return fanorona.NewPosition(fanorona.Fanorona)
	}
	return c.fpos
}

// FanoronaPlayer returns the user ID of the player of colour c in a
// Fanorona game.
func (g Game) FanoronaPlayer(c fanorona.Color) string {
	if (c == fanorona.White) != g.Swapped {
		return g.Players[0]
	}
	return g.Players[1]
}

// FanoronaColor returns the colour user plays in a Fanorona game, and
// false for a non-player.
func (g Game) FanoronaColor(user string) (fanorona.Color, bool) {
	switch user {
	case g.Players[0]:
		if g.Swapped {
			return fanorona.Black, true
		}
		return fanorona.White, true
	case g.Players[1]:
		if g.Swapped {
			return fanorona.White, true
		}
		return fanorona.Black, true
	}
	return fanorona.White, false
}

// PlayerOf returns the user ID of the player of colour c. Before the side
// choice the first player is Black.
func (g Game) PlayerOf(c veletas.Color) string {
	switch c {
	case veletas.NoColor:
		return ""
	case g.Position().FirstPlayerColor():
		return g.Players[0]
	}
	return g.Players[1]
}

// ColorOf returns the colour of user, or veletas.NoColor for a non-player.
func (g Game) ColorOf(user string) veletas.Color {
	first := g.Position().FirstPlayerColor()
	switch user {
	case g.Players[0]:
		return first
	case g.Players[1]:
		return first.Other()
	}
	return veletas.NoColor
}

// Opponent returns the other player of user, or "" for a non-player.
func (g Game) Opponent(user string) string {
	switch user {
	case g.Players[0]:
		return g.Players[1]
	case g.Players[1]:
		return g.Players[0]
	}
	return ""
}

// IsPlayer reports whether user plays this game.
func (g Game) IsPlayer(user string) bool { return user == g.Players[0] || user == g.Players[1] }

// Loser returns the user ID of the loser of a finished game, or "".
func (g Game) Loser() string {
	if g.Winner == "" {
		return ""
	}
	return g.Opponent(g.Winner)
}

// Deadline returns when the time for the current move runs out, and false
// when the game has no time limit or is over.
func (g Game) Deadline() (time.Time, bool) {
	if g.MoveTime <= 0 || g.Over() {
		return time.Time{}, false
	}
	return g.Updated.Add(g.MoveTime), true
}

// Standing is a player's results in one game (Kind) in one guild; Draws
// count drawn Fanorona games. Rating, RD and Volatility
// are the Glicko-2 values (1500, 350, 0.06 for a new player); they change
// only through Options.Rate.
type Standing struct {
	Guild      string    `json:"guild"`
	User       string    `json:"user"`
	Kind       Kind      `json:"kind,omitempty"` // the game the standing is of (Veletas when absent)
	Wins       int       `json:"wins"`
	Losses     int       `json:"losses"`
	Draws      int       `json:"draws,omitempty"`
	Games      int       `json:"games"`
	Streak     int       `json:"streak,omitempty"` // > 0: wins in a row; < 0: losses in a row
	Rating     float64   `json:"rating"`
	RD         float64   `json:"rd"`
	Volatility float64   `json:"vol"`
	Last       time.Time `json:"last,omitzero"` // end of the player's latest game
}

// Initial Glicko-2 values of a new player.
const (
	InitialRating     = glicko2.InitialRating
	InitialRD         = glicko2.InitialRD
	InitialVolatility = glicko2.InitialVolatility
)

func newStanding(kind Kind, guild, user string) Standing {
	return Standing{Guild: guild, User: user, Kind: kind, Rating: InitialRating, RD: InitialRD, Volatility: InitialVolatility}
}

// Settings are one guild's settings. Zero fields mean "use the default".
type Settings struct {
	Guild        string            `json:"guild"`
	Size         veletas.Size      `json:"size,omitempty"`          // default board size of a challenge
	Rules        veletas.Rules     `json:"rules,omitempty"`         // default rules of a challenge (classic when absent)
	MoveTime     time.Duration     `json:"move_time,omitempty"`     // default time per move
	ChallengeTTL time.Duration     `json:"challenge_ttl,omitempty"` // how long a challenge stays open
	Locale       string            `json:"locale,omitempty"`
	Values       map[string]string `json:"values,omitempty"` // other settings, by name
}
