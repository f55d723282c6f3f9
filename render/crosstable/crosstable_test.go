package crosstable

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/tournament"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// names of the 7-player Swiss: Latin with accents, Cyrillic, Japanese,
// an emoji, Greek, Arabic, and a name too long for its column.
var swissNames = map[string]string{
	"p1": "Zoë Müller-Łukasiewicz",
	"p2": "Дмитрий Соколов",
	"p3": "山田 太郎",
	"p4": "Ana 🐉 Silva",
	"p5": "Νίκος Παπαδόπουλος",
	"p6": "سلام عليكم",
	"p7": "Bartholomew Fitzgerald-Worthington III",
}

// swiss7 plays a 5-round Swiss of 7 players: a bye every round while
// they are odd, the Black of round 3's first game withdraws during it
// (its game forfeited, not paired after; its ID is returned), the
// higher-rated player wins except every third game, a draw.
func swiss7(t testing.TB) (tournament.Tournament, string) {
	t.Helper()
	tr, err := tournament.New(tournament.Swiss, 5)
	if err != nil {
		t.Fatal(err)
	}
	rating := map[string]float64{}
	for i := 1; i <= 7; i++ {
		id := fmt.Sprintf("p%d", i)
		rating[id] = float64(2000 - 37*i)
		if tr, err = tournament.Join(tr, tournament.Player{ID: id, Rating: rating[id]}); err != nil {
			t.Fatal(err)
		}
	}
	k, gone := 0, ""
	for round := 1; round <= 5; round++ {
		var ps []tournament.Pairing
		if tr, ps, err = tournament.Next(tr); err != nil {
			t.Fatal(err)
		}
		if round == 3 {
			gone = ps[slices.IndexFunc(ps, func(p tournament.Pairing) bool { return !p.IsBye() })].Black
			if tr, err = tournament.Withdraw(tr, gone); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range ps {
			if p.IsBye() || tr.Rounds[round-1].Games[slices.IndexFunc(tr.Rounds[round-1].Games, func(g tournament.Game) bool { return g.White == p.White })].Result != tournament.Unplayed {
				continue
			}
			k++
			res := tournament.WhiteWins
			switch {
			case k%3 == 0:
				res = tournament.Draw
			case rating[p.Black] > rating[p.White]:
				res = tournament.BlackWins
			}
			if tr, err = tournament.Record(tr, round, p.White, p.Black, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	if !tr.Finished() {
		t.Fatal("the tournament did not finish")
	}
	return tr, gone
}

// roundRobin4 is a finished round robin of 4 with a draw and a forfeit.
func roundRobin4(t *testing.T) tournament.Tournament {
	t.Helper()
	tr, _ := tournament.New(tournament.RoundRobin, 0)
	var err error
	for i, id := range []string{"a", "b", "c", "d"} {
		if tr, err = tournament.Join(tr, tournament.Player{ID: id, Rating: float64(1800 - 10*i)}); err != nil {
			t.Fatal(err)
		}
	}
	k := 0
	for !tr.Finished() {
		var ps []tournament.Pairing
		if tr, ps, err = tournament.Next(tr); err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			k++
			res := []tournament.Result{tournament.WhiteWins, tournament.Draw, tournament.BlackWins, tournament.WhiteForfeitWin}[k%4]
			if tr, err = tournament.Record(tr, len(tr.Rounds), p.White, p.Black, res); err != nil {
				t.Fatal(err)
			}
		}
	}
	return tr
}

func golden(t *testing.T, name string, tb Table, theme render.Theme) {
	t.Helper()
	d, err := New(render.Options{Theme: theme})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := d.PNG(&buf, tb); err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	b := m.Bounds()
	if b.Dx() < render.DefaultWidth || notSquare(b) != nil {
		t.Errorf("%s: %v: %v", name, b, notSquare(b))
	}
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %v, %d bytes", path, b, buf.Len())
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update)", err)
	}
	wm, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	if wm.Bounds() != b {
		t.Fatalf("%s: %v, the golden %v (run with -update and look at it)", path, b, wm.Bounds())
	}
	// Pixels, not bytes: the PNG encoder's settings may change.
	diff := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if m.At(x, y) != wm.At(x, y) {
				r0, g0, b0, _ := m.At(x, y).RGBA()
				r1, g1, b1, _ := wm.At(x, y).RGBA()
				if r0 != r1 || g0 != g1 || b0 != b1 {
					diff++
				}
			}
		}
	}
	if diff > 0 {
		t.Errorf("%s: %d pixels differ from the golden (run with -update and look at it)", path, diff)
	}
}

func notSquare(b image.Rectangle) error {
	w, h := float64(b.Dx()), float64(b.Dy())
	if h > w/1.2 && h < w*1.2 {
		return fmt.Errorf("nearly square: %v", b)
	}
	return nil
}

// TestGolden draws the 7-player Swiss and the 4-player round robin in
// both themes and compares them with testdata.
func TestGolden(t *testing.T) {
	tr, _ := swiss7(t)
	sw := FromTournament(tr, swissNames)
	sw.Title = "Autumn Swiss"
	rr := FromTournament(roundRobin4(t), map[string]string{"a": "Σωκράτης", "b": "שרה לוי", "c": "王小明", "d": "José Núñez"})
	for _, th := range []render.Theme{render.Light, render.Dark} {
		golden(t, "swiss7-"+th.String(), sw, th)
		golden(t, "roundrobin4-"+th.String(), rr, th)
	}
}

// TestFromTournament checks the cells of the Swiss: a bye in every
// round, p5's forfeit and its empty cells after withdrawing, colours
// and opponents' ranks that agree both ways.
func TestFromTournament(t *testing.T) {
	tr, gone := swiss7(t)
	tb := FromTournament(tr, swissNames)
	if tb.Mode != ByRound || tb.Columns != 5 || len(tb.Rows) != 7 {
		t.Fatalf("mode %d, %d columns, %d rows", tb.Mode, tb.Columns, len(tb.Rows))
	}
	byes := make([]int, 5)
	for _, r := range tb.Rows {
		if r.Name != swissNames[idOf(r.Name)] {
			t.Errorf("name %q", r.Name)
		}
		for j, c := range r.Cells {
			if len(c.Marks) == 0 {
				if !r.Withdrawn || j < 3 {
					t.Errorf("%s: round %d empty", r.Name, j+1)
				}
				continue
			}
			switch m := c.Marks[0]; m {
			case ByeMark:
				byes[j]++
				if c.Opponent != 0 || c.Colour != NoColour {
					t.Errorf("bye cell %+v", c)
				}
			default:
				o := tb.Rows[c.Opponent-1].Cells[j]
				want := map[Mark]Mark{Win: Loss, Loss: Win, Draw: Draw, ForfeitWin: ForfeitLoss, ForfeitLoss: ForfeitWin}[m]
				if o.Opponent != r.Rank || o.Marks[0] != want || (m == Win || m == Loss || m == Draw) == (c.Colour == NoColour) || (c.Colour != NoColour && o.Colour == c.Colour) {
					t.Errorf("%s round %d: %+v against %+v", r.Name, j+1, c, o)
				}
			}
		}
		if r.Withdrawn != (r.Name == swissNames[gone]) {
			t.Errorf("%s withdrawn %v", r.Name, r.Withdrawn)
		}
		if r.Withdrawn && (r.Cells[2].Marks[0] != ForfeitLoss || r.Cells[3].Marks != nil) {
			t.Errorf("withdrawn row %+v", r.Cells)
		}
	}
	for j, n := range byes {
		if n != 1 && !(j >= 3 && n == 0) {
			t.Errorf("round %d: %d byes", j+1, n)
		}
	}
	rr := FromTournament(roundRobin4(t), nil)
	if rr.Mode != ByOpponent || rr.Columns != 4 || rr.Rows[0].Name == "" || rr.Rows[0].Cells[0].Marks != nil || len(rr.Rows[0].Cells[1].Marks) != 1 {
		t.Errorf("round robin %+v", rr)
	}
}

func idOf(name string) string {
	for id, n := range swissNames {
		if n == name {
			return id
		}
	}
	return ""
}

// TestPoints writes halves and quarters.
func TestPoints(t *testing.T) {
	for p, want := range map[float64]string{0: "0", 0.5: "½", 4.5: "4½", 12: "12", 7.75: "7¾", 3.25: "3¼"} {
		if got := Points(p); got != want {
			t.Errorf("Points(%v) = %q, want %q", p, got, want)
		}
	}
}

// scripts are a name per covered script.
var scripts = map[string]string{
	"latin":    "Łukasz Ñandú Øster",
	"greek":    "Ελένη",
	"cyrillic": "Ёлкин Жук",
	"armenian": "Արամ",
	"georgian": "ნინო",
	"hebrew":   "שרה",
	"arabic":   "محمد",
	"chinese":  "王小明",
	"japanese": "さくら カタカナ",
	"combined": "Jose\u0301", // decomposed, composed by NFC
}

// TestScripts checks that every character of a name of each covered
// script has a real glyph (an embedded font has it: no replacement, no
// .notdef box) and that the name inks pixels in its own cell; an emoji
// is the replacement disc, drawn in the faint colour.
func TestScripts(t *testing.T) {
	d, err := New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tf := newTypeface(regular, 22)
	defer tf.close()
	for script, name := range scripts {
		for _, r := range shape(name) {
			if r == ' ' {
				continue
			}
			g := tf.glyph(r)
			if g.mask == nil || inked(g.mask) < 3 {
				t.Errorf("%s: %q (%U) has no glyph", script, r, r)
			}
		}
		tb := Table{Title: script, Rows: []Row{{Rank: 1, Name: name, Points: "0"}}}
		img, err := d.Image(tb)
		if err != nil {
			t.Fatal(err)
		}
		g := d.layout(tb, [][]rune{shape(name)}, 1)
		cell := image.Rect(g.pad+g.rankW, g.headerY+10, g.pad+g.rankW+g.nameW, g.headerY+10+g.rowH)
		g.close()
		page := render.ThemeColors(render.Light).Page
		n := 0
		for y := cell.Min.Y; y < cell.Max.Y; y++ {
			for x := cell.Min.X; x < cell.Max.X; x++ {
				if img.RGBAAt(x, y) != page {
					n++
				}
			}
		}
		if n < 30*len([]rune(name))/2 {
			t.Errorf("%s: %d pixels inked in the name's cell", script, n)
		}
	}
	for _, e := range []string{"김", "🐉", "👍🏽", "👨‍👩‍👧", "🇫🇷", "❤️"} {
		rs := shape(e)
		if len(rs) != 1 || rs[0] == '❤' && tf.glyph(rs[0]).mask == nil {
			t.Errorf("%q shaped as %q", e, rs)
		}
		if r := rs[0]; r != '❤' && (covered(r) || tf.glyph(r).mask != nil) {
			t.Errorf("%q: a font covers %U; update the test", e, r)
		}
	}
	// The disc: the emoji's place inks the faint colour.
	img := image.NewRGBA(image.Rect(0, 0, 60, 40))
	faint := render.ThemeColors(render.Light).TextFaint
	tf.draw(img, shape("🐉"), 5, 30, faint, faint)
	if n := inkedRGBA(img); n < 40 {
		t.Errorf("the replacement disc inked %d pixels", n)
	}
}

func inked(m *image.Alpha) int {
	n := 0
	for _, a := range m.Pix {
		if a > 128 {
			n++
		}
	}
	return n
}

func inkedRGBA(m *image.RGBA) int {
	n := 0
	for i := 3; i < len(m.Pix); i += 4 {
		if m.Pix[i] > 128 {
			n++
		}
	}
	return n
}

// TestShape checks the Arabic joining forms, the right-to-left order and
// the composition of a decomposed accent.
func TestShape(t *testing.T) {
	for in, want := range map[string]string{
		"سلام":      "\uFEE1\uFEFC\uFEB3", // seen initial, lam-alef final, meem isolated: reversed
		"Ali سلام":  "Ali \uFEE1\uFEFC\uFEB3",
		"שרה לוי 2": "2 יול הרש",
		"e\u0301":   "é",
		"a\u200bb":  "ab",
	} {
		if got := string(shape(in)); got != want {
			t.Errorf("shape(%q) = %q %U, want %q", in, got, []rune(got), want)
		}
	}
}

// TestEllipsis cuts a long name to its column with an ellipsis.
func TestEllipsis(t *testing.T) {
	tf := newTypeface(regular, 22)
	defer tf.close()
	rs := shape(swissNames["p7"] + " 山田太郎山田太郎")
	got := fit(tf, rs, 200)
	if tf.measure(got) > 200 || got[len(got)-1] != '…' || len(got) < 10 {
		t.Errorf("fit = %q (%d px)", string(got), tf.measure(got))
	}
	if got := fit(tf, shape(strings.Repeat("長い名前", 5000)), 300); tf.measure(got) > 300 || len(got) < 5 {
		t.Errorf("a huge name fits as %d runes, %d px", len(got), tf.measure(got))
	}
	if short := shape("Ana"); !slices.Equal(fit(tf, short, 200), short) {
		t.Error("a short name was cut")
	}
}

// bigTable is a table of n players and c columns by round, every cell
// filled, with long names in several scripts.
func bigTable(n, c int) Table {
	tb := Table{Title: "Big", Subtitle: "limits", Mode: ByRound, Columns: c, TieBreaks: []string{"BH", "SB"}}
	for i := 0; i < n; i++ {
		r := Row{Rank: i + 1, Name: fmt.Sprintf("Игрок %d 山田 Łukasz Worthington", i+1), Points: "10½", TieBreaks: []string{"100¾", "88¼"}, Cells: make([]Cell, c)}
		for j := range r.Cells {
			r.Cells[j] = Cell{Opponent: (i+j+1)%n + 1, Colour: Colour(1 + j%2), Marks: []Mark{Draw}}
		}
		tb.Rows = append(tb.Rows, r)
	}
	return tb
}

// TestLimits: 64 players by round (a 9-round Swiss and a 63-round round
// robin) fit MaxSide, are not square and keep the requested width; more
// is refused, as are a bad width and an inconsistent table.
func TestLimits(t *testing.T) {
	for _, w := range []int{0, render.MinWidth, render.MaxWidth} {
		d, err := New(render.Options{Width: w, Theme: render.Dark})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []int{9, 63, MaxColumns} {
			img, err := d.Image(bigTable(MaxPlayers, c))
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			if b.Dx() > MaxSide || b.Dy() > MaxSide || b.Dx() < d.width || notSquare(b) != nil {
				t.Errorf("width %d, %d columns: %v", w, c, b)
			}
			t.Logf("width %d, 64 players, %d rounds: %v", w, c, b)
		}
	}
	d, _ := New(render.Options{})
	if _, err := d.Image(bigTable(MaxPlayers+1, 3)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("65 players: %v", err)
	}
	if _, err := d.Image(bigTable(4, MaxColumns+1)); !errors.Is(err, ErrTooLarge) {
		t.Errorf("too many columns: %v", err)
	}
	bad := bigTable(4, 3)
	bad.Rows[2].Cells = bad.Rows[2].Cells[:2]
	if err := d.PNG(new(bytes.Buffer), bad); !errors.Is(err, ErrBadTable) {
		t.Errorf("short row: %v", err)
	}
	if _, err := New(render.Options{Width: 100}); !errors.Is(err, render.ErrBadWidth) {
		t.Errorf("width 100: %v", err)
	}
	// A 7-player table at the default width is readable on a phone: the
	// names' type is 22 px in an image at most about 800 px wide.
	tr, _ := swiss7(t)
	g := d.layout(FromTournament(tr, swissNames), nil, 1)
	defer g.close()
	if g.w != render.DefaultWidth || g.body.px < 20 {
		t.Errorf("7 players: %d px wide, type %v px", g.w, g.body.px)
	}
}

// TestConcurrent draws from one Drawer on several goroutines (run with
// -race): the same bytes every time.
func TestConcurrent(t *testing.T) {
	d, _ := New(render.Options{})
	tr, _ := swiss7(t)
	tb := FromTournament(tr, swissNames)
	var want bytes.Buffer
	if err := d.PNG(&want, tb); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			var b bytes.Buffer
			if err := d.PNG(&b, tb); err != nil || !bytes.Equal(b.Bytes(), want.Bytes()) {
				t.Errorf("concurrent PNG differs: %v", err)
			}
		})
	}
	wg.Wait()
}

// BenchmarkPNG draws the 7-player Swiss and a 64-player 9-round table.
func BenchmarkPNG(b *testing.B) {
	tr, _ := swiss7(b)
	d, _ := New(render.Options{})
	for name, tb := range map[string]Table{"swiss7": FromTournament(tr, swissNames), "64x9": bigTable(64, 9)} {
		b.Run(name, func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := d.PNG(&buf, tb); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(buf.Len()), "bytes")
		})
	}
}
