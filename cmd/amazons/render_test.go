package main

import (
	"bytes"
	"errors"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
	amazonsrender "github.com/veletasbot/veletas/render/amazons"
)

const renderRecord = "../../render/amazons/testdata/random_game.rec"

func renderGame(t *testing.T, n int) amazons.Game {
	t.Helper()
	g, err := amazons.ParseRecordString(read(t, renderRecord))
	if err != nil {
		t.Fatal(err)
	}
	if g, err = amazons.ReplayTurns(g.Turns()[:n]); err != nil {
		t.Fatal(err)
	}
	return g
}

// want draws what the tool should write, with the package itself.
func want(t *testing.T, th render.Theme, width int, draw func(r *amazonsrender.Renderer, b *bytes.Buffer) error) []byte {
	t.Helper()
	r, err := amazonsrender.New(render.Options{Theme: th, Width: width})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := draw(r, &b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestRender writes a position with its last turn and the territory, a
// record's final position and a replay, options before and after the
// arguments, and compares each file with what render/amazons draws for
// the same scene; the replay has a frame per turn and one for the start.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	g := renderGame(t, 37)
	p := g.Position()
	last := g.Turns()[36]
	full := renderGame(t, 67)

	out := filepath.Join(dir, "board.png")
	for _, args := range [][]string{
		{"render", p.String(), "-o", out, "-last", last.String(), "-territory", "-theme", "dark", "-locale", "ja", "-size", "400"},
		{"render", "-o", out, "-last", last.String(), "-territory", "-theme", "dark", "-locale", "ja", "-size", "400", p.String()},
	} {
		os.Remove(out)
		if _, errs, code := run(t, "", args...); code != 0 || errs != "" {
			t.Fatalf("%q: exit %d, stderr %q", args, code, errs)
		}
		w := want(t, render.Dark, 400, func(r *amazonsrender.Renderer, b *bytes.Buffer) error {
			return r.PNG(b, amazonsrender.Scene{Position: p, Last: last, HasLast: true, Territory: true, Lang: "ja"})
		})
		if got, _ := os.ReadFile(out); !bytes.Equal(got, w) {
			t.Errorf("%q: the PNG differs from the scene drawn by render/amazons", args)
		}
	}
	m, err := png.Decode(bytes.NewReader(must(os.ReadFile(out))))
	if err != nil || m.Bounds().Dx() != 400 || m.Bounds().Dy() != 480 {
		t.Errorf("the PNG: %v, %v", m.Bounds(), err)
	}

	// A record from standard input, drawn to standard output.
	stdout, errs, code := run(t, full.String(), "render", "-record", "-", "-o", "-")
	w := want(t, render.Light, render.DefaultWidth, func(r *amazonsrender.Renderer, b *bytes.Buffer) error {
		return r.PNG(b, amazonsrender.GameScene(full))
	})
	if code != 0 || errs != "" || stdout != string(w) {
		t.Errorf("-record - -o -: exit %d, stderr %q, %d bytes, want %d", code, errs, len(stdout), len(w))
	}

	anim := filepath.Join(dir, "game.GIF")
	if _, errs, code := run(t, "", "render", "-replay", renderRecord, "-o", anim, "-locale", "fr", "-width", "300"); code != 0 || errs != "" {
		t.Fatalf("-replay: exit %d, stderr %q", code, errs)
	}
	data := must(os.ReadFile(anim))
	w = want(t, render.Light, 300, func(r *amazonsrender.Renderer, b *bytes.Buffer) error {
		return r.GIFIn(b, full, amazonsrender.Scene{Lang: "fr"})
	})
	if !bytes.Equal(data, w) {
		t.Error("the GIF differs from the replay drawn by render/amazons")
	}
	an, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil || len(an.Image) != full.Len()+1 {
		t.Errorf("the GIF: %v, want %d frames", err, full.Len()+1)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestRenderRefuses checks that bad input gives exit 1, one line on
// standard error saying what is wrong, and no file.
func TestRenderRefuses(t *testing.T) {
	dir := t.TempDir()
	g := renderGame(t, 37)
	p := g.Position().String()
	png := filepath.Join(dir, "x.png")
	gifOut := filepath.Join(dir, "x.gif")
	bad := filepath.Join(dir, "bad.rec")
	if err := os.WriteFile(bad, []byte("d1-d7/g7\nd1-d2/d3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"render", p, "-o", filepath.Join(dir, "x.jpg")}, "the accepted extensions are .png (a board) and .gif"},
		{[]string{"render", p, "-o", filepath.Join(dir, "x")}, "the accepted extensions are .png"},
		{[]string{"render", p, "-o", gifOut}, "only -replay writes"},
		{[]string{"render", "-replay", renderRecord, "-o", png}, "-replay writes an animated GIF"},
		{[]string{"render", p}, "no output file"},
		{[]string{"render", "-o", png}, "nothing to draw"},
		{[]string{"render", p, p, "-o", png}, "expected one position"},
		{[]string{"render", p, "-record", renderRecord, "-o", png}, "not several"},
		{[]string{"render", "-record", renderRecord, "-last", "d1-d7/g7", "-o", png}, "-last goes with a position"},
		{[]string{"render", p, "-o", png, "-theme", "pink"}, "use light or dark"},
		{[]string{"render", p, "-o", png, "-locale", "de"}, "use en, fr or ja"},
		{[]string{"render", p, "-o", png, "-size", "100"}, "outside 240 to 2400"},
		{[]string{"render", p, "-o", png, "-nope"}, "unknown option"},
		{[]string{"render", "3b2b3/10 w", "-o", png}, "position"},
		{[]string{"render", p, "-o", png, "-last", "d1-d7"}, "option -last"},
		{[]string{"render", p, "-o", png, "-last", "d1-d7/g7"}, "the turn did not lead to this position"},
		{[]string{"render", amazons.StartText, "-o", png, "-last", "d1-d7/g7"}, "d7 holds no black amazon"},
		{[]string{"render", "-record", filepath.Join(dir, "none.rec"), "-o", png}, "cannot open the record"},
		{[]string{"render", "-replay", bad, "-o", gifOut}, "token 2"},
		{[]string{"render", p, "-o", filepath.Join(dir, "no", "such", "x.png")}, "cannot write"},
	}
	for _, c := range cases {
		out, errs, code := run(t, "", c.args...)
		if code != 1 || out != "" || !strings.HasPrefix(errs, "amazons render: ") || !strings.Contains(errs, c.msg) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", c.args, code, clipTest(out), errs, c.msg)
		}
		for _, f := range []string{png, gifOut} {
			if _, err := os.Stat(f); err == nil {
				t.Errorf("%q wrote %s", c.args, f)
				os.Remove(f)
			}
		}
	}
	// A too-long record, in the tools' shared wording.
	long := strings.Repeat("# comment\n", amazons.MaxRecordBytes/10+10)
	if _, errs, code := run(t, long, "render", "-replay", "-", "-o", gifOut); code != 1 || !strings.Contains(errs, "the record is too long: over") {
		t.Errorf("too long: exit %d, stderr %q", code, errs)
	}
}

// TestLedTo accepts the turn that led to a position and refuses others,
// naming what does not fit.
func TestLedTo(t *testing.T) {
	g := renderGame(t, 37)
	p := g.Position()
	if err := ledTo(p, g.Turns()[36]); err != nil {
		t.Errorf("the last turn: %v", err)
	}
	for _, tok := range []string{"e4-c2/e3", "e4-b2/d1", "d4-c2/d1", "e4-c2/c2"} {
		tu, err := amazons.ParseTurn(tok)
		if err != nil {
			t.Fatal(err)
		}
		if err := ledTo(p, tu); !errors.Is(err, ErrNotLastTurn) {
			t.Errorf("%s: %v", tok, err)
		}
	}
}

// FuzzLedTo checks ledTo on any position and turn: no panic, and a turn
// it accepts, taken back and played again, gives the position.
func FuzzLedTo(f *testing.F) {
	f.Add(amazons.StartText, "d1-d7/g7")
	f.Add("3b2b3/10/10/b8b/10/10/w8w/10/10/3w1xw3 b", "d1-e2/f1")
	f.Add("3b2b3/10/10/b8b/10/10/w8w/10/10/4wxw3 b", "d1-e1/d1")
	f.Fuzz(func(t *testing.T, pos, tok string) {
		p, err := amazons.ParsePosition(pos)
		if err != nil {
			return
		}
		tu, err := amazons.ParseTurn(tok)
		if err != nil {
			return
		}
		if ledTo(p, tu) != nil {
			return
		}
		q := p
		q.Undo(tu)
		if after, err := q.Apply(tu); err != nil || after != p {
			t.Errorf("%s after %s accepted, but undone and replayed gives %v, %v", pos, tok, after, err)
		}
	})
}
