package amazonsmod_test

import (
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	amazonsmod "github.com/veletasbot/veletas/bot/games/amazons"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/game/amazons"
)

// TestRefusalWordedByTheCore: a rule refusal as the bot's core words it
// (bot.RuleRefusal.Text, with the games registered) keeps the detail apart
// from the squares, in parentheses of its own, in every language.
func TestRefusalWordedByTheCore(t *testing.T) {
	bottest.NewEnv(t, bot.Config{})
	st, err := amazons.Definition{}.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = st.Play("a4-a8/a9") // Black's amazon on a7 stands in the way
	if err == nil {
		t.Fatal("a blocked move was played")
	}
	rr, ok := amazonsmod.Module{}.Refusal(err)
	if !ok {
		t.Fatalf("not a rule refusal: %v", err)
	}
	for loc, want := range map[string]string{
		"en": "(`a4-a8`) (Black's amazon on `a7`). ",
		"ja": "（`a4-a8`）（",
		"fr": "(`a4-a8`) (",
	} {
		got := rr.Text(loc + "+amazons") // the locale of a request for the game, as the core makes it
		if !strings.Contains(got, want) || strings.Contains(got, "amazons.") {
			t.Errorf("%s: %q lacks %q (or shows a key)", loc, got, want)
		}
	}
}
