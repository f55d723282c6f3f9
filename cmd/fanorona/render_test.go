package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRender draws a position, a record's last turn and its replay, and
// decodes each file.
func TestRender(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "game.rec")
	if err := os.WriteFile(rec, []byte("variant=vela\nd2-e3A\ng5-f4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pos := filepath.Join(dir, "pos.png")
	last := filepath.Join(dir, "last.png")
	anim := filepath.Join(dir, "replay.gif")
	for _, args := range [][]string{
		{"render", "-variant", "vela", "-theme", "dark", "-width", "400", "-o", pos, "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"},
		{"render", "-record", rec, "-o", last},
		{"render", "-record", rec, "-gif", "-o", anim},
	} {
		if _, errs, code := run(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
	}
	for _, c := range []struct {
		path  string
		width int
	}{{pos, 400}, {last, 800}} {
		b, err := os.ReadFile(c.path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(bytes.NewReader(b))
		if err != nil || cfg.Width != c.width {
			t.Errorf("%s: %v, width %d, want %d", c.path, err, cfg.Width, c.width)
		}
	}
	b, err := os.ReadFile(anim)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil || len(g.Image) != 3 {
		t.Fatalf("replay: %v, want 3 frames (start and two turns)", err)
	}
	// From standard input to standard output.
	out, errs, code := run(t, "variant=vela\nd2-e3A\n", "render", "-record", "-", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, "\x89PNG") {
		t.Errorf("stdin to stdout: exit %d, %s", code, errs)
	}
}

func TestRenderErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.rec")
	os.WriteFile(bad, []byte("d2-e3A\nzz\n"), 0o644)
	out := filepath.Join(dir, "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "-o FILE is required"},
		{[]string{"render", "-o", out}, "expected one position"},
		{[]string{"render", "-o", out, "-gif", "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "-gif needs -record"},
		{[]string{"render", "-o", out, "-theme", "pink", "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "-theme"},
		{[]string{"render", "-o", out, "-width", "10", "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "-width"},
		{[]string{"render", "-o", out, "-variant", "chess", "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "-variant"},
		{[]string{"render", "-o", out, "nonsense"}, "malformed position"},
		{[]string{"render", "-o", out, "-record", bad}, "token 2"},
		{[]string{"render", "-o", out, "-record", filepath.Join(dir, "missing.rec")}, "cannot open the record"},
		{[]string{"render", "-o", filepath.Join(dir, "no", "such", "dir.png"), "bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0"}, "cannot write"},
	} {
		stdout, errs, code := run(t, "", c.args...)
		if code != 1 || stdout != "" || !strings.Contains(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q, want one line with %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed render wrote %s", out)
	}
}
