package bot

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestPickIDRoundTrip(t *testing.T) {
	newEnv(t, Config{}) // registers the games
	for _, p := range []pickID{
		{game: reg().first().command, id: 12, rev: 3, op: opSelect},
		{game: reg().first().command, id: 1, rev: 0, op: opConfirm, chosen: []string{"~2", "c5", "d2"}},
		{game: reg().list[1].command, id: 99, rev: 140, op: opBack, chosen: []string{"A"}},
	} {
		got, ok := parsePickID(p.String())
		if !ok || got.String() != p.String() {
			t.Fatalf("%q read as %+v %v", p.String(), got, ok)
		}
	}
	for _, s := range []string{
		"", "veletas:pk:1:0:s", "veletas:pk:1:0:x:", "nogame:pk:1:0:s:", "veletas:pk:01:0:s:", "veletas:pk:1:-1:s:",
		"veletas:pk:1:0:s:a,,b", "veletas:pk:1:0:s:a b", "veletas:play:1:0", "veletas:pk:1:0:s:" + strings.Repeat("a,", 60),
	} {
		if p, ok := parsePickID(s); ok {
			t.Fatalf("%q read as %+v", s, p)
		}
	}
}

// TestPickerSteps: the first step of a 10x10 setup is split (ranks), and
// a list of choices the game does not offer is refused as out of date.
func TestPickerSteps(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("10")
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := pickable(g)
	if !ok {
		t.Fatal("the first game has no picker")
	}
	req := Request{Guild: e.guild, Channel: e.chann, User: User{ID: g.ToAct()}}
	long := make([]string, 40)
	for i := range long {
		long[i] = "~0"
	}
	if _, err := e.bot.pickerStep(t.Context(), req, g, p, long); err == nil || !strings.Contains(refusalText(err), "out of date") {
		t.Fatalf("40 choices: %v", err)
	}
	r, err := e.bot.pickerStep(t.Context(), req, g, p, nil)
	if err != nil || r.Select == nil || len(r.Select.Options) != 10 || r.Select.Options[0].Value != "~0" || len(r.Images) != 1 {
		t.Fatalf("the first step: %+v %v", r, err)
	}
	for _, o := range r.Select.Options {
		if len(r.Select.CustomID)+1+len(o.Value) > maxCustomID {
			t.Fatalf("%q+%q over 100", r.Select.CustomID, o.Value)
		}
	}
}

func refusalText(err error) string {
	s, _ := RefusalText(err, "en")
	return s
}

// TestPickerStepsNotRateLimited: the choices of a picker do not count
// against the rate limit; Play does.
func TestPickerStepsNotRateLimited(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("10")
	g, err := e.db.ActiveGame(t.Context(), e.guild, e.chann)
	if err != nil {
		t.Fatal(err)
	}
	e.bot.limit = &limiter{Burst: 1, Every: time.Hour}
	who := g.ToAct()
	play := e.bot.Handle(t.Context(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: who},
		CustomID: gameButton(g.Kind, btnPlay, strconv.FormatUint(g.ID, 10), uint64(g.Revision))})
	if play.Select == nil {
		t.Fatalf("Play: %s", play.Plain())
	}
	r := play
	for i := 0; i < 4; i++ {
		r = e.bot.Handle(t.Context(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: who},
			CustomID: r.Select.CustomID, Values: []string{r.Select.Options[0].Value}})
		if r.Select == nil && !hasLabel(r.Buttons, "Confirm") {
			t.Fatalf("choice %d: %s", i, r.Plain())
		}
		if r.Select == nil {
			break
		}
	}
	again := e.bot.Handle(t.Context(), Request{Type: TypeButton, Guild: e.guild, Channel: e.chann, User: User{ID: who},
		CustomID: gameButton(g.Kind, btnPlay, strconv.FormatUint(g.ID, 10), uint64(g.Revision))})
	if again.Select != nil || !strings.Contains(again.Plain(), "slow") && !strings.Contains(again.Plain(), "wait") {
		t.Fatalf("a second Play within the limit: %s", again.Plain())
	}
}

func hasLabel(bs []Button, label string) bool {
	for _, b := range bs {
		if b.Label == label {
			return true
		}
	}
	return false
}
