package tournament

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
)

// played returns a Swiss of 7 after two rounds, as the store would keep it.
func playedState(tb testing.TB) Tournament {
	r := rand.New(rand.NewPCG(3, 4))
	tt := newWith(tb, Swiss, 3, "A", "B", "C", "D", "E", "F", "G")
	for range 2 {
		var err error
		if tt, _, err = Next(tt); err != nil {
			tb.Fatal(err)
		}
		for _, g := range tt.Rounds[len(tt.Rounds)-1].Games {
			if g.Result == Unplayed {
				tt = must(tb)(Record(tt, g.Round, g.White, g.Black, randomResult(r)))
			}
		}
	}
	return must(tb)(Withdraw(tt, "B"))
}

func TestJSONRoundTrip(t *testing.T) {
	tt := playedState(t)
	b, err := json.Marshal(tt)
	if err != nil {
		t.Fatal(err)
	}
	var back Tournament
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tt, back) {
		t.Fatalf("round trip:\n%+v\n%+v", tt, back)
	}
	if err := Validate(back); err != nil {
		t.Fatal(err)
	}
	a, _ := PairRound(tt)
	c, _ := PairRound(back)
	if !reflect.DeepEqual(a, c) {
		t.Fatalf("pairings differ after the round trip: %v %v", a, c)
	}
}

// FuzzStateJSON: any JSON that Validate accepts round-trips, and pairing,
// standings and crosstable never panic on it.
func FuzzStateJSON(f *testing.F) {
	b, _ := json.Marshal(playedState(f))
	f.Add(b)
	f.Add([]byte(`{"format":"round-robin","players":[{"id":"a"},{"id":"b"},{"id":"c"}]}`))
	f.Add([]byte(`{"format":"swiss","swiss_rounds":2,"players":[{"id":"a"},{"id":"b"}],"rounds":[{"number":1,"games":[{"round":1,"white":"a","black":"b","result":"-/-"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tt Tournament
		if json.Unmarshal(data, &tt) != nil || Validate(tt) != nil {
			return
		}
		if len(tt.Players) > 60 {
			return
		}
		out, err := json.Marshal(tt)
		if err != nil {
			t.Fatal(err)
		}
		var back Tournament
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatal(err)
		}
		if err := Validate(back); err != nil {
			t.Fatalf("valid state invalid after round trip: %v", err)
		}
		out2, _ := json.Marshal(back)
		if string(out) != string(out2) {
			t.Fatalf("not stable:\n%s\n%s", out, out2)
		}
		ps, err := PairRound(tt)
		if err == nil {
			if _, err := Begin(tt, ps); err != nil {
				t.Fatalf("Begin refuses PairRound's pairings: %v\n%v", err, ps)
			}
		}
		Standings(tt)
		Crosstable(tt)
	})
}
