package amazonsmod

import (
	"bytes"
	"image/png"
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
	ramazons "github.com/veletasbot/veletas/render/amazons"
)

func playGame(t testing.TB, turns ...string) amazons.Game {
	t.Helper()
	g := amazons.NewGame()
	for _, s := range turns {
		var err error
		if g, err = g.PlayToken(s); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestCardWords(t *testing.T) {
	for l, want := range map[string][3]string{
		"en": {"Amazons, game 7", "White", "Black"},
		"fr": {"Amazones, partie 7", "Blancs", "Noirs"},
		"ja": {"アマゾン・第7局", "白", "黒"},
	} {
		if got := Title(l, 7); got != want[0] {
			t.Errorf("%s title %q", l, got)
		}
		ps := Players(l, "W", "B")
		if len(ps) != 2 || ps[0] != (Player{"W", want[1]}) || ps[1] != (Player{"B", want[2]}) {
			t.Errorf("%s players %v", l, ps)
		}
		if p := Prompt(l, "<@U>", amazons.Black); !strings.HasPrefix(p, "<@U>") || !strings.Contains(p, want[2]) || !strings.Contains(p, "/amazons move") {
			t.Errorf("%s prompt %q", l, p)
		}
	}
	if got := Prompt("en", "<@U>", amazons.White); got != "<@U>, your turn (White): move an amazon, then shoot an arrow: `/amazons move amazon:… to:… arrow:…`." {
		t.Errorf("prompt %q", got)
	}
	if SideOf(0) != amazons.White || SideOf(1) != amazons.Black || SeatOf(amazons.Black) != game.Seat(1) || SeatOf(amazons.White) != 0 {
		t.Error("seat 0 is White")
	}
}

func TestLastTurnAndScore(t *testing.T) {
	if _, ok := LastTurn(amazons.NewGame()); ok {
		t.Error("a last turn before any")
	}
	g := playGame(t, "d1-d7/g7", "j7-h7/h1")
	if s, ok := LastTurn(g); !ok || s != "j7-h7/h1" {
		t.Errorf("last turn %q %v", s, ok)
	}
	pos := g.Position()
	name, v := Score("en", pos)
	if name != "Moves" || v != "White "+itoa(pos.Mobility(amazons.White))+" – Black "+itoa(pos.Mobility(amazons.Black)) {
		t.Errorf("score %q %q", name, v)
	}
	// Over: White's a1 amazon is walled in; Black holds the rest.
	over := mustPos(t, shutIn)
	terr := over.Territory()
	name, v = Score("fr", over)
	if name != "Territoire" || v != "Blancs 0 – Noirs "+itoa(terr.Count[amazons.Black]) || terr.Count[amazons.Black] < 80 {
		t.Errorf("score at the end %q %q (%v)", name, v, terr.Count)
	}
	if got := EndScore("en", over); got != "Territory at the end: White 0 – Black "+itoa(terr.Count[amazons.Black])+"." {
		t.Errorf("end score %q", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestScenes(t *testing.T) {
	g := playGame(t, "d1-d7/g7")
	s := Scene(g, "fr-FR")
	if s.Lang != "fr" || !s.HasLast || s.Last.String() != "d1-d7/g7" || s.Territory || s.Position != g.Position() {
		t.Errorf("scene %+v", s)
	}
	e := EndScene(g, "ja", amazons.Black, render.EndResign)
	if !e.HasWinner || e.Winner != amazons.Black || e.End != render.EndResign || !e.Territory || e.Lang != "ja" {
		t.Errorf("end scene %+v", e)
	}
}

func TestPNG(t *testing.T) {
	r, err := ramazons.New(render.Options{Theme: render.Dark, Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	b, err := PNG(r, Scene(playGame(t, "d1-d7/g7", "j7-h7/h1"), "ja"))
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 400 || cfg.Height != 480 {
		t.Errorf("image %dx%d; want 400x480", cfg.Width, cfg.Height)
	}
}
