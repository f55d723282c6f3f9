package amazonsmod

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
)

func TestDecideLevels(t *testing.T) {
	pos := playGame(t, "d1-d7/g7", "j7-h7/h1").Position()
	for _, level := range []string{"easy", "Medium", "hard"} {
		d, err := Decide(context.Background(), pos, level, 7, 500*time.Millisecond)
		if err != nil {
			t.Fatalf("%s: %v", level, err)
		}
		if d.Fallback || !pos.Legal(d.Turn) || d.Stats.Turns != pos.CountTurns() {
			t.Errorf("%s: %+v", level, d)
		}
	}
}

func TestDecideRepeatable(t *testing.T) {
	pos := amazons.Start()
	a, err1 := Decide(context.Background(), pos, "easy", 3, 0)
	b, err2 := Decide(context.Background(), pos, "easy", 3, 0)
	if err1 != nil || err2 != nil || a.Turn != b.Turn {
		t.Errorf("same seed, other turns: %v %v (%v, %v)", a.Turn, b.Turn, err1, err2)
	}
}

// TestDecideBounded: a hard decision cut to a few milliseconds stops
// early and still plays a legal turn.
func TestDecideBounded(t *testing.T) {
	pos := amazons.Start()
	d, err := Decide(context.Background(), pos, "hard", 1, 5*time.Millisecond)
	if err != nil || d.Fallback || !pos.Legal(d.Turn) || !d.Stats.Stopped {
		t.Errorf("%+v, %v; want a legal turn from a stopped search", d, err)
	}
}

func TestDecideRefusals(t *testing.T) {
	if _, err := Decide(context.Background(), amazons.Start(), "grandmaster", 1, 0); !errors.Is(err, ai.ErrUnknownLevel) {
		t.Errorf("unknown level: %v", err)
	}
	if _, err := Decide(context.Background(), mustPos(t, shutIn), "easy", 1, 0); !errors.Is(err, ErrNoTurn) {
		t.Errorf("game over: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Decide(ctx, amazons.Start(), "easy", 1, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// fakeChooser answers with a turn, an error or a panic.
type fakeChooser struct {
	turn  amazons.Turn
	err   error
	panic bool
}

func (f fakeChooser) Choose(context.Context, amazons.Position) (amazons.Turn, ai.Stats, error) {
	if f.panic {
		panic("boom")
	}
	return f.turn, ai.Stats{Turns: 1}, f.err
}

func TestDecideFallback(t *testing.T) {
	pos := amazons.Start()
	errBroken := errors.New("broken")
	for _, c := range []struct {
		name string
		p    fakeChooser
		want error
	}{
		{"illegal", fakeChooser{turn: turnOf(t, "a7-a6/a5")}, amazons.ErrNotYourAmazon},
		{"error", fakeChooser{err: errBroken}, errBroken},
		{"panic", fakeChooser{panic: true}, errPanicked},
	} {
		d, err := decide(context.Background(), pos, c.p, rand.New(rand.NewPCG(1, 1)))
		if err != nil || !d.Fallback || !errors.Is(d.Cause, c.want) || !pos.Legal(d.Turn) {
			t.Errorf("%s: %+v, %v", c.name, d, err)
		}
	}
	good := turnOf(t, "d1-d7/g7")
	d, err := decide(context.Background(), pos, fakeChooser{turn: good}, rand.New(rand.NewPCG(1, 1)))
	if err != nil || d.Fallback || d.Turn != good || d.Cause != nil {
		t.Errorf("legal choice: %+v, %v", d, err)
	}
}
