package veletasmod

import (
	"errors"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
)

// TestSetupCountDetails: the numbers of a wrong setup come from the
// engine's error (placed, wanted), in the right order in every language,
// also for a setup of more shooters than any setup places.
func TestSetupCountDetails(t *testing.T) {
	bot.New(nil, nil, nil, bot.Config{Games: []bot.Module{New(0)}}) // the texts are the registered modules'
	g, _ := veletas.NewGame(veletas.Size7)
	_, few := g.PlayToken("[c5,e5]d2")
	_, many := g.PlayToken("[a1,a3,a5,a7,c1,c3,c7,e1]e5")
	for _, c := range []struct {
		err       error
		loc, want string
	}{
		{few, "en", " (1 to place, not 2)"},
		{few, "fr", " (il en faut 1, pas 2)"},
		{few, "ja", "（置くのは1個で、2個ではありません）"},
		{many, "en", " (8 placed; no setup places more than 4)"},
		{many, "fr", " (8 posés ; aucune mise en place n'en pose plus de 4)"},
		{many, "ja", "（8個置いていますが、一度に置けるのは最大4個です）"},
	} {
		var ge *veletas.Error
		if !errors.As(c.err, &ge) || !errors.Is(c.err, veletas.ErrSetupCount) {
			t.Fatalf("not a setup count error: %v", c.err)
		}
		rr := veletasRefusal(ge)
		if got := bot.Text(c.loc, rr.Detail, rr.Args...); rr.Reason != "rule.count" || got != c.want {
			t.Errorf("%s, %q: %s details %q, want rule.count %q", c.loc, ge.Msg, rr.Reason, got, c.want)
		}
		if !strings.Contains(rr.Text(c.loc), bot.Text(c.loc, "rule.count")+c.want) {
			t.Errorf("%s: %q lacks the details after the reason", c.loc, rr.Text(c.loc))
		}
	}
}
