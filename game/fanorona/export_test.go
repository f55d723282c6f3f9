package fanorona

import "math/rand/v2"

// RandomGame plays a whole random game of the variant from the start.
func RandomGame(v Variant, r *rand.Rand) (Position, int) {
	return NewPosition(v).Playout(r)
}
