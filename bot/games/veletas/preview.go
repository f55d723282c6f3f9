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
	s.Lang = lk.Lang
	if len(marks) > 0 {
		s.Last, s.Claimed = veletas.Action{}, veletas.Bits{}
		for _, m := range marks {
			if sq, err := veletas.ParseSquare(m); err == nil {
				s.Hint.Selected = s.Hint.Selected.With(sq)
			}
		}
	}
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
