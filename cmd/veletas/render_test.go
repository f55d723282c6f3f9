package main

import (
	"bytes"
	"context"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
)

const renderRecord = "../../render/veletas/testdata/game_s7_03.rec"

func runRender(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	m := &Main{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}
	code = m.Run(context.Background(), append([]string{"render"}, args...))
	return out.String(), errb.String(), code
}

func TestRenderPosition(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "board.png")
	const pos = "7/2s4/7/4b2/7/3w3/s5s b"
	if _, errs, code := runRender(t, "", pos, "-o", out, "--theme", "dark", "--width=500"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	l := veletasrender.NewLayout(veletas.Size7, 500)
	if m.Bounds() != l.Bounds() {
		t.Errorf("image %v, want %v", m.Bounds(), l.Bounds())
	}
	// The stone on e4 is black, the one on d2 white: the centre pixels say so.
	e4, _ := veletas.ParseSquare("e4")
	d2, _ := veletas.ParseSquare("d2")
	r, g, b, _ := m.At(l.SquareCenter(e4).X, l.SquareCenter(e4).Y).RGBA()
	if r+g+b > 3*0x4000 {
		t.Errorf("e4 centre is not dark: %x %x %x", r, g, b)
	}
	r, g, b, _ = m.At(l.SquareCenter(d2).X, l.SquareCenter(d2).Y).RGBA()
	if r+g+b < 3*0xc000 {
		t.Errorf("d2 centre is not light: %x %x %x", r, g, b)
	}
}

func TestRenderRecordPNGAndGIF(t *testing.T) {
	rec, err := os.ReadFile(renderRecord)
	if err != nil {
		t.Fatal(err)
	}
	g, err := veletas.ParseRecordString(string(rec))
	if err != nil {
		t.Fatal(err)
	}
	// The final position, to standard output, read from standard input:
	// the same bytes as the library gives.
	stdout, errs, code := runRender(t, string(rec), "--record", "-", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r, err := veletasrender.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if err := r.PNG(&want, veletasrender.GameScene(g)); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal([]byte(stdout), want.Bytes()) {
		t.Errorf("render --record wrote %d bytes, not the final position's %d", len(stdout), want.Len())
	}

	out := filepath.Join(t.TempDir(), "game.gif")
	if _, errs, code := runRender(t, "", "--gif", "--record", renderRecord, "-o", out, "--width", "300"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	anim, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(anim.Image) != g.Len() || anim.Config.Width != 300 {
		t.Errorf("gif has %d frames %d px wide, want %d frames 300 px", len(anim.Image), anim.Config.Width, g.Len())
	}
}

func TestRenderBadInput(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "x.png")
	bad := filepath.Join(dir, "bad.rec")
	if err := os.WriteFile(bad, []byte("size=7\n[c5]d2\nkeep\n[a1,g7]e4\nc5-c3/c3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{},
		{"7/2s4/7/4b2/7/3w3/s5s b"},
		{"not a position", "-o", png},
		{"", "-o", png},
		{"7/2s4/7/4b2/7/3w3/s5s b", "extra", "-o", png},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o"},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o", png, "--theme", "sepia"},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o", png, "--width", "50"},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o", png, "--width", "wide"},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o", png, "--colour", "red"},
		{"7/2s4/7/4b2/7/3w3/s5s b", "--gif", "-o", filepath.Join(dir, "x.gif")},
		{"7/2s4/7/4b2/7/3w3/s5s b", "--record", renderRecord, "-o", png},
		{"--record", "/nonexistent/game.rec", "-o", png},
		{"--record", bad, "-o", png},
		{"--record", renderRecord, "-o", filepath.Join(dir, "x.jpg")},
		{"7/2s4/7/4b2/7/3w3/s5s b", "-o", filepath.Join(dir, "x.gif")},
		{"--record", renderRecord, "--gif", "-o", png},
		{"--record", renderRecord, "--gif=yes", "-o", filepath.Join(dir, "x.gif")},
		{"--record", renderRecord, "-o", filepath.Join(dir, "no", "such", "dir.png")},
	}
	for _, args := range cases {
		out, errs, code := runRender(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "veletas render: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, err := os.Stat(png); err == nil {
		t.Errorf("a failed render left %s behind", png)
	}
	// The bad record's error names the token.
	if _, errs, _ := runRender(t, "", "--record", bad, "-o", png); !strings.Contains(errs, "token 4") {
		t.Errorf("bad record: %q does not name token 4", errs)
	}
}

// FuzzRenderArgs checks that any command line either parses into a
// consistent request or fails with one line, never a panic.
func FuzzRenderArgs(f *testing.F) {
	f.Add("7/2s4/7/4b2/7/3w3/s5s b\x00-o\x00x.png")
	f.Add("--record\x00g.rec\x00--gif\x00-o\x00g.gif\x00--theme=dark")
	f.Add("--width\x00\x00-o=\x00--gif=")
	f.Fuzz(func(t *testing.T, joined string) {
		args := strings.Split(joined, "\x00")
		a, err := parseRenderArgs(args)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error has several lines: %q", err)
			}
			return
		}
		if a.out == "" || (a.position == "") == (a.record == "") || (a.gif && a.record == "") {
			t.Errorf("inconsistent parse of %q: %+v", args, a)
		}
		if a.width < render.MinWidth || a.width > render.MaxWidth {
			t.Errorf("width %d out of range", a.width)
		}
	})
}
