package store

import (
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store/glicko2"
)

// Reason tells how a game ended.
type Reason uint8

// The ways a game ends.
const (
	ReasonNone        Reason = iota // the game is not over
	ReasonRules                     // the rules ended the game (game.State's Outcome; Game.Winner "" for a draw)
	ReasonResign                    // a player resigned
	ReasonTimeout                   // a player's time for a move ran out and the opponent claimed the win
	ReasonAgreed                    // the players agreed to a draw (Game.Winner is "")
	ReasonForfeit                   // a tournament game forfeited by a player who withdrew (not counted in the standings)
	ReasonAdjudicated               // a tournament game ended at its round's deadline by the organizer's rule (Winner "" for a draw)
)

var reasonNames = [...]string{"", "rules", "resignation", "timeout", "agreed", "forfeit", "adjudicated"}

// String returns "rules", "resignation", "timeout", "agreed", "forfeit",
// "adjudicated" or "" for ReasonNone.
func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("reason(%d)", uint8(r))
}

// MarshalText encodes the reason by name.
func (r Reason) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText decodes a reason name; "majority", the name schema 5
// stored for a game of its first kind that the rules ended, is
// ReasonRules.
func (r *Reason) UnmarshalText(b []byte) error {
	if string(b) == "majority" {
		*r = ReasonRules
		return nil
	}
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
	Kind       game.Kind     `json:"kind"`               // the game challenged to
	Terms      game.Terms    `json:"terms,omitempty"`    // its terms, normalized by CreateChallenge
	Rated      bool          `json:"rated,omitempty"`
	MoveTime   time.Duration `json:"move_time,omitempty"` // time per move; 0 for none
	Message    string        `json:"message,omitempty"`   // the message showing the challenge, set by SetChallengeMessage
	Created    time.Time     `json:"created"`
	Expires    time.Time     `json:"expires"`

	// OpponentFirst makes the opponent the first player (Players[0]) of
	// the game, as in a rematch offered by the last game's first player.
	// Seat 0 is the first player (game.Seat).
	OpponentFirst bool `json:"opponent_first,omitempty"`
}

// Expired reports whether the challenge has expired at now.
func (c Challenge) Expired(now time.Time) bool { return !now.Before(c.Expires) }

// Game is an active or finished game of any kind. Players[0] is seat 0
// (game.Seat), the game's first player; what a seat plays is the game's
// business (its Rules and Terms). In a game from a challenge seat 0 is the
// challenger, or the opponent when the challenge has OpponentFirst; in a
// game against the computer it is the human, or the computer when
// StartAIGame's aiFirst. Record (the whole turns) and Open (the actions of
// a turn under way, for a game whose turns may be played a step at a
// time) are in the game's notation, the source of truth; the store
// replays them with the kind's Rules (State).
type Game struct {
	ID        uint64        `json:"id"`
	Guild     string        `json:"guild"`
	Channel   string        `json:"channel"`          // the channel the challenge was made in
	Thread    string        `json:"thread,omitempty"` // the thread the game is played in, if any
	Message   string        `json:"message,omitempty"`
	Players   [2]string     `json:"players"`
	Kind      game.Kind     `json:"kind"`            // the game played
	Terms     game.Terms    `json:"terms,omitempty"` // its terms, normalized
	Record    string        `json:"record"`
	Open      string        `json:"open,omitempty"`
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
	// opponent, "" in a game between people; AILevel is its strength
	// ("easy", "medium" or "hard"). Games against the AI are archived but
	// never counted in the standings.
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

	// Tournament is the ID of the tournament the game is played in (0
	// for none), Round its round there; Players[0] is the pairing's
	// White. Its end is recorded in the tournament in the transaction
	// that ends it (tournaments.go).
	Tournament uint64 `json:"tournament,omitempty"`
	Round      int    `json:"round,omitempty"`

	state game.State // Record and Open replayed
}

// State returns the game replayed from its record by the rules of its
// kind. Games returned by the store are replayed; a Game built by hand
// has none (nil).
func (g Game) State() game.State { return g.state }

// Seat returns the seat of user, and false for a non-player.
func (g Game) Seat(user string) (game.Seat, bool) {
	switch user {
	case "":
	case g.Players[0]:
		return 0, true
	case g.Players[1]:
		return 1, true
	}
	return game.NoSeat, false
}

// Player returns the user ID of the player of seat s ("" for NoSeat).
func (g Game) Player(s game.Seat) string {
	if s == 0 || s == 1 {
		return g.Players[s]
	}
	return ""
}

// Over reports whether the game has ended, by the rules or by resignation,
// timeout or agreement.
func (g Game) Over() bool {
	if g.Reason != ReasonNone {
		return true
	}
	return g.state != nil && g.state.Outcome().Over
}

// ToAct returns the user ID of the player who acts next, or "" when the
// game is over (or not replayed).
func (g Game) ToAct() string {
	if g.Over() || g.state == nil {
		return ""
	}
	return g.Player(g.state.ToAct())
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
// count drawn games. Rating, RD and Volatility
// are the Glicko-2 values (1500, 350, 0.06 for a new player); they change
// only through Options.Rate.
type Standing struct {
	Guild      string    `json:"guild"`
	User       string    `json:"user"`
	Kind       game.Kind `json:"kind"` // the game the standing is of
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

func newStanding(kind game.Kind, guild, user string) Standing {
	return Standing{Guild: guild, User: user, Kind: kind, Rating: InitialRating, RD: InitialRD, Volatility: InitialVolatility}
}

// Settings are one guild's settings. Zero fields mean "use the default".
type Settings struct {
	Guild        string                   `json:"guild"`
	Defaults     map[game.Kind]game.Terms `json:"defaults,omitempty"`      // default terms of a challenge, by game (a term absent: the game's default)
	MoveTime     time.Duration            `json:"move_time,omitempty"`     // default time per move
	ChallengeTTL time.Duration            `json:"challenge_ttl,omitempty"` // how long a challenge stays open
	Locale       string                   `json:"locale,omitempty"`
	Values       map[string]string        `json:"values,omitempty"` // other settings, by name
}
