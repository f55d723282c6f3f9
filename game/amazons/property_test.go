package amazons

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// randomGames plays n random games from the start with the playouts'
// policy and calls visit with each position before each turn (and the
// final one, with the zero Turn and ok false).
func randomGames(n int, seed uint64, visit func(g int, p Position, t Turn, ok bool)) {
	r := rand.New(rand.NewPCG(seed, 99))
	for g := 0; g < n; g++ {
		p := Start()
		for {
			t, ok := p.RandomTurn(r)
			visit(g, p, t, ok)
			if !ok {
				break
			}
			p.Do(t)
		}
	}
}

func gameCount(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// TestPropertyRandomGames plays thousands of random games and checks at
// every position: the generated turns are legal and as many as counted,
// without duplicates; the random turn is among them; Do and Undo give
// Apply's position and come back; the text reads back to the same
// position and hash; the game ends exactly when the side to move has no
// turn, and the side to move at the end loses.
func TestPropertyRandomGames(t *testing.T) {
	games := gameCount(2000, 200)
	buf := make([]Turn, 0, 4096)
	seen := map[Turn]bool{}
	positions, lengths := 0, 0
	randomGames(games, 1, func(g int, p Position, tu Turn, ok bool) {
		positions++
		buf = p.AppendTurns(buf[:0])
		if len(buf) != p.CountTurns() {
			t.Fatalf("%s: %d turns, CountTurns %d", p, len(buf), p.CountTurns())
		}
		if ok == (len(buf) == 0) || ok == p.Over() {
			t.Fatalf("%s: random turn %v (%v) with %d turns, over %v", p, tu, ok, len(buf), p.Over())
		}
		text := p.String()
		q, err := ParsePosition(text)
		if err != nil || q != p || q.Hash() != p.Hash() || q.String() != text {
			t.Fatalf("%s does not read back: %v", text, err)
		}
		if !ok {
			lengths += p.Arrows()
			w, over := p.Winner()
			if !over || w != p.ToMove().Other() || p.CanMove(p.ToMove()) {
				t.Fatalf("%s: the end, winner %v %v", p, w, over)
			}
			return
		}
		// The whole list on some positions (it is the slow part).
		if positions%7 == 0 {
			clear(seen)
			for _, x := range buf {
				if seen[x] {
					t.Fatalf("%s: %v generated twice", p, x)
				}
				seen[x] = true
				if err := p.Check(x); err != nil {
					t.Fatalf("%s: generated %v refused: %v", p, x, err)
				}
			}
			if !seen[tu] {
				t.Fatalf("%s: random turn %v not generated", p, tu)
			}
		} else if err := p.Check(tu); err != nil {
			t.Fatalf("%s: random turn %v refused: %v", p, tu, err)
		}
		q, err = p.Apply(tu)
		d := p
		d.Do(tu)
		if err != nil || d != q || q.ToMove() == p.ToMove() || q.Arrows() != p.Arrows()+1 {
			t.Fatalf("%s: %v: Apply %v, Do %s", p, tu, err, d)
		}
		d.Undo(tu)
		if d != p || d.Hash() != p.Hash() {
			t.Fatalf("%s: Undo(%v) gives %s", p, tu, d)
		}
	})
	t.Logf("%d games, %d positions, %.1f turns a game", games, positions, float64(lengths)/float64(games))
}

// TestPropertyApplyOnlyGenerated checks, on positions of random games,
// that Apply accepts exactly the generated turns: every triple of squares
// on a sample of positions, random triples and near misses (one square
// of a legal turn moved by one) on the others.
func TestPropertyApplyOnlyGenerated(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	games := gameCount(100, 20)
	exhaustive := 0
	randomGames(games, 2, func(g int, p Position, tu Turn, ok bool) {
		legal := map[Turn]bool{}
		for _, x := range p.AppendTurns(nil) {
			legal[x] = true
		}
		check := func(x Turn) {
			err := p.Check(x)
			if (err == nil) != legal[x] {
				t.Fatalf("%s: %v: Check %v, generated %v", p, x, err, legal[x])
			}
			if err != nil {
				var re *RuleError
				if !errors.As(err, &re) || re.Rule == nil || re.Turn != x {
					t.Fatalf("%s: %v: unstructured error %v", p, x, err)
				}
			}
		}
		if g < gameCount(2, 1) && p.Arrows()%16 == 0 {
			exhaustive++
			for a := Square(0); a < Squares; a++ {
				for b := Square(0); b < Squares; b++ {
					for c := Square(0); c < Squares; c++ {
						check(Turn{a, b, c})
					}
				}
			}
			return
		}
		for i := 0; i < 200; i++ {
			check(Turn{Square(r.IntN(Squares)), Square(r.IntN(Squares)), Square(r.IntN(Squares))})
		}
		if !ok {
			return
		}
		for i := 0; i < 50; i++ {
			x := tu
			s := [3]*Square{&x.From, &x.To, &x.Arrow}[r.IntN(3)]
			if q := s.Step(Dirs[r.IntN(8)]); q != NoSquare {
				*s = q
			}
			check(x)
		}
	})
	if exhaustive == 0 {
		t.Fatal("no position was checked exhaustively")
	}
	t.Logf("%d positions checked on all 10^6 triples", exhaustive)
}

// TestPropertyRecords writes random games as records in varied ways
// (upper case, tabs, CRLF, comment lines) and reads them back, and checks
// that a record cut anywhere replays to the position at that point.
func TestPropertyRecords(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	games := gameCount(500, 50)
	for g := 0; g < games; g++ {
		game := NewGame()
		p := Start()
		for {
			tu, ok := p.RandomTurn(r)
			if !ok {
				break
			}
			var err error
			if game, err = game.Play(tu); err != nil {
				t.Fatal(err)
			}
			p.Do(tu)
		}
		text := game.String()
		if re, err := ReplayTurns(game.Turns()); err != nil || re.Position() != p || re.Len() != game.Len() {
			t.Fatalf("ReplayTurns: %v", err)
		}
		back, err := ParseRecordString(text)
		if err != nil || back.Position() != p || back.Len() != game.Len() || back.String() != text {
			t.Fatalf("record round trip: %v\n%s", err, text)
		}
		if back.Result() == Ongoing || back.Result() != p.Result() {
			t.Fatalf("result %v", back.Result())
		}
		// Another writing of the same record.
		var b strings.Builder
		b.WriteString("# a random game\r\n")
		for i, tu := range game.Turns() {
			s := tu.String()
			if r.IntN(3) == 0 {
				s = strings.ToUpper(s)
			}
			b.WriteString(s)
			b.WriteString([]string{" ", "\t", "\r\n", "\n", "\n# comment " + s + "\n", "  \t "}[r.IntN(6)])
			if i == game.Len()/2 {
				b.WriteString("\n#\n\n")
			}
		}
		other, err := ParseRecordString(b.String())
		if err != nil || other.Position() != p || other.String() != text {
			t.Fatalf("the record written another way: %v\n%q", err, b.String())
		}
		// A no-break space is not white space: it joins two turns into
		// one malformed token.
		if game.Len() >= 2 {
			joined := game.Turns()[0].String() + "\u00a0" + game.Turns()[1].String()
			var te *TokenError
			if _, err := ParseRecordString(joined); !errors.As(err, &te) || te.N != 1 || !errors.Is(err, ErrMalformed) {
				t.Fatalf("%q: %v", joined, err)
			}
		}
		// Cut after n turns.
		n := r.IntN(game.Len() + 1)
		cut := strings.Join(strings.Split(text, "\n")[:n], "\n")
		part, err := ParseRecordString(cut)
		if err != nil || part.Len() != n || part.Position() != game.Positions()[n] {
			t.Fatalf("record cut after %d turns: %v", n, err)
		}
		if n < game.Len() && part.Result() != Ongoing {
			t.Fatalf("a cut game is over")
		}
		// A turn after the end is refused with its number.
		extra := text + game.Turns()[0].String() + "\n"
		_, err = ParseRecordString(extra)
		var te *TokenError
		if !errors.As(err, &te) || te.N != game.Len()+1 || !errors.Is(err, ErrGameOver) {
			t.Fatalf("a turn after the end: %v", err)
		}
		_, err = ReplayTurns(append(game.Turns(), game.Turns()[0]))
		if !errors.As(err, &te) || te.N != game.Len()+1 || !errors.Is(err, ErrGameOver) {
			t.Fatalf("ReplayTurns with a turn after the end: %v", err)
		}
	}
}

// TestPropertyPlayout checks that Playout and PlayoutEnd agree with
// RandomTurn played one by one from the same source, and that the playout
// ends a game.
func TestPropertyPlayout(t *testing.T) {
	for seed := uint64(0); seed < uint64(gameCount(300, 30)); seed++ {
		end, n := Start().PlayoutEnd(rand.New(rand.NewPCG(seed, 1)))
		r := rand.New(rand.NewPCG(seed, 1))
		p, turns := Start(), 0
		for {
			tu, ok := p.RandomTurn(r)
			if !ok {
				break
			}
			if err := p.Check(tu); err != nil {
				t.Fatalf("random turn %v: %v", tu, err)
			}
			p.Do(tu)
			turns++
		}
		if end != p || n != turns || !end.Over() || end.Arrows() != n {
			t.Fatalf("seed %d: playout %s in %d turns, one by one %s in %d", seed, end, n, p, turns)
		}
		w := Start().Playout(rand.New(rand.NewPCG(seed, 1)))
		if win, _ := end.Winner(); w != win {
			t.Fatalf("seed %d: Playout says %v, the end %v", seed, w, win)
		}
	}
}

// TestPerftTwoWays checks Perft against a count by AppendTurns and Apply
// on positions of random games, at depths 1 to 3.
func TestPerftTwoWays(t *testing.T) {
	var byTurns func(p Position, d int) int64
	byTurns = func(p Position, d int) int64 {
		if d == 0 {
			return 1
		}
		var n int64
		for _, tu := range p.AppendTurns(nil) {
			q, err := p.Apply(tu)
			if err != nil {
				t.Fatal(err)
			}
			n += byTurns(q, d-1)
		}
		return n
	}
	checked := 0
	randomGames(gameCount(10, 2), 3, func(g int, p Position, tu Turn, ok bool) {
		depth := 2
		if p.CountTurns() < 40 {
			depth = 3
		}
		if p.Arrows()%10 != 5 {
			return
		}
		checked++
		for d := 1; d <= depth; d++ {
			if got, want := p.Perft(d), byTurns(p, d); got != want {
				t.Fatalf("%s: perft %d = %d, by turns %d", p, d, got, want)
			}
		}
	})
	t.Logf("%d positions", checked)
}
