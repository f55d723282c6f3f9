package fanorona_test

import (
	"errors"
	"os"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
)

func readRec(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile("testdata/conformance/games/" + name + ".rec")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func replay(t *testing.T, terms game.Terms, record, open string) fanorona.Match {
	t.Helper()
	st, err := fanorona.Definition{}.Replay(terms, record, open)
	if err != nil {
		t.Fatalf("Replay(%v, open %q): %v", terms, open, err)
	}
	return st.(fanorona.Match)
}

func step(t *testing.T, m fanorona.Match, s string) fanorona.Match {
	t.Helper()
	st, err := fanorona.ParseStep(s)
	if err != nil {
		t.Fatal(err)
	}
	next, err := m.PlayStep(st)
	if err != nil {
		t.Fatalf("PlayStep(%s): %v", s, err)
	}
	return next
}

func TestDefinitionNormalize(t *testing.T) {
	d := fanorona.Definition{}
	if d.Kind() != "fanorona" {
		t.Errorf("Kind = %q", d.Kind())
	}
	for _, c := range []struct{ in, want game.Terms }{
		{nil, game.Terms{"variant": "fanorona"}},
		{game.Terms{"variant": "Véla"}, game.Terms{"variant": "vela"}},
		{game.Terms{"variant": "vela", "swapped": "1"}, game.Terms{"variant": "vela", "swapped": "1"}},
		{game.Terms{"swapped": ""}, game.Terms{"variant": "fanorona"}},
	} {
		got, err := d.Normalize(c.in)
		if err != nil || !got.Equal(c.want) {
			t.Errorf("Normalize(%v) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in   game.Terms
		name string
	}{
		{game.Terms{"variant": "chess"}, "variant"},
		{game.Terms{"swapped": "yes"}, "swapped"},
		{game.Terms{"size": "9"}, "size"},
	} {
		_, err := d.Normalize(c.in)
		var te *game.TermError
		if !errors.As(err, &te) || te.Name != c.name || te.Kind != "fanorona" || te.Value != c.in[c.name] {
			t.Errorf("Normalize(%v) = %v; want a TermError on %s", c.in, err, c.name)
		}
	}
	if !d.Draws(game.Terms{"variant": "fanorona"}) || !d.Draws(game.Terms{"variant": "vela"}) {
		t.Error("a draw may not be agreed")
	}
	if !d.Rated(game.Terms{"variant": "fanorona"}) || d.Rated(game.Terms{"variant": "vela"}) {
		t.Error("Rated: want Fanorona rated and Véla not")
	}
}

func TestDefinitionSeats(t *testing.T) {
	for _, swapped := range []bool{false, true} {
		terms := fanorona.MakeTerms(fanorona.Fanorona, swapped)
		st, err := fanorona.Definition{}.New(terms)
		if err != nil {
			t.Fatal(err)
		}
		m := st.(fanorona.Match)
		white := game.Seat(0)
		if swapped {
			white = 1
		}
		if m.Swapped() != swapped || m.SeatOf(fanorona.White) != white || m.SeatOf(fanorona.Black) != white.Other() ||
			m.ColorOf(white) != fanorona.White || m.ColorOf(white.Other()) != fanorona.Black {
			t.Errorf("swapped %v: White is seat %d", swapped, m.SeatOf(fanorona.White))
		}
		if st.ToAct() != white { // White moves first
			t.Errorf("swapped %v: seat %d to act, want %d", swapped, st.ToAct(), white)
		}
		next, err := st.Play("d3-e3W")
		if err != nil || next.ToAct() != white.Other() {
			t.Errorf("swapped %v: after a turn seat %v to act (%v)", swapped, next.ToAct(), err)
		}
		// The replayed game keeps the seats.
		again := replay(t, terms, next.Record(), "")
		if again.ToAct() != white.Other() || again.Swapped() != swapped {
			t.Errorf("swapped %v: replayed, seat %d to act", swapped, again.ToAct())
		}
	}
}

// TestDefinitionSteps plays game_fan_01's second turn d4-c3A-d3W step by
// step, and checks it equals the turn played whole.
func TestDefinitionSteps(t *testing.T) {
	terms := game.Terms{"variant": "fanorona"}
	m := replay(t, terms, "variant=fanorona d3-e3W", "")
	whole, err := m.Play("d4-c3A-d3W")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StopTurn(); !errors.Is(err, fanorona.ErrNoSequence) {
		t.Errorf("StopTurn with no turn under way: %v", err)
	}

	m1 := step(t, m, "d4-c3A")
	if m1.Open() != "d4-c3A" || m1.Game().Len() != 1 || m1.ToAct() != m.ToAct() || m1.Outcome().Over {
		t.Fatalf("after a step: open %q, %d turns, seat %d", m1.Open(), m1.Game().Len(), m1.ToAct())
	}
	if _, ok := m1.TakeBack(); ok || m1.CanTakeBack() {
		t.Error("a turn was taken back with a step of the next one made")
	}
	if _, err := m1.Play("a3-b3"); !errors.Is(err, fanorona.ErrInSequence) {
		t.Errorf("a whole turn during a sequence: %v, want ErrInSequence", err)
	}
	// The open steps replay from the store's fields.
	r1 := replay(t, terms, m1.Record(), m1.Open())
	if r1.Position() != m1.Position() || r1.Open() != "d4-c3A" {
		t.Errorf("replayed open steps differ")
	}
	m2 := step(t, m1, "c3-d3W")
	if m2.Open() != "" || m2.Record() != whole.Record() || m2.Position() != whole.(fanorona.Match).Position() || m2.ToAct() == m.ToAct() {
		t.Errorf("step by step: open %q record %q; whole %q", m2.Open(), m2.Record(), whole.Record())
	}

	// Stopping after the first step ends the turn d4-c3A.
	stopped, err := m1.StopTurn()
	if err != nil {
		t.Fatal(err)
	}
	if stopped.Open() != "" || stopped.Game().Len() != 2 || stopped.Game().Turns()[1].String() != "d4-c3A" || stopped.ToAct() == m.ToAct() {
		t.Errorf("stopped: open %q, record %q", stopped.Open(), stopped.Record())
	}
	back, ok := stopped.TakeBack()
	if !ok || back.Record() != m.Record() || back.ToAct() != m.ToAct() {
		t.Errorf("TakeBack = %q, %v", back.Record(), ok)
	}

	// Open steps that end the turn, or do not replay, are refused.
	if _, err := fanorona.ResumeMatch(m.Game(), "d4-c3A-d3W", false); !errors.Is(err, fanorona.ErrNoSequence) {
		t.Errorf("open steps ending the turn: %v, want ErrNoSequence", err)
	}
	if _, err := fanorona.ResumeMatch(m.Game(), "a1-a2", false); err == nil {
		t.Error("illegal open steps were resumed")
	}
	if _, err := fanorona.ResumeMatch(m.Game(), "zz", false); !errors.Is(err, fanorona.ErrMalformed) {
		t.Errorf("unreadable open steps: %v", err)
	}
}

func TestDefinitionReplayTerms(t *testing.T) {
	d := fanorona.Definition{}
	if _, err := d.Replay(game.Terms{"variant": "vela"}, "variant=fanorona d3-e3W", ""); !errors.Is(err, fanorona.ErrOtherVariant) {
		t.Errorf("fanorona record on vela terms: %v", err)
	}
	if _, err := d.Replay(game.Terms{"variant": "fanorona"}, "variant=vela", ""); !errors.Is(err, fanorona.ErrOtherVariant) {
		t.Errorf("vela record on fanorona terms: %v", err)
	}
	if _, err := d.Replay(game.Terms{"variant": "fanorona"}, "d3-e3W", ""); err != nil {
		t.Errorf("a record without a header is Fanorona's: %v", err)
	}
	if _, err := d.Replay(game.Terms{"variant": "fanorona"}, "d3-e3W d3-e3W", ""); err == nil {
		t.Error("an illegal record replayed")
	}
	var te *game.TermError
	if _, err := d.Replay(game.Terms{"variant": "x"}, "", ""); !errors.As(err, &te) {
		t.Errorf("bad terms: %v", err)
	}
}

func TestDefinitionFinished(t *testing.T) {
	for _, c := range []struct {
		name    string
		variant string
		swapped bool
		winner  game.Seat
	}{
		{"game_fan_01", "fanorona", false, 0}, // White wins
		{"game_fan_01", "fanorona", true, 1},
		{"game_fan_05", "fanorona", false, 1}, // Black wins
		{"game_fan_03", "fanorona", false, game.NoSeat},
		{"game_fan_03", "fanorona", true, game.NoSeat}, // drawn
		{"game_vela_01", "vela", true, 0},              // Black wins
	} {
		terms := fanorona.MakeTerms(fanorona.Fanorona, c.swapped)
		terms["variant"] = c.variant
		m := replay(t, terms, readRec(t, c.name), "")
		if o := m.Outcome(); !o.Over || o.Winner != c.winner {
			t.Errorf("%s swapped %v: %+v, want over, seat %d winning", c.name, c.swapped, o, c.winner)
		}
		back, ok := m.TakeBack()
		if !ok || back.Outcome().Over || back.(fanorona.Match).Game().Len() != m.Game().Len()-1 {
			t.Errorf("%s: TakeBack %v %+v", c.name, ok, back.Outcome())
		}
		again := replay(t, terms, m.Record(), "")
		if again.Record() != m.Record() || again.Outcome() != m.Outcome() {
			t.Errorf("%s: the canonical record does not replay alike", c.name)
		}
	}
	start := replay(t, game.Terms{"variant": "vela"}, "variant=vela", "")
	if _, ok := start.TakeBack(); ok || start.Outcome().Over || start.Outcome().Winner != game.NoSeat {
		t.Error("a turn taken back at the start, or the start is over")
	}
}
