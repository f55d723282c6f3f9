package console

import (
	"strings"
	"testing"
)

// TestConsoleLabelsInLanguage: the console writes a card's labels as the
// language does: "Noirs : @alice" with a non-breaking space before the
// colon in French, "黒：@alice" with the full-width colon in Japanese,
// "Black: @alice" in English.
func TestConsoleLabelsInLanguage(t *testing.T) {
	for _, c := range []struct {
		locale string
		want   []string
	}{
		{"", []string{"\nBlack: @alice\n", "\nWhite: @bob\n", "\nClaims: Black 0 – White 0"}},
		{"fr", []string{"\nNoirs\u00a0: @alice\n", "\nBlancs\u00a0: @bob\n", "\nCaptures\u00a0: Noirs 0 – Blancs 0"}},
		{"ja", []string{"\n黒：@alice\n", "\n白：@bob\n"}},
	} {
		ce := newConsoleEnv(t, c.locale)
		ce.line("alice: /veletas challenge opponent:@bob size:7")
		out := ce.line("bob: /veletas accept")
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: the board lacks %q:\n%s", c.locale, w, out)
			}
		}
		for _, bad := range []string{"Noirs: ", "Noirs :", "黒: ", "黒:"} { // no colon as in English, no breakable space
			if strings.Contains(out, bad) {
				t.Errorf("%q: the board has %q:\n%s", c.locale, bad, out)
			}
		}
	}
}
