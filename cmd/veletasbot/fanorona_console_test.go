package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/fanorona"
)

// fanoronaScript writes console lines for a whole game of the variant
// between alice (White) and bob with random legal turns: each turn one
// step at a time (from, to, capture; then to ...; stop when the piece could
// go on) when steps is set, else whole (path).
func fanoronaScript(t testing.TB, v fanorona.Variant, steps bool, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	var sb strings.Builder
	fmt.Fprintf(&sb, "alice: /fanorona challenge opponent:@bob variant:%s side:white\nbob: [Accept]\n", v)
	p := fanorona.NewPosition(v)
	name := map[fanorona.Color]string{fanorona.White: "alice", fanorona.Black: "bob"}
	for turn := 0; !p.Over(); turn++ {
		if turn > 1000 {
			t.Fatal("no end in 1000 turns")
		}
		turns := p.LegalTurns(nil)
		tn := turns[r.IntN(len(turns))]
		who := name[p.ToMove()]
		if !steps {
			fmt.Fprintf(&sb, "%s: /fanorona move path:%s\n", who, tn)
			var err error
			if p, err = p.Apply(tn); err != nil {
				t.Fatal(err)
			}
			continue
		}
		for k, s := range tn.Steps() {
			line := who + ": /fanorona move"
			if k == 0 {
				line += " from:" + s.From.String()
			}
			line += " to:" + s.To.String()
			if s.Capture != fanorona.NoCapture {
				line += " capture:" + s.Capture.String()
			}
			sb.WriteString(line + "\n")
			var err error
			if p, err = p.Step(s); err != nil {
				t.Fatal(err)
			}
		}
		if p.InSequence() {
			sb.WriteString(who + ": /fanorona stop\n")
			p, _ = p.Stop()
		}
	}
	sb.WriteString("carol: /fanorona record\n")
	return sb.String()
}

// TestConsoleFanorona plays in the console a whole Véla game one step at a
// time and another by whole turns, then a Fanorona game against the
// computer: no line is refused, every reply that shows a game carries its
// board, and each game ends with its replay.
func TestConsoleFanorona(t *testing.T) {
	for _, steps := range []bool{true, false} {
		t.Run(fmt.Sprint("steps=", steps), func(t *testing.T) {
			script := fanoronaScript(t, fanorona.Vela, steps, 11)
			text := runConsole(t, script)
			if strings.Contains(text, " only\n") {
				i := strings.Index(text, " only\n")
				t.Fatalf("a line was refused: %s", text[max(0, i-200):min(len(text), i+400)])
			}
			for _, want := range []string{
				"@bob, @alice challenges you to a game of Véla. @alice plays White and moves first. Unrated",
				"Véla, first phase: White captures one piece per turn",
				"fanorona-1-replay.gif",
				"```\nvariant=vela\n",
			} {
				if !strings.Contains(text, want) {
					t.Fatalf("output lacks %q", want)
				}
			}
			if !strings.Contains(text, "wins** ") && !strings.Contains(text, "**The game is drawn**") {
				t.Fatal("the game did not end")
			}
			// Every card of the game has its board image.
			cards := strings.Count(text, "**Véla, game 1**")
			images := len(regexp.MustCompile(`image: \S+fanorona-1-\d+\.png`).FindAllString(text, -1))
			if cards == 0 || images != cards {
				t.Fatalf("%d cards, %d board images", cards, images)
			}
		})
	}
}

// TestReadmeFanoronaTranscript runs the /fanorona console transcript of
// the README: it plays without a refusal.
func TestReadmeFanoronaTranscript(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)<!-- fanorona transcript -->\n```\n(.*?)```").FindSubmatch(b)
	if m == nil {
		t.Fatal("README has no fanorona transcript")
	}
	text := runConsole(t, string(m[1]), "-ai-iterations", "100")
	if strings.Contains(text, " only\n") {
		t.Fatalf("a line was refused:\n%s", text)
	}
	for _, want := range []string{"**Fanorona, game 1**", "image: ", "Last action: `d2-e3A`"} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q:\n%s", want, text)
		}
	}
}

// TestWriteFanoronaScripts writes console scripts of whole Véla games
// (vela-steps.txt, one step at a time; vela-paths.txt, whole turns) into
// the directory FANORONA_SCRIPTS, to play by hand:
//
//	FANORONA_SCRIPTS=/tmp go test -run TestWriteFanoronaScripts ./cmd/veletasbot
//	veletasbot console -db /tmp/x.db -out /tmp/img < /tmp/vela-steps.txt
func TestWriteFanoronaScripts(t *testing.T) {
	dir := os.Getenv("FANORONA_SCRIPTS")
	if dir == "" {
		t.Skip("FANORONA_SCRIPTS names no directory")
	}
	for name, steps := range map[string]bool{"vela-steps.txt": true, "vela-paths.txt": false} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(fanoronaScript(t, fanorona.Vela, steps, 5)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
