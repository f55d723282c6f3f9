package games_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
)

var pickerShots = flag.String("picker-shots", "", "write the picker's preview at each step of each game, light and dark, into this directory (such as /tmp/picker-shots)")

// TestPickerShots writes, with -picker-shots DIR, the picker's preview
// (its ephemeral message's image, 360 px wide) at each of its first steps
// in each game: Veletas (setup, swap, turns), Fanorona, Véla and the
// Amazons, in the light and dark themes, for a person to look at. Each
// image is checked to be a PNG of the phone width.
func TestPickerShots(t *testing.T) {
	if *pickerShots == "" {
		t.Skip("no -picker-shots DIR")
	}
	if err := os.MkdirAll(*pickerShots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, game string
		opts       []string
		steps      int
	}{
		{"veletas", "veletas", []string{"size=7"}, 20},
		{"fanorona", "fanorona", nil, 8},
		{"vela", "fanorona", []string{"variant=vela"}, 8},
		{"amazons", "amazons", nil, 8},
	} {
		for _, theme := range []string{"light", "dark"} {
			t.Run(tc.name+"-"+theme, func(t *testing.T) {
				e := bottest.NewEnv(t, bot.Config{})
				for _, u := range []string{"alice", "bob"} {
					e.Cmd(tc.game, u, "theme", "board="+theme)
				}
				card := e.Start(tc.game, tc.opts...)
				if card.Next != nil {
					card = *card.Next
				}
				r := rand.New(rand.NewPCG(3, 4))
				n := 0
				for n < tc.steps {
					g, err := e.DB.ActiveGame(context.Background(), e.Guild, e.Channel)
					if err != nil {
						t.Fatal(err)
					}
					pk := e.Press("", g.ToAct(), bottest.Button(t, card, "Play"))
					for {
						n++
						if len(pk.Images) != 1 {
							t.Fatalf("step %d: %d images: %q", n, len(pk.Images), pk.Text)
						}
						cfg, err := pngWidth(pk.Images[0].PNG)
						if err != nil || cfg != 360 {
							t.Fatalf("step %d: width %d %v", n, cfg, err)
						}
						path := filepath.Join(*pickerShots, fmt.Sprintf("%s-%s-%02d.png", tc.name, theme, n))
						if err := os.WriteFile(path, pk.Images[0].PNG, 0o644); err != nil {
							t.Fatal(err)
						}
						t.Logf("%s: %q", path, pk.Text)
						var next bot.Reply
						if pk.Select != nil {
							v := pk.Select.Options[r.IntN(len(pk.Select.Options))].Value
							next = e.Bot.Handle(context.Background(), bot.Request{Type: bot.TypeButton, Guild: e.Guild, Channel: e.Channel,
								User: bot.User{ID: g.ToAct(), Name: g.ToAct()}, CustomID: pk.Select.CustomID, Values: []string{v}})
						} else {
							next = e.Press("", g.ToAct(), bottest.Button(t, pk, "Confirm"))
						}
						if next.Next != nil && hasLabel(*next.Next, "Play") {
							card = *next.Next
						}
						if next.Select == nil && !hasLabel(next, "Confirm") || n >= tc.steps {
							break
						}
						pk = next
					}
				}
			})
		}
	}
}

func hasLabel(r bot.Reply, label string) bool {
	for _, b := range r.Buttons {
		if b.Label == label {
			return true
		}
	}
	return false
}

// pngWidth reads the width of a PNG.
func pngWidth(b []byte) (int, error) {
	c, err := png.DecodeConfig(bytes.NewReader(b))
	return c.Width, err
}
