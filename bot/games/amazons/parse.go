package amazonsmod

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/veletasbot/veletas/game/amazons"
)

// The options of `/amazons move`.
const (
	OptAmazon = "amazon" // the square of the amazon that moves
	OptTo     = "to"     // where it moves
	OptArrow  = "arrow"  // where it shoots its arrow
	OptTurn   = "turn"   // the whole turn in the notation: d1-d7/g7
)

// MoveOptions lists the options of `/amazons move` in the order the
// command declares them.
var MoveOptions = []string{OptAmazon, OptTo, OptArrow, OptTurn}

// maxOptionLen bounds one option's value in bytes: Discord caps it, but
// the console and a hostile client do not.
const maxOptionLen = 100

// ErrInput marks a refusal of what the player typed (errors.Is).
var ErrInput = errors.New("amazons: bad input")

// Refusal is a refusal of the player's input: a message key of Texts and
// its arguments (already quoted user text, option names, square names in
// backquotes), worded in the user's language by Text(lang, Key, Args...).
type Refusal struct {
	Key  string
	Args []any
}

// Error returns the refusal in English.
func (r *Refusal) Error() string { return Text("en", r.Key, r.Args...) }

// Unwrap returns ErrInput.
func (r *Refusal) Unwrap() error { return ErrInput }

func refuse(key string, args ...any) error { return &Refusal{Key: key, Args: args} }

// Quote shows a value typed by a user in a message, as the bot does:
// clipped to 24 bytes, printable, in backquotes it cannot break out of.
func Quote(s string) string {
	if len(s) > 24 {
		cut := 24
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	s = strings.Map(func(r rune) rune {
		if r == '`' || r < ' ' || r == utf8.RuneError {
			return '?'
		}
		return r
	}, s)
	return "`" + s + "`"
}

// code writes notation in backquotes.
func code(s string) string { return "`" + s + "`" }

// ParseMove reads the options of `/amazons move` into a turn: amazon, to
// and arrow, or turn alone. It checks the form only (squares on the
// board, the options given); the rules are Position.Apply's, whose
// refusals RuleRefusalOf words. A refusal is a *Refusal:
//
//	amazons.move.both       turn given with amazon, to or arrow
//	amazons.move.need       no option given
//	amazons.move.missing    amazon, to or arrow left out (arg: the option)
//	amazons.move.badturn    turn not in the notation (arg: the text)
//	amazons.square.bad      an option is not a square (args: option, text)
//	amazons.square.off      a square off the board, such as k5 (args: option, text)
func ParseMove(opts map[string]string) (amazons.Turn, error) {
	tt := strings.TrimSpace(opts[OptTurn])
	a, to, ar := strings.TrimSpace(opts[OptAmazon]), strings.TrimSpace(opts[OptTo]), strings.TrimSpace(opts[OptArrow])
	if tt != "" {
		if a != "" || to != "" || ar != "" {
			return amazons.Turn{}, refuse("amazons.move.both")
		}
		if len(tt) > maxOptionLen {
			return amazons.Turn{}, refuse("amazons.move.badturn", Quote(tt))
		}
		t, err := amazons.ParseTurn(tt)
		if err != nil {
			return amazons.Turn{}, refuse("amazons.move.badturn", Quote(tt))
		}
		return t, nil
	}
	if a == "" && to == "" && ar == "" {
		return amazons.Turn{}, refuse("amazons.move.need")
	}
	var sq [3]amazons.Square
	for i, o := range [3]string{OptAmazon, OptTo, OptArrow} {
		s, err := ParseSquare(o, opts[o])
		if err != nil {
			return amazons.Turn{}, err
		}
		sq[i] = s
	}
	return amazons.Turn{From: sq[0], To: sq[1], Arrow: sq[2]}, nil
}

// ParseSquare reads one square option, such as "d1" (any case, spaces
// around it ignored); opt names the option in the refusal.
func ParseSquare(opt, text string) (amazons.Square, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return amazons.NoSquare, refuse("amazons.move.missing", code(opt))
	}
	if len(t) > 8 {
		return amazons.NoSquare, refuse("amazons.square.bad", code(opt), Quote(t))
	}
	s, err := amazons.ParseSquare(t)
	switch {
	case errors.Is(err, amazons.ErrOffBoard) || err != nil && squareLike(t):
		return amazons.NoSquare, refuse("amazons.square.off", code(opt), Quote(t))
	case err != nil:
		return amazons.NoSquare, refuse("amazons.square.bad", code(opt), Quote(t))
	}
	return s, nil
}

// squareLike reports whether t is written as a square of some board, a
// letter and one to three digits ("z9", "a0"), which is refused as off
// this board rather than as not a square.
func squareLike(t string) bool {
	if len(t) < 2 || len(t) > 4 {
		return false
	}
	if c := t[0] | 0x20; c < 'a' || c > 'z' {
		return false
	}
	for i := 1; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return false
		}
	}
	return true
}

// Word is an argument of a rule refusal's detail that is itself a message
// key of Texts, worded in the refusal's language (a piece's name).
type Word string

// RuleRefusal is a refusal by the rules as the texts word it: the key of
// the rule broken, the squares it concerns in backquoted notation, a
// detail key with its arguments (Word arguments are keys to translate),
// and the key of what to do. The bot's own wording of rule refusals takes
// these fields as they are ("Not allowed: reason (squares). Hint.
// Nothing was changed.").
type RuleRefusal struct {
	Reason  string   // amazons.rule.*
	Squares []string // squares or moves named, in backquotes, in order
	Detail  string   // "" or amazons.detail.*
	Args    []any
	Hint    string // amazons.hint.*
}

// ruleKeys are the reason and hint keys of each rule of the engine.
var ruleKeys = map[error][2]string{
	amazons.ErrGameOver:          {"amazons.rule.over", "amazons.hint.over"},
	amazons.ErrOffBoard:          {"amazons.rule.offboard", "amazons.hint.squares"},
	amazons.ErrNoAmazon:          {"amazons.rule.noamazon", "amazons.hint.amazon"},
	amazons.ErrNotYourAmazon:     {"amazons.rule.notyours", "amazons.hint.amazon"},
	amazons.ErrZeroMove:          {"amazons.rule.zeromove", "amazons.hint.to"},
	amazons.ErrNotQueenLine:      {"amazons.rule.queen", "amazons.hint.to"},
	amazons.ErrMoveBlocked:       {"amazons.rule.blocked", "amazons.hint.to"},
	amazons.ErrMoveOccupied:      {"amazons.rule.occupied", "amazons.hint.to"},
	amazons.ErrArrowNotQueenLine: {"amazons.rule.arrowqueen", "amazons.hint.arrow"},
	amazons.ErrArrowBlocked:      {"amazons.rule.arrowblocked", "amazons.hint.arrow"},
	amazons.ErrArrowOccupied:     {"amazons.rule.arrowoccupied", "amazons.hint.arrow"},
}

// RuleRefusalOf words an error of Position.Apply (a *RuleError, perhaps
// wrapped) from its fields; ok is false for any other error.
func RuleRefusalOf(err error) (rr RuleRefusal, ok bool) {
	var re *amazons.RuleError
	if !errors.As(err, &re) {
		return RuleRefusal{}, false
	}
	keys, known := ruleKeys[re.Rule]
	if !known {
		return RuleRefusal{Reason: "amazons.rule.other", Hint: "amazons.hint.squares"}, true
	}
	rr = RuleRefusal{Reason: keys[0], Hint: keys[1]}
	t := re.Turn
	move := func() string { return code(t.From.String() + "-" + t.To.String()) }
	shot := func() string { return code(t.To.String() + "/" + t.Arrow.String()) }
	switch re.Rule {
	case amazons.ErrGameOver:
		rr.Detail, rr.Args = "amazons.detail.over", []any{sideWord(re.Mover), sideWord(re.Mover.Other())}
	case amazons.ErrNoAmazon:
		rr.Squares = []string{code(re.Square.String())}
		if re.Piece == amazons.Arrow {
			rr.Reason = "amazons.rule.arrowthere"
		}
	case amazons.ErrNotYourAmazon:
		rr.Squares = []string{code(re.Square.String())}
		rr.Detail, rr.Args = "amazons.detail.notyours", []any{sideWord(re.Mover.Other()), sideWord(re.Mover)}
	case amazons.ErrZeroMove, amazons.ErrNotQueenLine:
		rr.Squares = []string{move()}
	case amazons.ErrMoveBlocked, amazons.ErrMoveOccupied:
		rr.Squares = []string{move()}
		rr.Detail, rr.Args = "amazons.detail.piece", []any{pieceWord(re.Piece), code(re.Square.String())}
	case amazons.ErrArrowNotQueenLine:
		rr.Squares = []string{shot()}
	case amazons.ErrArrowBlocked:
		rr.Squares = []string{shot()}
		rr.Detail, rr.Args = "amazons.detail.piece", []any{pieceWord(re.Piece), code(re.Square.String())}
	case amazons.ErrArrowOccupied:
		rr.Squares = []string{shot()}
		if re.Square == t.To {
			rr.Reason = "amazons.rule.arrowself"
			break
		}
		rr.Detail, rr.Args = "amazons.detail.piece", []any{pieceWord(re.Piece), code(re.Square.String())}
	}
	return rr, true
}

// Text words the refusal in lang as the bot does: "Not allowed: reason
// (squares; detail). Hint. Nothing was changed."
func (rr RuleRefusal) Text(lang string) string {
	reason := Text(lang, rr.Reason)
	var paren []string
	if len(rr.Squares) > 0 {
		paren = append(paren, strings.Join(rr.Squares, Text(lang, "amazons.sep.list")))
	}
	if rr.Detail != "" {
		paren = append(paren, Text(lang, rr.Detail, words(lang, rr.Args)...))
	}
	if len(paren) > 0 {
		reason += Text(lang, "amazons.paren", strings.Join(paren, Text(lang, "amazons.sep.detail")))
	}
	s := Text(lang, "amazons.notallowed", reason)
	if rr.Hint != "" {
		s += Text(lang, "amazons.sep.sentence") + Text(lang, rr.Hint)
	}
	return s + Text(lang, "amazons.sep.sentence") + Text(lang, "amazons.nochange")
}

// words translates the Word arguments.
func words(lang string, args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		if w, ok := a.(Word); ok {
			a = Text(lang, string(w))
		}
		out[i] = a
	}
	return out
}

func sideWord(s amazons.Side) Word {
	if s == amazons.Black {
		return "amazons.color.black"
	}
	return "amazons.color.white"
}

func pieceWord(pc amazons.Piece) Word {
	switch pc {
	case amazons.WhiteAmazon:
		return "amazons.piece.white"
	case amazons.BlackAmazon:
		return "amazons.piece.black"
	case amazons.Arrow:
		return "amazons.piece.arrow"
	}
	return "amazons.piece.none"
}
