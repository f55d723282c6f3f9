package render

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
)

func TestTablePNG(t *testing.T) {
	for _, th := range []Theme{Light, Dark} {
		r, err := New(Options{Theme: th, Width: 600})
		if err != nil {
			t.Fatal(err)
		}
		tab := Table{Header: []string{"#", "Rating", "W", "L"}, Right: []int{0, 1, 2, 3},
			Rows: [][]string{{"1", "1662 ± 290", "3", "0"}, {"2", "1337 ± 290", "0", "3"}}}
		img := decodeTable(t, r, tab)
		if img.Bounds().Dx() != 600 || img.Bounds().Dy() < 60 {
			t.Fatalf("table image is %v", img.Bounds())
		}
		// Text is drawn: the image is not one colour.
		if distinctColors(img) < 3 {
			t.Fatalf("theme %v: the table shows nothing", th)
		}
		// Characters outside the atlas (names in any script) are not drawn.
		named := tab
		named.Rows = [][]string{{"1", "1662 ± 290", "3", "0", "名前"}, {"2", "1337 ± 290", "0", "3", "Ωμέγα"}}
		plain := tab
		plain.Rows = [][]string{{"1", "1662 ± 290", "3", "0", ""}, {"2", "1337 ± 290", "0", "3", ""}}
		var a, b bytes.Buffer
		if err := r.TablePNG(&a, named); err != nil {
			t.Fatal(err)
		}
		if err := r.TablePNG(&b, plain); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatal("characters outside the atlas were drawn")
		}
	}
}

func TestTablePNGRowsBounded(t *testing.T) {
	r, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	rows := make([][]string, 500)
	for i := range rows {
		rows[i] = []string{"1", "1500 ± 350"}
	}
	small := decodeTable(t, r, Table{Rows: rows[:MaxTableRows]})
	big := decodeTable(t, r, Table{Rows: rows})
	if big.Bounds() != small.Bounds() {
		t.Fatalf("500 rows: %v, %d rows: %v", big.Bounds(), MaxTableRows, small.Bounds())
	}
}

func decodeTable(t *testing.T, r *Renderer, tab Table) image.Image {
	t.Helper()
	var buf bytes.Buffer
	if err := r.TablePNG(&buf, tab); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

func distinctColors(img image.Image) int {
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
		}
	}
	return len(seen)
}

// TestSceneWinnerOffTheBoard: a game won by resignation or on time says
// who won in the strip; the board itself is drawn the same.
func TestSceneWinnerOffTheBoard(t *testing.T) {
	r, err := New(Options{Width: 400})
	if err != nil {
		t.Fatal(err)
	}
	g, err := veletas.NewGame(veletas.Size7)
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range []string{"[d4]a1", "keep", "[b6,f2]g7", "d4/d6"} {
		a, err := veletas.ParseAction(tok)
		if err != nil {
			t.Fatal(err)
		}
		if g, err = g.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	plain := GameScene(g)
	won := plain
	won.Winner = veletas.White
	a, b := r.Image(plain), r.Image(won)
	l := r.Layout(veletas.Size7)
	same := func(rect image.Rectangle) bool {
		for y := rect.Min.Y; y < rect.Max.Y; y++ {
			for x := rect.Min.X; x < rect.Max.X; x++ {
				if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
					return false
				}
			}
		}
		return true
	}
	if !same(l.Board) {
		t.Fatal("the winner changed the board")
	}
	if same(l.Status) {
		t.Fatal("the strip does not show the winner")
	}
}
