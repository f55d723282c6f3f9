package console

import (
	"strings"
	"testing"
)

func TestConsoleLocale(t *testing.T) {
	ce := newConsoleEnv(t, "fr")
	out := ce.line("alice: /veletas challenge opponent:@bob size:7")
	if !strings.Contains(out, "@bob, @alice vous défie à une partie de Veletas sur 7x7.") || !strings.Contains(out, "buttons: [Accepter] [Refuser]") {
		t.Fatalf("fr console:\n%s", out)
	}
	out = ce.line("bob: [Accepter]")
	if !strings.Contains(out, "@bob a accepté le défi de @alice.") {
		t.Fatalf("fr accept:\n%s", out)
	}
	ce = newConsoleEnv(t, "ja")
	ce.line("alice: /veletas challenge opponent:@bob size:7")
	out = ce.line("bob: [受ける]")
	if !strings.Contains(out, "@bob さんが @alice さんの挑戦を受けました。") || !strings.Contains(out, "獲得数：黒 0 – 白 0（2個獲得で勝ち、全3個）") {
		t.Fatalf("ja accept:\n%s", out)
	}
}

// TestTakebackAndClaimInUserLanguage: the board shown after a takeback or
// a claim is in the language of whoever pressed or typed.
func TestTakebackAndClaimInUserLanguage(t *testing.T) {
	ce := newConsoleEnv(t, "ja")
	ce.line("alice: /veletas challenge opponent:@bob size:7 time:1h")
	ce.line("bob: [受ける]")
	ce.line("alice: /veletas setup shooters:d4 stone:a1")
	out := ce.line("alice: /veletas takeback")
	if !strings.Contains(out, "取り消せるのは自分の直前の手だけで") || strings.Contains(out, "  ") {
		t.Fatalf("takeback refused:\n%s", out)
	}
	ce.line("bob: /veletas keep")
	ce.line("bob: /veletas setup shooters:\"b6 f2\" stone:g7")
	ce.line("alice: /veletas move shooter:d4 shoot:d6")
	ce.line("alice: /veletas takeback")
	out = ce.line("bob: [受ける]")
	if !strings.Contains(out, "@bob さんが待ったを受けました。") || !strings.Contains(out, "獲得数：黒 0 – 白 0") || strings.Contains(out, "Claims:") {
		t.Fatalf("takeback accepted:\n%s", out)
	}
	out = ce.line("alice: /veletas move shooter:d4 shoot:a1")
	if !strings.Contains(out, "その手は指せません：") || strings.Contains(out, "。 ") {
		t.Fatalf("illegal move:\n%s", out)
	}
	ce.Env.Clock.Add(2 * 3600e9)
	out = ce.line("bob: /veletas claim")
	if !strings.Contains(out, "**@bob さんの勝ち**です（時間切れにより）") {
		t.Fatalf("claim:\n%s", out)
	}
}
