package amazonsmod_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/bot"
	amazonsmod "github.com/veletasbot/veletas/bot/games/amazons"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/internal/gifframes"
	"github.com/veletasbot/veletas/render"
	ramazons "github.com/veletasbot/veletas/render/amazons"
	"github.com/veletasbot/veletas/store"
)

// TestReplayEndsAsTheGameDid: the replay of a game resigned in French
// ends on the picture the final card shows (the strip says who won and
// how, in French), not on "Black to move" in English.
func TestReplayEndsAsTheGameDid(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{Replay: render.Options{Width: 480}})
	last, fin := e.ResignedReplay("amazons", "fr", 2, func(g store.Game) []string {
		turn := g.State().(amazons.Match).Position().LegalTurns()[0]
		return []string{"amazon=" + turn.From.String(), "to=" + turn.To.String(), "arrow=" + turn.Arrow.String()}
	})
	ag := fin.State().(amazons.Match).Game
	s, _ := fin.Seat(fin.Winner)
	r, err := ramazons.New(e.Bot.ReplayOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := decode(t, r, amazonsmod.EndScene(ag, "fr", amazonsmod.SideOf(s), render.EndResign))
	if !gifframes.Same(last, want) {
		t.Error("the replay's last frame is not the final card's picture of the resigned game, in French")
	}
	if gifframes.Same(last, decode(t, r, ramazons.GameScene(ag))) {
		t.Error("the replay's last frame is the picture of a game under way, in English")
	}
}

// decode draws scene s with r and decodes it.
func decode(t *testing.T, r *ramazons.Renderer, s ramazons.Scene) image.Image {
	t.Helper()
	b, err := amazonsmod.PNG(r, s)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return img
}
