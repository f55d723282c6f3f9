package amazonsmod

import (
	"fmt"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/store"
)

var _ bot.Previewer = Module{}

// PreviewWidth is the width of the picker's preview: small, for a phone.
const PreviewWidth = 360

// Preview draws g small with the squares of marks (the amazon, its
// destination, the arrow picked so far) tinted instead of the last turn.
func (Module) Preview(b *bot.Bot, g store.Game, marks []string, lk bot.Look) (bot.Image, error) {
	scene := Scene(match(g).Game, lk.Lang)
	scene.Lang = lk.Lang
	if len(marks) > 0 {
		scene.HasLast = false
		for _, m := range marks {
			if sq, err := amazons.ParseSquare(m); err == nil {
				scene.Selected = append(scene.Selected, sq)
				scene.Picked = append(scene.Picked, sq) // the amazon drawn where it goes
			}
		}
	}
	o := b.RenderOptions()
	o.Width = PreviewWidth
	r, err := drawer(b, o, lk.Theme, false)
	if err != nil {
		return bot.Image{}, err
	}
	png, err := PNG(r, scene)
	if err != nil {
		return bot.Image{}, fmt.Errorf("bot: drawing the preview: %w", err)
	}
	return bot.Image{Name: fmt.Sprintf("pick-%d-%d.png", g.ID, g.Revision), PNG: png}, nil
}
