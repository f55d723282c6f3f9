package tournament

import (
	"errors"
	"slices"
	"testing"
)

func mustT(tb testing.TB, t Tournament, err error) Tournament {
	tb.Helper()
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

func newWith(tb testing.TB, f Format, rounds int, ids ...string) Tournament {
	tb.Helper()
	t, err := New(f, rounds)
	t = mustT(tb, t, err)
	for i, id := range ids {
		t, err = Join(t, Player{ID: id, Rating: float64(2000 - 100*i)})
		t = mustT(tb, t, err)
	}
	return t
}

func must(tb testing.TB) func(Tournament, error) Tournament {
	return func(t Tournament, err error) Tournament { return mustT(tb, t, err) }
}

func pairs(ps []Pairing) []string {
	var out []string
	for _, p := range ps {
		if p.IsBye() {
			out = append(out, p.White+" bye")
		} else {
			out = append(out, p.White+"-"+p.Black)
		}
	}
	return out
}

func next(tb testing.TB, t Tournament, want ...string) Tournament {
	tb.Helper()
	t, ps, err := Next(t)
	if err != nil {
		tb.Fatal(err)
	}
	if got := pairs(ps); !slices.Equal(got, want) {
		tb.Fatalf("round %d: got %v, want %v", len(t.Rounds), got, want)
	}
	return t
}

func record(tb testing.TB, t Tournament, games map[string]Result) Tournament {
	tb.Helper()
	r := len(t.Rounds)
	for _, g := range t.Rounds[r-1].Games {
		if res, ok := games[g.White+"-"+g.Black]; ok {
			var err error
			t, err = Record(t, r, g.White, g.Black, res)
			t = mustT(tb, t, err)
		}
	}
	if !t.Rounds[r-1].Finished() {
		tb.Fatalf("round %d not finished: %+v", r, t.Rounds[r-1])
	}
	return t
}

// TestSwissSevenByHand is a 7-player Swiss of 3 rounds worked by hand.
// Seeds A..G (ratings 2000..1400, pairing numbers 1..7).
//
// Round 1: one score group; S1 = A B C, S2 = D E F G; G, last, gets the bye.
// Colours by E.5: odd pairing numbers of S1 get White: A-D, E-B, C-F.
// Results: A wins, E-B drawn, F wins.
//
// Round 2: groups {A F G}=1, {B E}=½, {C D}=0. Prefs: A black (mild),
// F white, G none, B white, E black, C black, D white. A-F (prefs
// met: F-A); G floats; {G B E}: G-B (B wants white: B-G); E floats; {E C
// D}: E-C would leave both wanting black, E-D meets both preferences, so
// D-E and C, left over, gets the bye (0 points, not had one).
// Results: A wins, B-G drawn, D wins.
//
// Round 3: A 2; G 1½; B C D F 1; E ½. A floats into {A G}: both want
// white, the pair is made (pairs before colours); G's preference is strong
// (colour difference -1), A's mild: G-A. {B C D F} all want black; C-F
// met in round 1, so B-F and C-D (B: equal mild preferences, no round
// with different colours, the higher-ranked B gets its preference: F-B;
// C's strong preference beats D's mild one: D-C). E gets the bye.
func TestSwissSevenByHand(t *testing.T) {
	tt := newWith(t, Swiss, 3, "A", "B", "C", "D", "E", "F", "G")
	tt = next(t, tt, "A-D", "E-B", "C-F", "G bye")
	tt = record(t, tt, map[string]Result{"A-D": WhiteWins, "E-B": Draw, "C-F": BlackWins})
	tt = next(t, tt, "F-A", "B-G", "D-E", "C bye")
	tt = record(t, tt, map[string]Result{"F-A": BlackWins, "B-G": Draw, "D-E": WhiteWins})
	tt = next(t, tt, "G-A", "F-B", "D-C", "E bye")
	tt = record(t, tt, map[string]Result{"G-A": Draw, "F-B": WhiteWins, "D-C": BlackWins})
	if !tt.Finished() {
		t.Fatal("not finished")
	}
	if _, err := PairRound(tt); !errors.Is(err, ErrTournamentOver) {
		t.Fatalf("after the last round: %v", err)
	}

	// Standings by hand. Final points: A 2½, C F G 2, E 1½, B D 1.
	// Buchholz (own points for a bye round):
	//   A: D1 + F2 + G2 = 5            SB: 1 + 2 + ½·2 = 4
	//   B: E1½ + G2 + F2 = 5½          SB: ½·1½ + ½·2 = 1¾
	//   C: F2 + own 2 + D1 = 5         SB: 1
	//   D: A2½ + E1½ + C2 = 6          SB: 1½
	//   E: B1 + D1 + own 1½ = 3½       SB: ½
	//   F: C2 + A2½ + B1 = 5½          SB: 2 + 1 = 3
	//   G: own 2 + B1 + A2½ = 5½       SB: ½ + 1¼ = 1¾
	// Order: A; F G (Buchholz 5½, F ahead on SB) then C (5); E; D (6) B (5½).
	type line struct {
		id          string
		pts, bh, sb float64
	}
	want := []line{
		{"A", 2.5, 5, 4}, {"F", 2, 5.5, 3}, {"G", 2, 5.5, 1.75}, {"C", 2, 5, 1},
		{"E", 1.5, 3.5, 0.5}, {"D", 1, 6, 1.5}, {"B", 1, 5.5, 1.75},
	}
	st := Standings(tt)
	for i, w := range want {
		s := st[i]
		if s.ID != w.id || s.Points != w.pts || s.Buchholz != w.bh || s.SonnebornBerger != w.sb || s.Rank != i+1 {
			t.Errorf("place %d: got %+v, want %+v", i+1, s, w)
		}
	}
	ct := Crosstable(tt)
	if ct[0].ID != "A" || len(ct[0].ByRound) != 3 {
		t.Fatalf("crosstable row: %+v", ct[0])
	}
	if e := ct[0].ByRound[1]; e.Opponent != "F" || e.Colour != Black || e.Result != BlackWins || e.Points != 1 {
		t.Errorf("A round 2: %+v", e)
	}
	if e := ct[4].ByRound[2]; ct[4].ID != "E" || e.Result != Bye || e.Opponent != "" || e.Points != 1 {
		t.Errorf("E round 3: %+v", e)
	}
	if g := ct[0].Against["G"]; len(g) != 1 || g[0].Round != 3 || g[0].Points != 0.5 {
		t.Errorf("A against G: %+v", g)
	}
}

// TestSwissFloaterByHand: four players; after round 1 (A beats C, D-B
// drawn) the groups are {A}=1, {B D}=½, {C}=0. A floats down and meets B
// (S1 A, S2 B D), D floats to C. Round 3 is forced: each has met two.
func TestSwissFloaterByHand(t *testing.T) {
	tt := newWith(t, Swiss, 3, "A", "B", "C", "D")
	tt = next(t, tt, "A-C", "D-B")
	tt = record(t, tt, map[string]Result{"A-C": WhiteWins, "D-B": Draw})
	tt = next(t, tt, "B-A", "C-D")
	tt = record(t, tt, map[string]Result{"B-A": Draw, "C-D": Draw})
	// A: W B → mild white; D: W B → mild white; B: B W → mild black;
	// C: B W → mild black. A-D: A ranks higher, E.3 finds no round with
	// different colours, E.4 gives A white. B-C: same, B gets black.
	tt = next(t, tt, "A-D", "C-B")
	_ = tt
}

// TestSwissRematchImpossible: two players cannot play a second Swiss round
// (the round count is refused), and three players with one withdrawn after
// meeting cannot be paired again.
func TestSwissRematchImpossible(t *testing.T) {
	if _, err := PairRound(newWith(t, Swiss, 2, "A", "B")); !errors.Is(err, ErrTooManyRounds) {
		t.Fatalf("2 rounds for 2 players: %v", err)
	}
	tt := newWith(t, Swiss, 3, "A", "B", "C")
	tt = next(t, tt, "A-B", "C bye")
	tt = record(t, tt, map[string]Result{"A-B": WhiteWins})
	tt = must(t)(Withdraw(tt, "C"))
	if _, err := PairRound(tt); !errors.Is(err, ErrNoPairing) {
		t.Fatalf("A and B again: %v", err)
	}
}

// TestBergerTables compares with the FIDE Berger tables for 4 and 6.
func TestBergerTables(t *testing.T) {
	four := [][][2]int{{{1, 4}, {2, 3}}, {{4, 3}, {1, 2}}, {{2, 4}, {3, 1}}}
	six := [][][2]int{
		{{1, 6}, {2, 5}, {3, 4}}, {{6, 4}, {5, 3}, {1, 2}}, {{2, 6}, {3, 1}, {4, 5}},
		{{6, 5}, {1, 4}, {2, 3}}, {{3, 6}, {4, 2}, {5, 1}},
	}
	for n, table := range map[int][][][2]int{4: four, 6: six} {
		for r, want := range table {
			got := bergerPairs(n, r+1)
			slices.SortFunc(got, func(a, b [2]int) int { return min(a[0], a[1]) - min(b[0], b[1]) })
			slices.SortFunc(want, func(a, b [2]int) int { return min(a[0], a[1]) - min(b[0], b[1]) })
			if !slices.Equal(got, want) {
				t.Errorf("n=%d round %d: got %v, want %v", n, r+1, got, want)
			}
		}
	}
}

// TestRoundRobinWithdrawal: a withdrawn player's remaining games are
// forfeited when their round begins; the earlier result stays.
func TestRoundRobinWithdrawal(t *testing.T) {
	tt := newWith(t, RoundRobin, 0, "A", "B", "C", "D")
	tt = next(t, tt, "B-C", "A-D")
	tt = record(t, tt, map[string]Result{"B-C": WhiteWins, "A-D": BlackWins})
	tt = must(t)(Withdraw(tt, "D"))
	tt = next(t, tt, "A-B", "D-C")
	if g := tt.Rounds[1].Games[1]; g.Result != BlackForfeitWin {
		t.Fatalf("D's game: %+v", g)
	}
	tt = record(t, tt, map[string]Result{"A-B": Draw})
	st := Standings(tt)
	if st[0].ID != "B" || st[0].Points != 1.5 || st[3].ID != "A" || st[3].Points != 0.5 {
		t.Fatalf("standings %+v", st)
	}
	// D kept the round-1 win.
	for _, s := range st {
		if s.ID == "D" && (s.Points != 1 || !s.Withdrawn) {
			t.Fatalf("D: %+v", s)
		}
	}
}

// TestWithdrawMidRound forfeits the unfinished game to the opponent.
func TestWithdrawMidRound(t *testing.T) {
	tt := newWith(t, Swiss, 2, "A", "B", "C", "D")
	tt = next(t, tt, "A-C", "D-B")
	tt = must(t)(Withdraw(tt, "C"))
	if g := tt.Rounds[0].Games[0]; g.Result != WhiteForfeitWin {
		t.Fatalf("A-C: %+v", g)
	}
	if _, err := PairRound(tt); !errors.Is(err, ErrRoundNotFinished) {
		t.Fatalf("D-B unfinished: %v", err)
	}
	tt = record(t, tt, map[string]Result{"D-B": WhiteWins})
	// Three active: A (1, forfeit win: no bye), D (1), B (0). A-D, B bye;
	// the forfeit gave A no colour, D (White in round 1) wants black.
	tt = next(t, tt, "A-D", "B bye")
	_ = tt
	if _, err := Withdraw(tt, "C"); !errors.Is(err, ErrAlreadyWithdrawn) {
		t.Fatalf("twice: %v", err)
	}
}

func TestDirectEncounter(t *testing.T) {
	// X beat Y and drew Z; Y beat Z. Tied X, Y, Z (as if equal on the
	// earlier criteria): direct encounter X 1½, Y 1, Z ½.
	tt := newWith(t, RoundRobin, 0, "X", "Y", "Z")
	tt.Rounds = []Round{{Number: 1, Games: []Game{
		{Pairing{1, "X", "Y"}, WhiteWins}, {Pairing{1, "Y", "Z"}, WhiteWins}, {Pairing{1, "Z", "X"}, Draw},
	}}}
	st := []Standing{{ID: "X"}, {ID: "Y"}, {ID: "Z"}}
	directEncounter(tt, st, []int{0, 1, 2})
	if st[0].DirectEncounter != 1.5 || st[1].DirectEncounter != 1 || st[2].DirectEncounter != 0.5 {
		t.Fatalf("%+v", st)
	}
	// Not all met: not applied.
	st = []Standing{{ID: "X"}, {ID: "Y"}, {ID: "Q"}}
	directEncounter(tt, st, []int{0, 1, 2})
	if st[0].DirectEncounter != 0 || st[1].DirectEncounter != 0 {
		t.Fatalf("applied without all encounters: %+v", st)
	}
}

func TestAdjudicate(t *testing.T) {
	games := []Unfinished{
		{Pairing{2, "A", "B"}, White},
		{Pairing{2, "C", "D"}, Black},
	}
	res := func(gs []Game) []Result {
		var out []Result
		for _, g := range gs {
			out = append(out, g.Result)
		}
		return out
	}
	for _, c := range []struct {
		rule  Adjudication
		draws bool
		want  []Result
	}{
		{LossToMover, true, []Result{BlackWins, WhiteWins}},
		{LossToMover, false, []Result{BlackWins, WhiteWins}},
		{DrawIfPossible, true, []Result{Draw, Draw}},
		{DrawIfPossible, false, []Result{BlackWins, WhiteWins}},
	} {
		got, err := Adjudicate(games, c.rule, c.draws)
		if err != nil || !slices.Equal(res(got), c.want) {
			t.Errorf("%s draws=%v: %v %v", c.rule, c.draws, res(got), err)
		}
	}
	if _, err := Adjudicate(games, "coin", true); !errors.Is(err, ErrUnknownAdjudicate) {
		t.Error(err)
	}
	if _, err := Adjudicate([]Unfinished{{Pairing: Pairing{1, "A", "B"}}}, LossToMover, false); !errors.Is(err, ErrBadResult) {
		t.Error(err)
	}
	if _, err := Adjudicate([]Unfinished{{Pairing: Pairing{1, "A", ""}}}, DrawIfPossible, true); !errors.Is(err, ErrBadPairing) {
		t.Error(err)
	}
}

func TestErrors(t *testing.T) {
	if _, err := New("arena", 0); !errors.Is(err, ErrUnknownFormat) {
		t.Error(err)
	}
	if _, err := New(Swiss, 0); !errors.Is(err, ErrBadRounds) {
		t.Error(err)
	}
	if _, err := New(RoundRobin, 3); !errors.Is(err, ErrBadRounds) {
		t.Error(err)
	}
	empty := must(t)(New(Swiss, 3))
	if _, err := PairRound(empty); !errors.Is(err, ErrNoPlayers) {
		t.Error(err)
	}
	one := newWith(t, RoundRobin, 0, "A")
	if _, err := PairRound(one); !errors.Is(err, ErrTooFewPlayers) {
		t.Error(err)
	}
	if _, err := Join(one, Player{ID: "A"}); !errors.Is(err, ErrDuplicatePlayer) {
		t.Error(err)
	}
	if _, err := Join(one, Player{}); !errors.Is(err, ErrBadPlayer) {
		t.Error(err)
	}
	if _, err := PairRound(newWith(t, Swiss, 4, "A", "B", "C", "D")); !errors.Is(err, ErrTooManyRounds) {
		t.Error(err)
	}
	tt := newWith(t, Swiss, 1, "A", "B")
	tt = next(t, tt, "A-B")
	if _, err := Join(tt, Player{ID: "C"}); !errors.Is(err, ErrStarted) {
		t.Error(err)
	}
	if _, err := PairRound(tt); !errors.Is(err, ErrRoundNotFinished) {
		t.Error(err)
	}
	if _, err := Record(tt, 1, "A", "B", Bye); !errors.Is(err, ErrBadResult) {
		t.Error(err)
	}
	if _, err := Record(tt, 1, "B", "A", Draw); !errors.Is(err, ErrUnknownGame) {
		t.Error(err)
	}
	if _, err := Withdraw(tt, "Z"); !errors.Is(err, ErrUnknownPlayer) {
		t.Error(err)
	}
	if _, err := Begin(newWith(t, Swiss, 1, "A", "B"), []Pairing{{Round: 1, White: "A"}}); !errors.Is(err, ErrBadPairing) {
		t.Error(err)
	}
	left := must(t)(Leave(newWith(t, Swiss, 1, "A", "B"), "A"))
	if len(left.Players) != 1 || left.Players[0].ID != "B" {
		t.Errorf("leave: %+v", left.Players)
	}
}

// TestSwissPublishedByeScore is a published expected pairing: the test
// tournament "Dutch 2025 C5" of bbpPairings (the FIDE-endorsed Dutch
// system engine), github.com/BieremaBoyzProgramming/bbpPairings,
// test/tests/dutch_2025_C5.input and .output.expected. Six players,
// pairing numbers 1..6 by rating; player 4 does not play round 3 (here:
// withdrawn). Rounds 1 and 2 are the file's, which our pairing
// reproduces: 1-4 5-2 3-6 (1, 2, 3 win), 2-1 4-3 6-5 (1, 3, 5 win, all
// with Black). Round 3, scores 1:2 3:2 2:1 5:1 6:0: the engine's answer
// is 1-5, 3-2 and the bye to 6. Pairing the top bracket first (1-3)
// would leave 2-6 and the bye to 5, who has a point: the bye goes to
// the lowest score a complete pairing allows (the criterion the file
// is named after), before the score brackets' own criteria.
func TestSwissPublishedByeScore(t *testing.T) {
	tt := newWith(t, Swiss, 3)
	for i, r := range []float64{2720, 2701, 2697, 2689, 2673, 2664} {
		tt = must(t)(Join(tt, Player{ID: string(rune('1' + i)), Rating: r}))
	}
	tt = next(t, tt, "1-4", "5-2", "3-6")
	tt = record(t, tt, map[string]Result{"1-4": WhiteWins, "5-2": BlackWins, "3-6": WhiteWins})
	tt = next(t, tt, "2-1", "4-3", "6-5")
	tt = record(t, tt, map[string]Result{"2-1": BlackWins, "4-3": BlackWins, "6-5": BlackWins})
	tt = must(t)(Withdraw(tt, "4"))
	next(t, tt, "1-5", "3-2", "6 bye")
}
