package amazonsmod

import (
	"strings"

	"github.com/veletasbot/veletas/game/amazons"
)

// MaxChoices is the most choices an autocomplete answer holds (Discord's
// limit).
const MaxChoices = 25

// Choice is one suggestion: the label shown and the value the option
// takes when it is picked.
type Choice struct {
	Label, Value string
}

// squareNames are the squares' names, so that suggesting them does not
// allocate.
var squareNames = func() (n [amazons.Squares]string) {
	for s := range n {
		n[s] = amazons.Square(s).String()
	}
	return n
}()

// Complete suggests the legal values of the option focused of `/amazons
// move` in pos, at most MaxChoices, those that start with typed (any
// case, spaces around ignored), given the options typed so far (opts):
//
//   - amazon: the side to move's amazons that can move; label and value
//     the square ("d1").
//   - to: where the amazon of the amazon option can move; the label is
//     the move ("d1-d7"), the value the square ("d7").
//   - arrow: where it can shoot from the to square, the square it left
//     being empty; the label is the whole turn ("d1-d7/g7"), the value
//     the square ("g7").
//   - turn: the legal turns whose notation starts with typed.
//
// It suggests nothing when the game is over, when an option it depends on
// is missing or not legal, and for any other option. Squares are listed
// from a1 to j10, rank by rank.
func Complete(pos amazons.Position, opts map[string]string, focused, typed string) []Choice {
	if len(typed) > maxOptionLen || pos.Over() {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	switch focused {
	case OptAmazon:
		return completeAmazon(pos, typed)
	case OptTo:
		from, ok := optAmazon(pos, opts)
		if !ok {
			return nil
		}
		return completeTo(pos, from, typed)
	case OptArrow:
		from, ok := optAmazon(pos, opts)
		if !ok {
			return nil
		}
		to, err := ParseSquare(OptTo, opts[OptTo])
		if err != nil || pos.CheckMove(amazons.Move{From: from, To: to}) != nil {
			return nil
		}
		return completeArrow(pos, amazons.Move{From: from, To: to}, typed)
	case OptTurn:
		return completeTurn(pos, typed)
	}
	return nil
}

// optAmazon reads the amazon option: a square holding an amazon of the
// side to move.
func optAmazon(pos amazons.Position, opts map[string]string) (amazons.Square, bool) {
	s, err := ParseSquare(OptAmazon, opts[OptAmazon])
	if err != nil || pos.At(s) != amazons.AmazonOf(pos.ToMove()) {
		return amazons.NoSquare, false
	}
	return s, true
}

// squareSet is a set of squares listed in board order.
type squareSet [amazons.Squares]bool

func completeAmazon(pos amazons.Position, typed string) []Choice {
	var buf [4 * 40]amazons.Move
	var set squareSet
	for _, m := range pos.AppendMoves(buf[:0]) {
		set[m.From] = true
	}
	return squareChoices(&set, typed, "")
}

func completeTo(pos amazons.Position, from amazons.Square, typed string) []Choice {
	var buf [4 * 40]amazons.Move
	var set squareSet
	for _, m := range pos.AppendMoves(buf[:0]) {
		if m.From == from {
			set[m.To] = true
		}
	}
	return squareChoices(&set, typed, squareNames[from]+"-")
}

func completeArrow(pos amazons.Position, m amazons.Move, typed string) []Choice {
	var buf [40]amazons.Square
	var set squareSet
	for _, s := range pos.AppendShots(buf[:0], m) {
		set[s] = true
	}
	return squareChoices(&set, typed, squareNames[m.From]+"-"+squareNames[m.To]+"/")
}

// squareChoices lists the squares of set whose name starts with typed,
// each labelled with label before its name.
func squareChoices(set *squareSet, typed, label string) []Choice {
	n := 0
	for s, in := range set {
		if in && strings.HasPrefix(squareNames[s], typed) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]Choice, 0, min(n, MaxChoices))
	for s, in := range set {
		if !in || !strings.HasPrefix(squareNames[s], typed) {
			continue
		}
		name := squareNames[s]
		c := Choice{Label: name, Value: name}
		if label != "" {
			c.Label = label + name
		}
		out = append(out, c)
		if len(out) == MaxChoices {
			break
		}
	}
	return out
}

// completeTurn lists the legal turns whose notation starts with typed,
// amazon by amazon in board order, then by destination and arrow in
// board order.
func completeTurn(pos amazons.Position, typed string) []Choice {
	var mbuf [4 * 40]amazons.Move
	var sbuf [40]amazons.Square
	moves := pos.AppendMoves(mbuf[:0])
	var out []Choice
	var text [16]byte
	for from := range amazons.Square(amazons.Squares) {
		if pos.At(from) != amazons.AmazonOf(pos.ToMove()) || !compatible(squareNames[from]+"-", typed) {
			continue
		}
		var tos squareSet
		for _, m := range moves {
			if m.From == from {
				tos[m.To] = true
			}
		}
		for to, in := range tos {
			if !in {
				continue
			}
			m := amazons.Move{From: from, To: amazons.Square(to)}
			b := append(append(append(text[:0], squareNames[from]...), '-'), squareNames[to]...)
			b = append(b, '/')
			if !compatible(string(b), typed) {
				continue
			}
			var shots squareSet
			for _, s := range pos.AppendShots(sbuf[:0], m) {
				shots[s] = true
			}
			for a, in := range shots {
				if !in {
					continue
				}
				t := string(append(b, squareNames[a]...))
				if !strings.HasPrefix(t, typed) {
					continue
				}
				if out == nil {
					out = make([]Choice, 0, MaxChoices)
				}
				out = append(out, Choice{Label: t, Value: t})
				if len(out) == MaxChoices {
					return out
				}
			}
		}
	}
	return out
}

// compatible reports whether a turn whose text starts with prefix may
// start with typed: one of them starts with the other.
func compatible(prefix, typed string) bool {
	if len(typed) <= len(prefix) {
		return strings.HasPrefix(prefix, typed)
	}
	return strings.HasPrefix(typed, prefix)
}
