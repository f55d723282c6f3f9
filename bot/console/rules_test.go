package console

import (
	"bytes"
	"context"
	"image/color"
	"image/png"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
)

// TestConsoleRevisedGame plays a whole game under the revised rules in the
// console: the challenge names them, a shooter on the edge is refused with
// the rule's words, the first board shows the striped edge, the game ends
// with a winner, and /veletas record gives the header.
func TestConsoleRevisedGame(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	e.Guild, e.Channel = Guild, Channel
	dir := t.TempDir()
	var out bytes.Buffer
	c := &Console{Handler: e.Bot, Out: &out, Dir: dir}
	script := consoleScriptRules(t, 3, veletas.Revised)
	// A setup on the edge before the real one.
	script = strings.Replace(script, "bob: [Accept]\n", "bob: [Accept]\nalice: /veletas setup shooters:a4 stone:d2\n", 1)
	script += "carol: /veletas record\n"
	if err := c.Run(context.Background(), strings.NewReader(script)); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"@bob, @alice challenges you to a game of Veletas on 7x7 (revised rules).",
		"Not allowed: under the revised rules shooters may not be placed on the edge of the board (`a4`). Pick squares off the edge; the `shooters` option suggests legal squares as you type. Nothing was changed.",
		"wins** by claiming 2 of 3 shooters!",
		"size=7 rules=revised",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
	// The board posted when bob accepts: the first setup is to come, so
	// the edge is striped (an edge square differs from the plain board
	// drawn for the same empty position under the classic rules).
	paths := regexp.MustCompile(`(?m)^image: (.*\.png)$`).FindAllStringSubmatch(text, -1)
	if len(paths) < 3 {
		t.Fatalf("%d images", len(paths))
	}
	f, err := os.Open(paths[0][1])
	if err != nil {
		t.Fatal(err)
	}
	m, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	r, err := veletasrender.New(render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	empty, _ := veletas.NewPosition(veletas.Size7)
	plain := r.Image(veletasrender.Scene{Position: empty})
	l := r.Layout(veletas.Size7)
	if m.Bounds() != l.Bounds() {
		t.Fatalf("image %v, want %v (the default width)", m.Bounds(), l.Bounds())
	}
	diff := 0
	sr := l.SquareRect(veletas.Sq(0, 3)).Inset(l.Cell / 8) // a4, on the edge
	for y := sr.Min.Y; y < sr.Max.Y; y++ {
		for x := sr.Min.X; x < sr.Max.X; x++ {
			if color.RGBAModel.Convert(m.At(x, y)) != color.RGBAModel.Convert(plain.At(x, y)) {
				diff++
			}
		}
	}
	if diff < sr.Dx()*sr.Dy()/10 {
		t.Errorf("edge square a4 of the first board differs in %d pixels from a plain board: no stripes (%s)", diff, paths[0][1])
	}
}
