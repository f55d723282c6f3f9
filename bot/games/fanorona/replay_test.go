package fanoronamod_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/gifframes"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

// TestReplayEndsAsTheGameDid: the replay of a game resigned in Japanese
// ends on the picture the final card shows (the strip says who won, in
// Japanese), not on whose turn it was, in English.
func TestReplayEndsAsTheGameDid(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{Replay: render.Options{Width: 480}})
	last, fin := e.ResignedReplay("fanorona", "ja", 2, func(g store.Game) []string {
		return []string{"path=" + g.State().(fanorona.Match).Position().LegalTurns(nil)[0].String()}
	})
	m := fin.State().(fanorona.Match)
	s, _ := fin.Seat(fin.Winner)
	r, err := fanoronarender.New(e.Bot.ReplayOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := fanoronarender.GameScene(m.Game())
	want.Winner, want.HasWinner, want.Lang = m.ColorOf(s), true, "ja"
	if !gifframes.Same(last, decode(t, r, want)) {
		t.Error("the replay's last frame is not the final card's picture of the resigned game, in Japanese")
	}
	if gifframes.Same(last, decode(t, r, fanoronarender.GameScene(m.Game()))) {
		t.Error("the replay's last frame is the picture of a game under way, in English")
	}
}

// decode draws scene s with r and decodes it.
func decode(t *testing.T, r *fanoronarender.Renderer, s fanoronarender.Scene) image.Image {
	t.Helper()
	var b bytes.Buffer
	if err := r.PNG(&b, s); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	return img
}
