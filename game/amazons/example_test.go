package amazons_test

import (
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game/amazons"
)

// A turn applied to the start, and a turn the rules refuse, with the
// rule and its details.
func Example() {
	p := amazons.Start()
	fmt.Println(p.CountTurns(), "turns from the start")

	t, _ := amazons.ParseTurn("D1-d7/G7")
	p, err := p.Apply(t)
	fmt.Println(t, err)
	fmt.Println(p)

	bad, _ := amazons.ParseTurn("d10-d5/d6")
	_, err = p.Apply(bad)
	var re *amazons.RuleError
	if errors.As(err, &re) && errors.Is(err, amazons.ErrMoveBlocked) {
		fmt.Println("blocked by the", re.Piece, "on", re.Square)
	}
	fmt.Println(err)
	// Output:
	// 2176 turns from the start
	// d1-d7/g7 <nil>
	// 3b2b3/10/10/b2w2x2b/10/10/w8w/10/10/6w3 b
	// blocked by the white amazon on d7
	// d10-d5 passes over White's amazon on d7
}

// Replaying a record: the token that fails is named by its number.
func ExampleParseRecordString() {
	_, err := amazons.ParseRecordString("# a game\nd1-d7/g7\nj7-h7/h1\nd7-d7/d8\n")
	var te *amazons.TokenError
	if errors.As(err, &te) {
		fmt.Println(te.N, te.Token, errors.Is(err, amazons.ErrZeroMove))
	}
	fmt.Println(err)
	// Output:
	// 3 d7-d7/d8 true
	// token 3 'd7-d7/d8': d7-d7: an amazon must move at least one square
}
