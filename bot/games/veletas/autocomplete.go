package veletasmod

import (
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
)

// squareChoices lists the squares of set whose name starts with typed
// (any case), prefixing each value with prefix.
func squareChoices(set veletas.Bits, typed, prefix string) []bot.Choice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []bot.Choice
	for _, sq := range set.Squares() {
		name := sq.String()
		if !strings.HasPrefix(name, typed) {
			continue
		}
		out = append(out, bot.Choice{Name: prefix + name, Value: prefix + name})
		if len(out) == bot.MaxChoices {
			break
		}
	}
	return out
}

// optSquare reads an already typed square option; ok is false when it is
// missing or not a square of the board.
func optSquare(pos veletas.Position, opts map[string]string, name string) (veletas.Square, bool) {
	sq, err := parseSquare(name, opts[name], pos.Size())
	return sq, err == nil
}

// around is the set of squares next to sq (diagonals count) and sq itself.
func around(sq veletas.Square, size veletas.Size) veletas.Bits {
	var b veletas.Bits
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, r := sq.File()+df, sq.Rank()+dr
			if f >= 0 && r >= 0 && f < int(size) && r < int(size) {
				b = b.With(veletas.Sq(f, r))
			}
		}
	}
	return b
}

// completeShooters suggests the next shooter of a setup: the squares typed
// so far are kept, and the last, partial one is completed with empty
// squares away from every shooter on the board or already typed.
func completeShooters(pos veletas.Position, opts map[string]string, typed string) []bot.Choice {
	if pos.Phase() != veletas.PhaseSetup1 && pos.Phase() != veletas.PhaseSetup2 || len(typed) > bot.MaxOptionLen {
		return nil
	}
	fields := strings.FieldsFunc(strings.Trim(strings.TrimSpace(typed), "[]"), func(r rune) bool { return r == ',' || r == ' ' })
	partial := ""
	if len(fields) > 0 && !strings.HasSuffix(typed, " ") && !strings.HasSuffix(typed, ",") {
		partial, fields = fields[len(fields)-1], fields[:len(fields)-1]
	}
	// Under the classic rules shooters keep apart; under the revised
	// rules they keep off the edge of the board and may touch.
	revised := pos.Rules() == veletas.Revised
	free := pos.Empties()
	if revised {
		free = free.And(insideSquares(pos.Size()))
	} else {
		for _, sq := range pos.Unclaimed().Squares() {
			free = free.AndNot(around(sq, pos.Size()))
		}
	}
	var prefix strings.Builder
	for _, f := range fields {
		sq, err := parseSquare("shooters", f, pos.Size())
		if err != nil || !free.Has(sq) {
			return nil
		}
		if revised {
			free = free.Without(sq)
		} else {
			free = free.AndNot(around(sq, pos.Size()))
		}
		prefix.WriteString(sq.String() + " ")
	}
	if len(fields) >= pos.Size().Shooters() {
		return nil
	}
	return squareChoices(free, partial, prefix.String())
}

// insideSquares is the board without its edge, where the revised rules
// let setups place shooters.
func insideSquares(size veletas.Size) veletas.Bits {
	var in veletas.Bits
	n := int(size)
	for r := 1; r < n-1; r++ {
		for f := 1; f < n-1; f++ {
			in = in.With(veletas.Sq(f, r))
		}
	}
	return in
}

// completeStone suggests empty squares not taken by the shooters typed.
func completeStone(pos veletas.Position, opts map[string]string, typed string) []bot.Choice {
	if pos.Phase() != veletas.PhaseSetup1 && pos.Phase() != veletas.PhaseSetup2 {
		return nil
	}
	free := pos.Empties()
	if list, err := ParseSquareList("shooters", opts["shooters"], pos.Size()); err == nil {
		for _, sq := range list {
			free = free.Without(sq)
		}
	}
	return squareChoices(free, typed, "")
}

// completeMover suggests the unclaimed shooters that can act: move or
// shoot without moving.
func completeMover(pos veletas.Position, opts map[string]string, typed string) []bot.Choice {
	if pos.Phase() != veletas.PhasePlay {
		return nil
	}
	var can veletas.Bits
	for _, sq := range pos.Unclaimed().Squares() {
		if !pos.Destinations(sq).Empty() || !pos.Shots(sq, veletas.NoSquare).Empty() {
			can = can.With(sq)
		}
	}
	return squareChoices(can, typed, "")
}

// completeTo suggests where the chosen shooter may move.
func completeTo(pos veletas.Position, opts map[string]string, typed string) []bot.Choice {
	from, ok := optSquare(pos, opts, "shooter")
	if !ok || pos.Phase() != veletas.PhasePlay {
		return nil
	}
	return squareChoices(pos.Destinations(from), typed, "")
}

// completeShot suggests the shots of the chosen shooter, after its move
// when `to` is typed.
func completeShot(pos veletas.Position, opts map[string]string, typed string) []bot.Choice {
	from, ok := optSquare(pos, opts, "shooter")
	if !ok || pos.Phase() != veletas.PhasePlay {
		return nil
	}
	to := veletas.NoSquare
	if strings.TrimSpace(opts["to"]) != "" {
		if to, ok = optSquare(pos, opts, "to"); !ok {
			return nil
		}
	}
	return squareChoices(pos.Shots(from, to), typed, "")
}
