package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
)

// amazonsScript writes console lines for a whole Amazons game between
// alice (White, the challenger) and bob with random legal turns, by the
// three options or by turn, and a game against the computer.
func amazonsScript(t testing.TB, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, seed))
	var sb strings.Builder
	sb.WriteString("alice: /amazons challenge opponent:@bob\nbob: /amazons accept\n")
	p := amazons.Start()
	name := map[amazons.Side]string{amazons.White: "alice", amazons.Black: "bob"}
	for turn := 0; !p.Over(); turn++ {
		if turn > 200 {
			t.Fatal("no end in 200 turns")
		}
		turns := p.LegalTurns()
		tn := turns[r.IntN(len(turns))]
		if turn%2 == 0 {
			fmt.Fprintf(&sb, "%s: /amazons move amazon:%s to:%s arrow:%s\n", name[p.ToMove()], tn.From, tn.To, tn.Arrow)
		} else {
			fmt.Fprintf(&sb, "%s: /amazons move turn:%s\n", name[p.ToMove()], tn)
		}
		var err error
		if p, err = p.Apply(tn); err != nil {
			t.Fatal(err)
		}
	}
	sb.WriteString("carol: /amazons record\ncarol: /amazons standings\n")
	return sb.String()
}

// TestConsoleAmazons plays a whole Amazons game in the console: no line
// is refused, every card carries its board, the game ends with its
// replay, and the standings list it.
func TestConsoleAmazons(t *testing.T) {
	text := runConsole(t, amazonsScript(t, 21))
	if strings.Contains(text, " only\n") {
		i := strings.Index(text, " only\n")
		t.Fatalf("a line was refused: %s", text[max(0, i-200):min(len(text), i+400)])
	}
	for _, want := range []string{
		"@bob, @alice challenges you to a game of Amazons. @alice plays White and moves first.",
		"amazons-1-replay.gif",
		"by leaving the opponent no move",
		"Amazons standings",
	} {
		if !strings.Contains(text, want) {
			t.Fatalf("output lacks %q", want)
		}
	}
	if !strings.Contains(text, "wins** ") {
		t.Fatal("the game did not end")
	}
	cards := strings.Count(text, "**Amazons, game 1**")
	images := len(regexp.MustCompile(`image: \S+amazons-1-\d+\.png`).FindAllString(text, -1))
	if cards == 0 || images != cards {
		t.Fatalf("%d cards, %d board images", cards, images)
	}
}

// TestConsoleAmazonsAI plays against the computer in the console.
func TestConsoleAmazonsAI(t *testing.T) {
	text := runConsole(t, "alice: /amazons challenge opponent:@veletas level:easy\nalice: /amazons move turn:d1-d7/g7\nalice: /amazons board\n", "-ai-iterations", "50")
	if strings.Contains(text, " only\n") || !strings.Contains(text, "the computer (easy)") || !strings.Contains(text, "`d1-d7/g7`") {
		t.Fatalf("output:\n%s", text)
	}
}
