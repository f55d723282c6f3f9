package veletas

import "strings"

// Rules is the rule set a game is played under. The zero value is Classic,
// so that every game is classic unless it is created otherwise.
type Rules uint8

// The two rule sets (../shared/veletas-notation.md, "Revised rules").
const (
	// Classic is the rule set of the published rules sheets: setup
	// shooters may not touch, and every piece blocks moves and shots.
	Classic Rules = iota
	// Revised is the author's later version: setup shooters may touch but
	// may not stand on the edge of the board, and moves and shots pass
	// over shooters (claimed or not); only stones block them. A shooter is
	// trapped when it cannot move.
	Revised
)

// AllRules lists the rule sets, the default first.
var AllRules = []Rules{Classic, Revised}

// Valid reports whether r is one of the rule sets.
func (r Rules) Valid() bool { return r == Classic || r == Revised }

// String is the rule set's name in records and options: "classic" or
// "revised".
func (r Rules) String() string {
	switch r {
	case Classic:
		return "classic"
	case Revised:
		return "revised"
	}
	return "rules(" + itoa(int(r)) + ")"
}

// ParseRules reads "classic" or "revised" (any case).
func ParseRules(text string) (Rules, error) {
	switch strings.ToLower(text) {
	case "classic":
		return Classic, nil
	case "revised":
		return Revised, nil
	}
	return 0, textErr(ErrBadRules, "rules "+quote(text)+" are not known: use classic or revised", text)
}

// Option is how a game or a position is made, for NewGame, NewPosition,
// ParsePosition and RandomGame; without options they make a game under
// the classic rules. An option is a small value, not a closure, so that
// passing one allocates nothing (RandomGame runs in the AI's playouts);
// apply takes and returns the config by value so that it does not escape.
type Option interface{ apply(c config) config }

// config is what the options set.
type config struct {
	rules Rules
}

// WithRules makes a game or a position under the rule set r (one of
// AllRules; another value is refused with ErrBadRules).
func WithRules(r Rules) Option { return rulesOption(r) }

// rulesOption is the Option of WithRules.
type rulesOption Rules

func (r rulesOption) apply(c config) config {
	c.rules = Rules(r)
	return c
}

// configOf applies the options to the defaults.
func configOf(opts []Option) config {
	var c config
	for _, o := range opts {
		c = o.apply(c)
	}
	return c
}

// errRules is the error of an unknown rule set r.
func errRules(r Rules) error {
	return textErr(ErrBadRules, "rules "+r.String()+" are not known: use classic or revised", r.String())
}
