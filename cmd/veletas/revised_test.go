package main

import (
	"bufio"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
)

const conformanceRevised = "../../game/veletas/testdata/conformance-revised"

// TestRevisedConformanceThroughTheCommand runs every revised case through
// the tool as the contract says: replay of games and partial records,
// replay errors, and moves and perft with -rules revised right after the
// command's name.
func TestRevisedConformanceThroughTheCommand(t *testing.T) {
	for _, dir := range []string{"games", "partial"} {
		files, _ := filepath.Glob(filepath.Join(conformanceRevised, dir, "*.rec"))
		if len(files) == 0 {
			t.Fatal("no revised records")
		}
		for _, rec := range files {
			want, _ := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".expect")
			out, errs, code := run(t, "", "replay", rec)
			if code != 0 || out != strings.TrimRight(string(want), "\n")+"\n" {
				t.Errorf("%s: exit %d, stdout %q, stderr %q, want %q", rec, code, out, errs, want)
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(conformanceRevised, "illegal", "*.rec"))
	if len(files) == 0 {
		t.Fatal("no revised illegal records")
	}
	for _, rec := range files {
		bad, _ := os.ReadFile(strings.TrimSuffix(rec, ".rec") + ".bad")
		n := strings.TrimSpace(string(bad))
		want := "token " + n + " " // token 0 for a fault in the header, as the notation says
		out, errs, code := run(t, "", "replay", rec)
		if code != 1 || out != "" || !strings.Contains(errs, want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q, want one line naming %q", rec, code, out, errs, want)
		}
	}
	positions, _ := filepath.Glob(filepath.Join(conformanceRevised, "positions", "*.pos"))
	if len(positions) == 0 {
		t.Fatal("no revised positions")
	}
	for _, pos := range positions {
		text, _ := os.ReadFile(pos)
		base := strings.TrimSuffix(pos, ".pos")
		rules, _ := os.ReadFile(base + ".rules")
		if strings.TrimSpace(string(rules)) != "revised" {
			t.Fatalf("%s.rules says %q", base, rules)
		}
		want, _ := os.ReadFile(base + ".moves")
		exp := strings.Fields(string(want))
		slices.Sort(exp)
		out, errs, code := run(t, "", "moves", "-rules", "revised", strings.TrimSpace(string(text)))
		got := strings.Fields(out)
		slices.Sort(got)
		if code != 0 || !slices.Equal(got, exp) {
			t.Errorf("%s: moves -rules revised differ (exit %d, %s): got %d, want %d", pos, code, errs, len(got), len(exp))
		}
		// Without the option the rules are classic, and positions with
		// turns over shooters list fewer turns.
		if len(exp) > 0 {
			out, _, _ = run(t, "", "moves", strings.TrimSpace(string(text)))
			if classic := strings.Fields(out); len(classic) >= len(exp) {
				t.Errorf("%s: classic moves %d, revised %d: the option made no difference", pos, len(classic), len(exp))
			}
		}
		f, err := os.Open(base + ".perft")
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := strings.Fields(sc.Text())
			if len(line) != 2 || testing.Short() && line[0] > "2" {
				continue
			}
			out, errs, code := run(t, "", "perft", "-rules=revised", strings.TrimSpace(string(text)), line[0])
			if code != 0 || out != line[1]+"\n" {
				t.Errorf("%s: perft -rules=revised %s = %q (%s), want %s", pos, line[0], out, errs, line[1])
			}
		}
		f.Close()
	}
}

func TestRulesOption(t *testing.T) {
	// Turns over the claimed c4 and the free e4: revised only.
	const pos = "7/7/7/s1B1sw1/7/7/7 b"
	p, _ := veletas.ParsePosition(pos, veletas.WithRules(veletas.Revised))
	want := len(p.LegalTurns(nil))
	for _, args := range [][]string{
		{"moves", "-rules", "revised", pos},
		{"moves", "--rules", "revised", pos},
		{"moves", "-rules=REVISED", pos},
		{"moves", "--rules=revised", pos},
		{"moves", pos, "-rules", "revised"}, // options may follow the position
	} {
		out, errs, code := run(t, "", args...)
		if code != 0 || len(strings.Fields(out)) != want {
			t.Errorf("%q: exit %d, %d turns (%s), want %d", args, code, len(strings.Fields(out)), errs, want)
		}
	}
	out, _, _ := run(t, "", "moves", "-rules", "classic", pos)
	classic, _, _ := run(t, "", "moves", pos)
	if out != classic || !strings.Contains(out, "a4-b4/a4") || strings.Contains(out, "a4-d4/d3") {
		t.Errorf("-rules classic and no option should agree and refuse a4-d4/d3:\n%s", out)
	}
	for _, args := range [][]string{
		{"moves", "-rules"},
		{"moves", "-rules", "house", pos},
		{"moves", "-rules="},
		{"perft", "-rules", "classical", pos, "1"},
		{"perft", "-rules", "revised", pos},
		{"render", "--record", "x.rec", "-rules", "revised", "-o", "x.png"},
		{"render", "-rules", "revisited", pos, "-o", "x.png"},
		{"selfplay", "-rules", "house"},
	} {
		out, errs, code := run(t, "", args...)
		if code != 1 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, errs, _ := run(t, "", "moves", "-rules", "house", pos); !strings.Contains(errs, "use classic or revised") {
		t.Errorf("the error does not say what to write: %s", errs)
	}
}

// TestRenderRevisedSetup draws a revised setup from a position with
// -rules revised and from a record whose header says rules=revised: the
// edge squares are striped (darker than the classic image there), the
// inside is not.
func TestRenderRevisedSetup(t *testing.T) {
	dir := t.TempDir()
	const pos = "7/7/7/3s3/7/7/b6 w" // after a first setup
	rec := filepath.Join(dir, "setup.rec")
	if err := os.WriteFile(rec, []byte("rules=revised\nsize=7\n[d4]a1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	images := map[string][]string{
		"classic":  {pos},
		"revised":  {"-rules", "revised", pos},
		"recorded": {"--record", rec},
	}
	got := map[string]image.Image{}
	for name, args := range images {
		file := filepath.Join(dir, name+".png")
		if _, errs, code := runRender(t, "", append(args, "-o", file)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errs)
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		got[name] = m
	}
	l := veletasrender.NewLayout(veletas.Size7, render.DefaultWidth)
	count := func(m image.Image, sq veletas.Square) int {
		diff := 0
		r := l.SquareRect(sq).Inset(l.Cell / 8)
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if color.RGBAModel.Convert(m.At(x, y)) != color.RGBAModel.Convert(got["classic"].At(x, y)) {
					diff++
				}
			}
		}
		return diff
	}
	for _, name := range []string{"revised", "recorded"} {
		if n := count(got[name], veletas.Sq(0, 3)); n < l.Cell*l.Cell/10 {
			t.Errorf("%s: edge square a4 differs from the classic image in %d pixels; want stripes", name, n)
		}
		if n := count(got[name], veletas.Sq(2, 2)); n != 0 {
			t.Errorf("%s: inner square c3 differs from the classic image in %d pixels", name, n)
		}
	}
}

func TestSelfplayRevised(t *testing.T) {
	out, errs, code := run(t, "", "selfplay", "-rules", "revised", "-games", "2", "-sizes", "7", "-pairs", "easy-random")
	if code != 0 || !strings.HasPrefix(out, "rules: revised\n") || !strings.Contains(out, "easy v random") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
