package console

import (
	"strings"
	"testing"
)

// TestConsoleDrawByAgreementOrder: a draw by agreement prints, like every
// other ending, the result before the replay: the answered offer, then the
// final board, then the replay.
func TestConsoleDrawByAgreementOrder(t *testing.T) {
	ce := newConsoleEnv(t, "")
	ce.line("alice: /fanorona challenge opponent:@bob side:white")
	ce.line("bob: [Accept]")
	g, err := ce.DB.ActiveGame(t.Context(), ce.Guild, ce.Channel)
	if err != nil {
		t.Fatal(err)
	}
	turns := fmatch(g).Position().LegalTurns(nil)
	if len(turns) == 0 {
		t.Fatal("no legal first turn")
	}
	ce.line("alice: /fanorona move path:" + turns[0].String())
	ce.line("alice: /fanorona draw")
	out := ce.line("bob: [Accept]")
	accepted := strings.Index(out, "@bob accepted @alice's draw offer.")
	result := strings.Index(out, "**The game is drawn** by agreement.")
	replay := strings.Index(out, "-replay.gif\n")
	if accepted < 0 || result < 0 || replay < 0 || !(accepted < result && result < replay) {
		t.Fatalf("draw by agreement: the answer at %d, the result at %d, the replay at %d, want them in this order:\n%s",
			accepted, result, replay, out)
	}
}
