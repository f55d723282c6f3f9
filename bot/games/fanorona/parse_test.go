package fanoronamod

import (
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/fanorona"
)

// FuzzFanoronaMove: parseFanoronaMove never panics; what it accepts is a
// turn that reads back from its text, or a step between two points, and
// what it refuses is refused with a sentence for the player.
func FuzzFanoronaMove(f *testing.F) {
	f.Add("d2-e3A-e4W", "", "", "", false)
	f.Add("", "d2", "e3", "approach", false)
	f.Add("", "", "e4", "w", true)
	f.Add("", "D2", "E3", "", false)
	f.Add("d2-", "z9", "e3", "sideways", true)
	seq := func() fanorona.Position {
		p := fanorona.NewPosition(fanorona.Fanorona)
		for _, tok := range []string{"d2-e3A", "c3-d2A"} { // any turns: the position only varies the input
			if q, err := p.ApplyToken(tok); err == nil {
				p = q
			}
		}
		return p
	}()
	f.Fuzz(func(t *testing.T, path, from, to, capture string, mid bool) {
		pos := fanorona.NewPosition(fanorona.Fanorona)
		if mid {
			pos = seq
		}
		m, err := parseFanoronaMove(pos, map[string]string{"path": path, "from": from, "to": to, "capture": capture})
		if err != nil {
			if text, ok := bot.RefusalText(err, ""); !ok || text == "" {
				t.Fatalf("refusal without a sentence: %v", err)
			}
			return
		}
		if m.Whole {
			back, err := fanorona.ParseTurn(m.Turn.String())
			if err != nil || back != m.Turn {
				t.Fatalf("turn %q does not read back: %v", m.Turn, err)
			}
			return
		}
		if !m.Step.From.Valid() || !m.Step.To.Valid() {
			t.Fatalf("step off the board: %+v", m.Step)
		}
	})
}
