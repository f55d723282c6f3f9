package amazonsmod

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
)

// diagram: White's amazon on a1 is walled in (arrows on a2, b1, b2); its
// others are on d1, d4 and j4; Black's are at the start.
//
//	10  . . . b . . b . . .
//	 7  b . . . . . . . . b
//	 4  . . . w . . . . . w
//	 2  x x . . . . . . . .
//	 1  w x . w . . . . . .
//	    a b c d e f g h i j
const diagram = "3b2b3/10/10/b8b/10/10/3w5w/10/xx8/wx1w6 w"

func values(cs []Choice) []string {
	var v []string
	for _, c := range cs {
		v = append(v, c.Value)
	}
	return v
}

func labels(cs []Choice) []string {
	var v []string
	for _, c := range cs {
		v = append(v, c.Label)
	}
	return v
}

func mustPos(t testing.TB, s string) amazons.Position {
	t.Helper()
	p, err := amazons.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCompleteDiagram(t *testing.T) {
	pos := mustPos(t, diagram)
	for _, c := range []struct {
		opts           map[string]string
		focused, typed string
		values, labels []string
	}{
		{nil, "amazon", "", []string{"d1", "d4", "j4"}, nil},
		{nil, "amazon", " D", []string{"d1", "d4"}, nil},
		{nil, "amazon", "a", nil, nil},
		{map[string]string{"amazon": "d1"}, "to", "",
			[]string{"c1", "e1", "f1", "g1", "h1", "i1", "j1", "c2", "d2", "e2", "b3", "d3", "f3", "a4", "g4", "h5", "i6"},
			[]string{"d1-c1", "d1-e1", "d1-f1", "d1-g1", "d1-h1", "d1-i1", "d1-j1", "d1-c2", "d1-d2", "d1-e2", "d1-b3", "d1-d3", "d1-f3", "d1-a4", "d1-g4", "d1-h5", "d1-i6"}},
		{map[string]string{"amazon": "D1"}, "to", "d", []string{"d2", "d3"}, []string{"d1-d2", "d1-d3"}},
		{map[string]string{"amazon": "a1"}, "to", "", nil, nil}, // walled in
		{map[string]string{"amazon": "a7"}, "to", "", nil, nil}, // Black's
		{map[string]string{"amazon": "zz"}, "to", "", nil, nil}, // not a square
		{map[string]string{"amazon": "d1", "to": "c1"}, "arrow", "c",
			[]string{"c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10"},
			[]string{"d1-c1/c2", "d1-c1/c3", "d1-c1/c4", "d1-c1/c5", "d1-c1/c6", "d1-c1/c7", "d1-c1/c8", "d1-c1/c9", "d1-c1/c10"}},
		// The square the amazon left is free for the arrow.
		{map[string]string{"amazon": "d1", "to": "c1"}, "arrow", "d",
			[]string{"d1", "d2"}, []string{"d1-c1/d1", "d1-c1/d2"}},
		{map[string]string{"amazon": "d1", "to": "d5"}, "arrow", "", nil, nil}, // not a move
		{map[string]string{"amazon": "d1"}, "arrow", "", nil, nil},             // no to
		{nil, "turn", "d1-c1/c1", []string{"d1-c1/c10"}, nil},
		{nil, "turn", "D1-C1/D", []string{"d1-c1/d1", "d1-c1/d2"}, nil},
		{nil, "turn", "a1", nil, nil},
		{nil, "other", "", nil, nil},
	} {
		got := Complete(pos, c.opts, c.focused, c.typed)
		if !slices.Equal(values(got), c.values) {
			t.Errorf("%s %q with %v: values %v; want %v", c.focused, c.typed, c.opts, values(got), c.values)
		}
		wantLabels := c.labels
		if wantLabels == nil {
			wantLabels = c.values
		}
		if !slices.Equal(labels(got), wantLabels) {
			t.Errorf("%s %q with %v: labels %v; want %v", c.focused, c.typed, c.opts, labels(got), wantLabels)
		}
	}
}

func TestCompleteStart(t *testing.T) {
	pos := amazons.Start()
	if got := values(Complete(pos, nil, "amazon", "")); !slices.Equal(got, []string{"d1", "g1", "a4", "j4"}) {
		t.Errorf("amazons at the start: %v", got)
	}
	if got := values(Complete(pos, nil, "turn", "d1-d7/g")); !slices.Equal(got, []string{"d1-d7/g4", "d1-d7/g7"}) {
		t.Errorf("turns d1-d7/g…: %v", got)
	}
	if got := Complete(pos, nil, "turn", ""); len(got) != MaxChoices {
		t.Errorf("turns at the start: %d choices; want %d", len(got), MaxChoices)
	}
	if got := Complete(mustPos(t, shutIn), nil, "amazon", ""); got != nil {
		t.Errorf("game over: %v", got)
	}
}

// TestCompleteMatchesRules compares the choices with the legal turns of
// random positions: each option offers exactly the legal squares (the
// first MaxChoices in board order).
func TestCompleteMatchesRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for game := 0; game < 6; game++ {
		pos := amazons.Start()
		for ply := 0; !pos.Over(); ply++ {
			if ply%7 == 0 {
				checkChoices(t, pos)
			}
			tu, _ := pos.RandomTurn(r)
			pos.Do(tu)
		}
	}
}

func checkChoices(t *testing.T, pos amazons.Position) {
	t.Helper()
	turns := pos.LegalTurns()
	var from, to, arrow [amazons.Squares]bool
	pick := turns[len(turns)/2]
	for _, tu := range turns {
		from[tu.From] = true
		if tu.From == pick.From {
			to[tu.To] = true
			if tu.To == pick.To {
				arrow[tu.Arrow] = true
			}
		}
	}
	want := func(set *[amazons.Squares]bool) []string {
		var out []string
		for s, in := range set {
			if in && len(out) < MaxChoices {
				out = append(out, amazons.Square(s).String())
			}
		}
		return out
	}
	opts := map[string]string{"amazon": pick.From.String(), "to": pick.To.String()}
	for _, c := range []struct {
		focused string
		set     *[amazons.Squares]bool
	}{{"amazon", &from}, {"to", &to}, {"arrow", &arrow}} {
		if got, w := values(Complete(pos, opts, c.focused, "")), want(c.set); !slices.Equal(got, w) {
			t.Fatalf("%s in %s: %v; want %v", c.focused, pos, got, w)
		}
	}
	prefix := pick.Move().String() + "/"
	for _, c := range Complete(pos, nil, "turn", prefix) {
		tu, err := amazons.ParseTurn(c.Value)
		if err != nil || !pos.Legal(tu) || tu.Move() != pick.Move() {
			t.Fatalf("turn %q in %s", c.Value, pos)
		}
	}
}

// BenchmarkComplete times each option's answer at the start, the
// position with the most choices: the move command's budget is 25 ms.
func BenchmarkComplete(b *testing.B) {
	pos := amazons.Start()
	for _, c := range []struct {
		name, focused, typed string
		opts                 map[string]string
	}{
		{"amazon", "amazon", "", nil},
		{"to", "to", "", map[string]string{"amazon": "d1"}},
		{"arrow", "arrow", "", map[string]string{"amazon": "d1", "to": "d7"}},
		{"turn", "turn", "", nil},
		{"turn-last", "turn", "j4-", nil},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(Complete(pos, c.opts, c.focused, c.typed)) == 0 {
					b.Fatal("no choices")
				}
			}
		})
	}
}
