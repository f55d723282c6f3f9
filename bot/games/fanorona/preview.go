package fanoronamod

import (
	"bytes"
	"fmt"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/fanorona"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Previewer = Module{}

// PreviewWidth is the width of the picker's preview: small, for a phone.
const PreviewWidth = 360

// Preview draws g small, the piece chosen ringed, the points of marks it
// steps through drawn as the path of a turn.
func (Module) Preview(b *bot.Bot, g store.Game, marks []string, lk bot.Look) (bot.Image, error) {
	fg, pos := fmatch(g).Game(), fmatch(g).Position()
	s := fanoronarender.GameScene(fg)
	s.Position, s.Lang = pos, lk.Lang
	if len(marks) == 1 {
		if pt, err := fanorona.ParsePoint(marks[0]); err == nil {
			s.Selected = 1 << pt
		}
	}
	if len(marks) >= 2 {
		var steps []fanorona.Step
		for i := 1; i < len(marks); i++ {
			from, err1 := fanorona.ParsePoint(marks[i-1])
			to, err2 := fanorona.ParsePoint(marks[i])
			if err1 != nil || err2 != nil {
				steps = nil
				break
			}
			steps = append(steps, fanorona.Step{From: from, To: to})
		}
		if t, ok := fanorona.NewTurn(steps...); ok {
			s.Last, s.Captured = t, 0
		}
	}
	o := b.RenderOptions()
	o.Width = PreviewWidth
	r, err := drawer(b, o, lk.Theme, false)
	if err != nil {
		return bot.Image{}, err
	}
	var buf bytes.Buffer
	if err := r.PNG(&buf, s); err != nil {
		return bot.Image{}, fmt.Errorf("bot: drawing the preview: %w", err)
	}
	return bot.Image{Name: fmt.Sprintf("pick-%d-%d.png", g.ID, g.Revision), PNG: buf.Bytes()}, nil
}
