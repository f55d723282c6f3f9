package veletas_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/veletas"
)

func mustReplay(t *testing.T, terms game.Terms, record string) veletas.Match {
	t.Helper()
	st, err := veletas.Definition{}.Replay(terms, record, "")
	if err != nil {
		t.Fatalf("Replay(%v): %v", terms, err)
	}
	return st.(veletas.Match)
}

func play(t *testing.T, st game.State, actions ...string) game.State {
	t.Helper()
	for _, a := range actions {
		next, err := st.Play(a)
		if err != nil {
			t.Fatalf("Play(%q): %v", a, err)
		}
		st = next
	}
	return st
}

func TestDefinitionNormalize(t *testing.T) {
	d := veletas.Definition{}
	if d.Kind() != "veletas" {
		t.Errorf("Kind = %q", d.Kind())
	}
	for _, c := range []struct {
		in, want game.Terms
	}{
		{nil, game.Terms{"size": "10", "rules": "classic"}},
		{game.Terms{"size": "7"}, game.Terms{"size": "7", "rules": "classic"}},
		{game.Terms{"size": "9x9", "rules": "Revised"}, game.Terms{"size": "9", "rules": "revised"}},
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
		{game.Terms{"size": "8"}, "size"},
		{game.Terms{"size": "11"}, "size"},
		{game.Terms{"rules": "modern"}, "rules"},
		{game.Terms{"variant": "vela"}, "variant"},
	} {
		_, err := d.Normalize(c.in)
		var te *game.TermError
		if !errors.As(err, &te) || te.Name != c.name || te.Kind != "veletas" || te.Value != c.in[c.name] {
			t.Errorf("Normalize(%v) = %v; want a TermError on %s", c.in, err, c.name)
		}
		if _, err := d.New(c.in); !errors.As(err, &te) {
			t.Errorf("New(%v) = %v; want a TermError", c.in, err)
		}
	}
}

func TestDefinitionPlayRecordReplay(t *testing.T) {
	d := veletas.Definition{}
	terms := game.Terms{"size": "7", "rules": "classic"}
	st, err := d.New(terms)
	if err != nil {
		t.Fatal(err)
	}
	m := st.(veletas.Match)
	if m.Game.Size() != veletas.Size7 || m.Game.Len() != 0 || st.ToAct() != 0 || st.Outcome().Over || st.Open() != "" {
		t.Fatalf("new game: size %v, %d actions, seat %d to act, %+v", m.Game.Size(), m.Game.Len(), st.ToAct(), st.Outcome())
	}
	// Seat 0 sets up first; the side choice is seat 1's; seat 1 swaps, so
	// seat 0 plays White and makes the second setup.
	st = play(t, st, "[e5]a7")
	if st.ToAct() != 1 {
		t.Errorf("side choice: seat %d to act, want 1", st.ToAct())
	}
	if _, ok := st.TakeBack(); ok {
		t.Error("a setup was taken back")
	}
	st = play(t, st, "swap")
	m = st.(veletas.Match)
	if m.ColorOf(0) != veletas.White || m.ColorOf(1) != veletas.Black || m.SeatOf(veletas.White) != 0 || m.SeatOf(veletas.NoColor) != game.NoSeat {
		t.Errorf("after swap: seat 0 %v, seat 1 %v", m.ColorOf(0), m.ColorOf(1))
	}
	if st.ToAct() != m.SeatOf(m.Position().ToMove()) || st.ToAct() != 0 {
		t.Errorf("second setup: seat %d to act (%v to move), want 0", st.ToAct(), m.Position().ToMove())
	}
	if _, ok := st.TakeBack(); ok {
		t.Error("the side choice was taken back")
	}
	st = play(t, st, "[f1,a5]d7")
	before := st.Record()
	toAct := st.ToAct()
	st = play(t, st, "a5-d5/d4")
	if st.ToAct() == toAct {
		t.Errorf("seat %d acts twice", toAct)
	}
	back, ok := st.TakeBack()
	if !ok || back.Record() != before || back.ToAct() != toAct {
		t.Errorf("TakeBack = %q, %v, seat %d; want %q, seat %d", back.Record(), ok, back.ToAct(), before, toAct)
	}
	st = play(t, st, "f1-f2/e2")

	if _, err := st.Play("a1-a2/a3"); err == nil {
		t.Error("an illegal turn was played")
	}
	if _, err := st.Play("nonsense"); !errors.Is(err, veletas.ErrMalformed) {
		t.Errorf("Play(nonsense) = %v, want ErrMalformed", err)
	}

	rec := st.Record()
	if want := "size=7\n[e5]a7\nswap\n[f1,a5]d7\na5-d5/d4\nf1-f2/e2\n"; rec != want {
		t.Errorf("Record = %q", rec)
	}
	again := mustReplay(t, terms, strings.ReplaceAll(rec, "\n", " "))
	if again.Record() != rec || again.ToAct() != st.ToAct() || again.Position() != st.(veletas.Match).Position() {
		t.Errorf("Replay: %q seat %d; want %q seat %d", again.Record(), again.ToAct(), rec, st.ToAct())
	}
}

func TestDefinitionReplayTerms(t *testing.T) {
	d := veletas.Definition{}
	if _, err := d.Replay(game.Terms{"size": "9", "rules": "classic"}, "size=7\n[e5]a7\n", ""); !errors.Is(err, veletas.ErrBadSize) {
		t.Errorf("size 7 record on size 9 terms: %v, want ErrBadSize", err)
	}
	if _, err := d.Replay(game.Terms{"size": "10", "rules": "classic"}, "", ""); err != nil {
		t.Errorf("empty record on default terms: %v", err)
	}
	if _, err := d.Replay(game.Terms{"size": "7", "rules": "revised"}, "size=7\n", ""); !errors.Is(err, veletas.ErrBadRules) {
		t.Errorf("classic record on revised terms: %v, want ErrBadRules", err)
	}
	if _, err := d.Replay(game.Terms{"size": "7", "rules": "classic"}, "size=7 rules=revised\n", ""); !errors.Is(err, veletas.ErrBadRules) {
		t.Errorf("revised record on classic terms: %v, want ErrBadRules", err)
	}
	m := mustReplay(t, game.Terms{"size": "7", "rules": "revised"}, "rules=revised size=7")
	if m.Game.Rules() != veletas.Revised || m.Record() != "size=7 rules=revised\n" {
		t.Errorf("revised replay: %v %q", m.Game.Rules(), m.Record())
	}
	if _, err := d.Replay(game.Terms{"size": "7"}, "size=7\n", "a1"); !errors.Is(err, veletas.ErrMalformed) {
		t.Errorf("open steps: %v, want ErrMalformed", err)
	}
	if _, err := d.Replay(game.Terms{"size": "7"}, "size=7\n[e5]a7 a1-a2/a3", ""); err == nil {
		t.Error("a record with an illegal action replayed")
	}
}

// TestDefinitionFinished replays finished conformance games: seat 0 made
// the first setup, and is Black unless the second player swapped.
func TestDefinitionFinished(t *testing.T) {
	for _, c := range []struct {
		name   string
		winner game.Seat
	}{
		{"game_s7_09", 1}, // swap: seat 0 is White; Black wins
		{"game_s7_10", 0}, // no swap: seat 0 is Black; Black wins
		{"game_s7_01", 1}, // no swap; White wins
		{"game_s7_02", 0}, // swap; White wins
	} {
		b, err := os.ReadFile("testdata/conformance/games/" + c.name + ".rec")
		if err != nil {
			t.Fatal(err)
		}
		m := mustReplay(t, game.Terms{"size": "7", "rules": "classic"}, string(b))
		o := m.Outcome()
		if !o.Over || o.Winner != c.winner {
			t.Errorf("%s: outcome %+v, want seat %d winning", c.name, o, c.winner)
		}
		if _, err := m.Play("a1-a2/a3"); !errors.Is(err, veletas.ErrGameOver) {
			t.Errorf("%s: a turn after the end: %v", c.name, err)
		}
		back, ok := m.TakeBack()
		if !ok || back.Outcome().Over {
			t.Errorf("%s: the last turn not taken back: %v %+v", c.name, ok, back.Outcome())
		}
		if again := mustReplay(t, game.Terms{"size": "7"}, m.Record()); again.Record() != m.Record() || again.Outcome() != o {
			t.Errorf("%s: the canonical record does not replay alike", c.name)
		}
	}
}
