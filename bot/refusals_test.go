package bot

import "testing"

// ruleRefusedAs checks that r is the refusal by a game's rules rr in
// locale loc: its reason's and hint's message keys and its details, as
// the catalogue words them (refusedAs for refusals by the rules, whose
// text is composed of several keys).
func ruleRefusedAs(tb testing.TB, r Reply, loc string, rr RuleRefusal) {
	tb.Helper()
	if !r.Ephemeral {
		tb.Fatalf("not refused (ephemeral): %q", r.Plain())
	}
	if want := rr.Text(loc); r.Text != want {
		tb.Fatalf("refusal %q,\nwant %s %q %s%v (%s): %q", r.Text, rr.Reason, rr.Squares, rr.Detail, rr.Args, rr.Hint, want)
	}
}

// TestRuleRefusalText: the parts of a refusal by the rules in each
// language, in order, from the keys and details alone.
func TestRuleRefusalText(t *testing.T) {
	rr := RuleRefusal{Reason: "rule.blocked", Hint: "hint.blocked", Squares: []string{"c5", "c1", "c3"}}
	for loc, want := range map[string]string{
		"en": "Not allowed: the way is blocked: shooters and shots cannot pass over a piece (`c5`, `c1`, `c3`). Pick a square you can reach without passing over a piece; the square options suggest legal ones as you type. Nothing was changed.",
		"fr": "Coup interdit : le chemin est bloqué : ni les tireurs ni les tirs ne passent par-dessus une pièce (`c5`, `c1`, `c3`). Choisissez une case que l'on atteint sans passer par-dessus une pièce ; les options de case proposent les coups permis pendant la saisie. Rien n'a été modifié.",
	} {
		if got := rr.Text(loc); got != want {
			t.Errorf("%s:\n got %q\nwant %q", loc, got, want)
		}
	}
	phase := RuleRefusal{Reason: "rule.phase", Hint: "hint.phase", Detail: "rule.phasedetail", Args: []any{MsgKey("kind.setup"), MsgKey("kind.turn")}}
	for loc, want := range map[string]string{
		"en": "Not allowed: the game does not expect this action now (the game expects a setup, not a turn). Use `/veletas board` to see what the game needs now. Nothing was changed.",
		"fr": "Coup interdit : la partie n'attend pas cette action maintenant (la partie attend une mise en place, pas un tour). `/veletas board` montre ce que la partie attend maintenant. Rien n'a été modifié.",
		"ja": "その手は指せません：今はその操作をする段階ではありません（今は配置の段階で、手番ではありません）。今何をする番かは `/veletas board` で確認できます。何も変更されていません。",
	} {
		if got := phase.Text(loc); got != want {
			t.Errorf("%s:\n got %q\nwant %q", loc, got, want)
		}
	}
	if other := (RuleRefusal{Reason: "rule.other"}).Text("en"); other != "Not allowed: that action breaks the rules. Nothing was changed." {
		t.Errorf("a rule with no key: %q", other)
	}
}
