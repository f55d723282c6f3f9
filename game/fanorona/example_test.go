package fanorona_test

import (
	"errors"
	"fmt"

	"github.com/veletasbot/veletas/game/fanorona"
)

// A player plays a capture sequence one step at a time, as the bot lets
// them: a first step, then another step of the same piece or stop.
func ExamplePosition_Step() {
	p, _ := fanorona.ParsePosition("9/2b6/4b4/1w1b5/b8 w 0", fanorona.Fanorona)
	first, _ := fanorona.ParseStep("b2-c2A")
	p, _ = p.Step(first)
	piece, _ := p.MovingPiece()
	fmt.Println(p.State(), "with the piece on", piece, "- it may go on with", p.Steps(nil))

	// Another piece may not join in.
	_, err := p.Step(fanorona.Step{From: fanorona.NewPoint(0, 0), To: fanorona.NewPoint(1, 0)})
	fmt.Println(errors.Is(err, fanorona.ErrOtherPiece), err)

	// The same piece goes on, then stops.
	p, _ = p.Step(fanorona.Step{From: piece, To: fanorona.NewPoint(2, 2), Capture: fanorona.Approach})
	fmt.Println(p.State(), p.Steps(nil))
	p, _ = p.Stop()
	fmt.Println(p.State(), p.ToMove(), "to move:", p)
	// Output:
	// sequence with the piece on c2 - it may go on with [c2-c3A]
	// true only the piece on c2 may continue this capture, not the one on a1
	// sequence [c3-d3A]
	// turn black to move: 9/9/2w1b4/9/b8 b 0
}

// Whole turns: the legal turns of Véla's start and one applied; then
// Black, in Véla's first phase, may not capture.
func ExamplePosition_LegalTurns() {
	p := fanorona.NewPosition(fanorona.Vela)
	fmt.Println(p.LegalTurns(nil))
	p, err := p.ApplyToken("e2-e3A")
	fmt.Println(p, err)
	_, err = p.ApplyToken("e5-e4A")
	fmt.Println(errors.Is(err, fanorona.ErrPhase), err)
	// Output:
	// [d3-e3A d3-e3W d2-e3A e2-e3A f2-e3A]
	// bbbbbbbbb/bbbb1bbbb/bwbwwbwbw/wwww1wwww/wwwwwwwww b 0 <nil>
	// true in the first phase of Véla Black may not capture: e5-e4A (Black captures once it has five pieces or fewer)
}
