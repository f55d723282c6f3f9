package amazons_test

import (
	"errors"
	"os"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
)

func TestDefinitionNormalize(t *testing.T) {
	d := amazons.Definition{}
	if d.Kind() != "amazons" || len(d.Terms()) != 0 {
		t.Errorf("Kind %q, terms %v", d.Kind(), d.Terms())
	}
	if got, err := d.Normalize(nil); err != nil || len(got) != 0 {
		t.Errorf("Normalize(nil) = %v, %v", got, err)
	}
	var te *game.TermError
	if _, err := d.Normalize(game.Terms{"size": "10"}); !errors.As(err, &te) || te.Name != "size" || te.Kind != "amazons" {
		t.Errorf("Normalize(size) = %v", err)
	}
	if _, err := d.New(game.Terms{"variant": "x"}); !errors.As(err, &te) {
		t.Errorf("New(variant) = %v", err)
	}
	if _, err := d.Replay(game.Terms{"variant": "x"}, "", ""); !errors.As(err, &te) {
		t.Errorf("Replay(variant) = %v", err)
	}
}

func TestDefinitionPlay(t *testing.T) {
	d := amazons.Definition{}
	st, err := d.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if st.ToAct() != 0 || st.Outcome().Over || st.Outcome().Winner != game.NoSeat || st.Open() != "" {
		t.Fatalf("start: seat %d, %+v", st.ToAct(), st.Outcome())
	}
	if _, ok := st.TakeBack(); ok {
		t.Error("a turn taken back at the start")
	}
	s1, err := st.Play("d1-d7/g7")
	if err != nil {
		t.Fatal(err)
	}
	if s1.ToAct() != 1 {
		t.Errorf("after White's turn seat %d to act", s1.ToAct())
	}
	s2, err := s1.Play("g10-g8/b3")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s2.Play("d7-e9/e8"); !errors.Is(err, amazons.ErrNotQueenLine) {
		t.Errorf("a move off a queen line: %v", err)
	}
	if _, err := s2.Play("d7"); !errors.Is(err, amazons.ErrMalformed) {
		t.Errorf("unreadable turn: %v", err)
	}
	back, ok := s2.TakeBack()
	if !ok || back.Record() != s1.Record() || back.ToAct() != 1 {
		t.Errorf("TakeBack = %q %v", back.Record(), ok)
	}
	again, err := d.Replay(nil, s2.Record(), "")
	if err != nil || again.Record() != s2.Record() || again.ToAct() != 0 {
		t.Errorf("Replay = %v, %v", again, err)
	}
	if _, err := d.Replay(nil, s2.Record(), "d1"); !errors.Is(err, amazons.ErrOpenTurn) {
		t.Errorf("open steps: %v", err)
	}
	if amazons.SideOf(0) != amazons.White || amazons.SideOf(1) != amazons.Black || amazons.SeatOf(amazons.Black) != 1 {
		t.Error("seat 0 is not White")
	}
}

func TestDefinitionFinished(t *testing.T) {
	for _, c := range []struct {
		name   string
		winner game.Seat
	}{{"game_01", 0}, {"game_06", 1}, {"game_10", 1}} {
		b, err := os.ReadFile("testdata/conformance/games/" + c.name + ".rec")
		if err != nil {
			t.Fatal(err)
		}
		st, err := amazons.Definition{}.Replay(game.Terms{}, string(b), "")
		if err != nil {
			t.Fatal(err)
		}
		if o := st.Outcome(); !o.Over || o.Winner != c.winner {
			t.Errorf("%s: %+v, want seat %d winning", c.name, o, c.winner)
		}
		back, ok := st.TakeBack()
		if !ok || back.Outcome().Over {
			t.Errorf("%s: TakeBack %v %+v", c.name, ok, back.Outcome())
		}
		again, err := amazons.Definition{}.Replay(nil, st.Record(), "")
		if err != nil || again.Record() != st.Record() || again.Outcome() != st.Outcome() {
			t.Errorf("%s: the canonical record does not replay alike: %v", c.name, err)
		}
	}
}
