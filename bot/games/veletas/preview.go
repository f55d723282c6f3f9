package veletasmod

import (
	"bytes"
	"fmt"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Previewer = Module{}

// PreviewWidth is the width of the picker's preview: small, for a phone.
const PreviewWidth = 360

// Preview draws g small with the squares of marks selected (the picker's
// choices so far) instead of the last action.
func (Module) Preview(b *bot.Bot, g store.Game, marks []string, lk bot.Look) (bot.Image, error) {
	st := vstate(g)
	s := veletasrender.GameScene(st)
	if len(marks) > 0 {
		s.Last, s.Claimed = veletas.Action{}, veletas.Bits{}
		var sqs []veletas.Square
		for _, m := range marks {
			if sq, err := veletas.ParseSquare(m); err == nil {
				s.Hint.Selected = s.Hint.Selected.With(sq)
				sqs = append(sqs, sq)
			}
		}
		// What the next choice may be is marked: where the shooter may
		// go, then where it may shoot; once the choices make an action,
		// the board shows it played, as Confirm will.
		pos := st.Position()
		if step, err := vmatch(g).Pick(marks); err == nil {
			switch {
			case step.Done():
				if after, err := st.PlayToken(step.Action); err == nil {
					s = veletasrender.GameScene(after)
				}
			case step.Key == veletas.KeyTo && len(sqs) == 1:
				s.Hint.Marks = pos.Destinations(sqs[0])
			case step.Key == veletas.KeyShot && len(sqs) == 2:
				s.Hint.Marks = pos.Shots(sqs[0], sqs[1])
			}
		}
	}
	s.Lang = lk.Lang
	o := b.RenderOptions()
	o.Width = PreviewWidth
	r, err := themed(b, o, lk.Theme, false)
	if err != nil {
		return bot.Image{}, err
	}
	var buf bytes.Buffer
	if err := r.PNG(&buf, s); err != nil {
		return bot.Image{}, fmt.Errorf("bot: drawing the preview: %w", err)
	}
	return bot.Image{Name: fmt.Sprintf("pick-%d-%d.png", g.ID, g.Revision), PNG: buf.Bytes()}, nil
}
