package veletas

import (
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestRandomGames plays thousands of random games under each rule set
// through the checked path and checks the invariants of the rules after
// every turn. The classic sub-tests keep their names (7x7 ...), the
// revised ones are revised-7x7 and so on.
func TestRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for _, rules := range AllRules {
		for _, size := range Sizes {
			name := size.String()
			seed := uint64(size)
			if rules != Classic {
				name = rules.String() + "-" + name
				seed += 1000
			}
			t.Run(name, func(t *testing.T) {
				r := rand.New(rand.NewPCG(seed, 99))
				for i := 0; i < games; i++ {
					checkRandomGame(t, size, rules, r, i%10 == 0)
					if t.Failed() {
						return
					}
				}
			})
		}
	}
}

func checkRandomGame(t *testing.T, size Size, rules Rules, r *rand.Rand, deep bool) {
	g, err := NewGame(size, WithRules(rules))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []Action{g.Position().RandomSetup(r), ChoiceAction(r.IntN(2) == 0)} {
		if g, err = g.Play(a); err != nil {
			t.Fatalf("setup %s refused: %v", a, err)
		}
	}
	if g, err = g.Play(g.Position().RandomSetup(r)); err != nil {
		t.Fatalf("second setup refused: %v", err)
	}
	start := g.Position()
	emptyAtStart := start.Empties().Count()
	if start.Rules() != rules {
		t.Fatalf("the game is under %v rules, want %v", start.Rules(), rules)
	}
	n := int(size)
	for _, sq := range start.Unclaimed().Squares() {
		edge := sq.File() == 0 || sq.Rank() == 0 || sq.File() == n-1 || sq.Rank() == n-1
		if rules == Revised && edge {
			t.Fatalf("revised setup put a shooter on the edge: %s", start)
		}
		if rules == Classic && !start.Neighbours(sq).And(start.Unclaimed()).Empty() {
			t.Fatalf("classic setup put shooters next to each other: %s", start)
		}
	}
	turns := 0
	var buf []Turn
	for !g.Position().Over() {
		p := g.Position()
		if p.Phase() != PhasePlay {
			t.Fatalf("phase %v during play", p.Phase())
		}
		n := p.CountTurns()
		if n == 0 {
			t.Fatalf("no legal turn in an unfinished game: %s", p)
		}
		q := p
		tr, ok := q.RandomTurn(r)
		if !ok {
			t.Fatal("RandomTurn found nothing to play")
		}
		if deep {
			buf = p.LegalTurns(buf[:0])
			if len(buf) != n {
				t.Fatalf("CountTurns %d, LegalTurns %d: %s", n, len(buf), p)
			}
			legal := make(map[Turn]bool, len(buf))
			for _, m := range buf {
				legal[m] = true
			}
			if !legal[tr] {
				t.Fatalf("random turn %s is not generated in %s", tr, p)
			}
			// Random turns are accepted exactly when they are generated.
			for k := 0; k < 50; k++ {
				c := Turn{From: randomSquare(r, p), To: NoSquare, Shot: randomSquare(r, p)}
				if k%2 == 0 {
					c.From = p.Unclaimed().Squares()[r.IntN(p.Unclaimed().Count())]
				}
				if k%3 != 0 {
					c.To = randomSquare(r, p)
				}
				_, err := p.ApplyTurn(c)
				if (err == nil) != legal[c] {
					t.Fatalf("%s: Apply says %v, generator says legal=%v in %s", c, err, legal[c], p)
				}
				var ge *Error
				if err != nil && !errors.As(err, &ge) {
					t.Fatalf("%s: unclassified error %v", c, err)
				}
			}
		}
		next, err := g.Play(TurnAction(tr))
		if err != nil {
			t.Fatalf("%s refused: %v\n%s", tr, err, g)
		}
		if next.Position() != q {
			t.Fatalf("checked and unchecked play differ after %s", tr)
		}
		np := next.Position()
		for _, c := range []Color{Black, White} {
			if np.ClaimedBy(c).And(p.ClaimedBy(c)) != p.ClaimedBy(c) {
				t.Fatalf("a claimed shooter changed after %s", tr)
			}
		}
		if np.Unclaimed().Count()+np.Claims(Black)+np.Claims(White) != size.Shooters() {
			t.Fatal("shooters appeared or vanished")
		}
		// A shooter is claimed exactly when it can no longer move.
		for _, sq := range np.Unclaimed().Squares() {
			if np.Liberties(sq) == 0 || np.Destinations(sq).Empty() && !np.Over() {
				t.Fatalf("unclaimed shooter %s cannot move after %s: %s", sq, tr, np)
			}
		}
		for _, sq := range np.ClaimedBy(Black).Or(np.ClaimedBy(White)).AndNot(p.ClaimedBy(Black).Or(p.ClaimedBy(White))).Squares() {
			if np.Liberties(sq) != 0 {
				t.Fatalf("%s claimed with %d liberties after %s: %s", sq, np.Liberties(sq), tr, np)
			}
		}
		turns++
		if got := np.Stones(Black).Count() + np.Stones(White).Count(); got != 2+turns {
			t.Fatalf("%d stones after %d turns", got, turns)
		}
		if np.ToMove() == p.ToMove() {
			t.Fatal("the side to move did not change")
		}
		g = next
	}
	p := g.Position()
	w := p.Winner()
	if w == NoColor || p.Claims(w) < size.Majority() || p.Claims(w.Other()) >= size.Majority() {
		t.Fatalf("game over without exactly one winner: %s", p)
	}
	if turns > emptyAtStart {
		t.Fatalf("%d turns on a board with %d empty squares", turns, emptyAtStart)
	}
	again, err := ParseRecordString(g.String())
	if err != nil || again.Position() != p {
		t.Fatalf("record does not replay: %v", err)
	}
}

func randomSquare(r *rand.Rand, p Position) Square {
	n := int(p.Size()) + 1 // sometimes off the board
	return Sq(r.IntN(n), r.IntN(n))
}

// TestStandardLibraryOnly keeps the rules package free of dependencies:
// the standard library and the engines' shared scaffolding,
// game/internal/enginekit, and the package game (both standard-library-only),
// only.
func TestStandardLibraryOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if pkg != "github.com/veletasbot/veletas/game/veletas" && pkg != "github.com/veletasbot/veletas/game/internal/enginekit" && pkg != "github.com/veletasbot/veletas/game" {
			t.Errorf("game depends on %s; it may import only the standard library, game/internal/enginekit and game", pkg)
		}
	}
}
