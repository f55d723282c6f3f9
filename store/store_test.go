package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
)

// clock is a settable clock for tests.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func openTest(t testing.TB, opts *Options) *DB {
	t.Helper()
	if opts == nil {
		opts = &Options{}
	}
	if opts.Games == nil {
		opts.Games = testRegistry
	}
	db, err := OpenURL(storeURL(t), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// startGame makes and accepts a challenge between "alice" and "bob".
func startGame(t testing.TB, db *DB, guild, channel string, size veletas.Size) Game {
	t.Helper()
	g, err := newGame(db, guild, channel, "alice", "bob", size)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// newGame makes and accepts a rated challenge (rated, as the bot's are
// unless a player says otherwise); safe in any goroutine.
func newGame(db *DB, guild, channel, challenger, opponent string, size veletas.Size) (Game, error) {
	c, err := db.CreateChallenge(context.Background(), Challenge{Kind: Veletas, Guild: guild, Channel: channel, Challenger: challenger, Opponent: opponent, Terms: vterms(size), Rated: true})
	if err != nil {
		return Game{}, err
	}
	g, err := db.AcceptChallenge(context.Background(), c.ID, opponent)
	if err != nil {
		// Withdrawn, as a player would, so that refused attempts do not
		// pile up against the cap on open challenges.
		db.DeclineChallenge(context.Background(), c.ID, challenger)
	}
	return g, err
}

// randomAction returns a random legal action for the position.
func randomAction(p veletas.Position, r *rand.Rand) veletas.Action {
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		return p.RandomSetup(r)
	case veletas.PhaseChoice:
		return veletas.ChoiceAction(r.IntN(2) == 0)
	}
	ts := p.LegalTurns(nil)
	return veletas.TurnAction(ts[r.IntN(len(ts))])
}

func TestPlayWholeGame(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		g := startGame(t, db, "g1", "c1", veletas.Size7)
		if g.ToAct() != "alice" || g.Revision != 0 {
			t.Fatalf("new game: to act %q rev %d", g.ToAct(), g.Revision)
		}
		r := rand.New(rand.NewPCG(1, 2))
		for !g.Over() {
			user := g.ToAct()
			other := g.Opponent(user)
			a := randomAction(vgame(g).Position(), r)
			if _, err := db.Apply(t.Context(), "g1", "c1", other, -1, a); !errors.Is(err, ErrNotYourTurn) {
				t.Fatalf("opponent acting: %v", err)
			}
			if _, err := db.Apply(t.Context(), "g1", "c1", "carol", -1, a); !errors.Is(err, ErrNotPlayer) {
				t.Fatalf("non-player acting: %v", err)
			}
			if g.Revision > 0 {
				if _, err := db.Apply(t.Context(), "g1", "c1", user, g.Revision-1, a); !errors.Is(err, ErrStaleRevision) {
					t.Fatalf("stale revision: %v", err)
				}
			}
			clk.Add(time.Minute)
			ng, err := db.Apply(t.Context(), "g1", "c1", user, g.Revision, a)
			if err != nil {
				t.Fatalf("apply %s by %s: %v", a, user, err)
			}
			if ng.Revision != g.Revision+1 {
				t.Fatalf("revision %d after %d", ng.Revision, g.Revision)
			}
			g = ng
		}
		if g.Reason != ReasonRules || g.Winner == "" {
			t.Fatalf("end: winner %q reason %v", g.Winner, g.Reason)
		}
		if _, err := db.ActiveGame(t.Context(), "g1", "c1"); !errors.Is(err, ErrNoGame) {
			t.Fatalf("active after end: %v", err)
		}
		f, err := db.FinishedGame(t.Context(), g.ID)
		if err != nil || f.Record != g.Record || f.Winner != g.Winner {
			t.Fatalf("archive: %v %+v", err, f)
		}
		st, err := db.Standings(t.Context(), Veletas, "g1")
		if err != nil || len(st) != 2 || st[0].User != g.Winner || st[0].Wins != 1 || st[1].Losses != 1 {
			t.Fatalf("standings: %v %+v", err, st)
		}
		if byID, err := db.GameByID(t.Context(), g.ID); err != nil || byID.Record != g.Record {
			t.Fatalf("finished game by ID: %v %+v", err, byID)
		}
		g2 := startGame(t, db, "g1", "c1", veletas.Size7)
		if byID, err := db.GameByID(t.Context(), g2.ID); err != nil || byID.ID != g2.ID || byID.Over() {
			t.Fatalf("active game by ID: %v %+v", err, byID)
		}
		if _, err := db.GameByID(t.Context(), 99); !errors.Is(err, ErrNotFound) {
			t.Fatalf("game 99: %v", err)
		}
		list, err := db.FinishedGames(t.Context(), "g1", g.Loser(), 0)
		if err != nil || len(list) != 1 || list[0].ID != g.ID {
			t.Fatalf("finished games of loser: %v %+v", err, list)
		}
	})
}

func TestChallenges(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "a"}); !errors.Is(err, ErrSelfChallenge) {
			t.Fatalf("self challenge: %v", err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b", Terms: vterms(8)}); !errors.Is(err, ErrInvalid) {
			t.Fatalf("size 8: %v", err)
		}
		c1, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b"})
		if err != nil {
			t.Fatal(err)
		}
		if chSize(c1) != veletas.Size10 || !c1.Expires.Equal(clk.Now().Add(DefaultChallengeTTL)) {
			t.Fatalf("defaults: %+v", c1)
		}
		if _, err := db.SetChallengeMessage(t.Context(), c1.ID, "m1"); err != nil {
			t.Fatal(err)
		}
		if c, err := db.Challenge(t.Context(), c1.ID); err != nil || c.Message != "m1" {
			t.Fatalf("challenge: %v %+v", err, c)
		}
		if c, err := db.PendingChallenge(t.Context(), "g", "c", "b"); err != nil || c.ID != c1.ID {
			t.Fatalf("pending for b: %v %+v", err, c)
		}
		if _, err := db.PendingChallenge(t.Context(), "g", "c", "z"); !errors.Is(err, ErrChallengeNotFound) {
			t.Fatalf("pending for z: %v", err)
		}
		if _, err := db.AcceptChallenge(t.Context(), c1.ID, "z"); !errors.Is(err, ErrNotPlayer) {
			t.Fatalf("accept by z: %v", err)
		}
		if _, err := db.AcceptChallenge(t.Context(), c1.ID, "a"); !errors.Is(err, ErrSelfChallenge) {
			t.Fatalf("accept by challenger: %v", err)
		}
		// Expiry.
		clk.Add(DefaultChallengeTTL)
		if _, err := db.AcceptChallenge(t.Context(), c1.ID, "b"); !errors.Is(err, ErrChallengeExpired) {
			t.Fatalf("accept expired: %v", err)
		}
		if _, err := db.PendingChallenge(t.Context(), "g", "c", "b"); !errors.Is(err, ErrChallengeExpired) {
			t.Fatalf("pending expired: %v", err)
		}
		if list, _ := db.Challenges(t.Context(), "g", "c"); len(list) != 0 {
			t.Fatalf("expired listed: %+v", list)
		}
		if n, err := db.PurgeChallenges(t.Context(), clk.Now().Add(time.Second)); err != nil || n != 1 {
			t.Fatalf("purge: %d %v", n, err)
		}
		if _, err := db.AcceptChallenge(t.Context(), c1.ID, "b"); !errors.Is(err, ErrChallengeNotFound) {
			t.Fatalf("accept purged: %v", err)
		}

		// Decline and withdraw.
		c2, _ := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b", Terms: vterms(veletas.Size7)})
		if _, err := db.DeclineChallenge(t.Context(), c2.ID, "z"); !errors.Is(err, ErrNotPlayer) {
			t.Fatalf("decline by z: %v", err)
		}
		if _, err := db.DeclineChallenge(t.Context(), c2.ID, "b"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Challenge(t.Context(), c2.ID); !errors.Is(err, ErrChallengeNotFound) {
			t.Fatalf("declined still there: %v", err)
		}

		// Open challenge: anyone but the challenger; the channel then is busy.
		c3, _ := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Terms: vterms(veletas.Size9)})
		c4, _ := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "d", Opponent: "e"})
		if c, err := db.PendingChallenge(t.Context(), "g", "c", "z"); err != nil || c.ID != c3.ID {
			t.Fatalf("open pending: %v %+v", err, c)
		}
		g, err := db.AcceptChallenge(t.Context(), c3.ID, "z")
		if err != nil {
			t.Fatal(err)
		}
		if g.Players != [2]string{"a", "z"} || vgame(g).Size() != veletas.Size9 || g.ToAct() != "a" || g.Challenge != c3.ID {
			t.Fatalf("game: %+v", g)
		}
		if _, err := db.AcceptChallenge(t.Context(), c4.ID, "e"); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("accept in busy channel: %v", err)
		}
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "x", Opponent: "y"}); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("challenge in busy channel: %v", err)
		}
		// Other guilds and channels are free.
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g2", Channel: "c", Challenger: "x", Opponent: "y"}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestThreadAndMessage(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		g := startGame(t, db, "g", "c", veletas.Size7)
		if _, err := db.SetGameThread(t.Context(), "g", "c", "t1"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SetGameMessage(t.Context(), "g", "t1", "m1"); err != nil {
			t.Fatal(err)
		}
		for _, ch := range []string{"c", "t1"} {
			got, err := db.ActiveGame(t.Context(), "g", ch)
			if err != nil || got.ID != g.ID || got.Thread != "t1" || got.Message != "m1" || got.Revision != 0 {
				t.Fatalf("lookup by %s: %v %+v", ch, err, got)
			}
		}
		// A challenge inside the thread is refused too.
		if _, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "t1", Challenger: "x", Opponent: "y"}); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("challenge in game thread: %v", err)
		}
		if _, err := db.ApplyToken(t.Context(), "g", "t1", "alice", 0, "[d4]c2"); err != nil {
			t.Fatal(err)
		}
		end, err := db.Resign(t.Context(), "g", "t1", "bob")
		if err != nil || end.Winner != "alice" || end.Reason != ReasonResign {
			t.Fatalf("resign: %v %+v", err, end)
		}
		for _, ch := range []string{"c", "t1"} {
			if _, err := db.ActiveGame(t.Context(), "g", ch); !errors.Is(err, ErrNoGame) {
				t.Fatalf("after resign, %s: %v", ch, err)
			}
		}
	})
}

func TestRuleErrorsPassThrough(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		startGame(t, db, "g", "c", veletas.Size7)
		_, err := db.ApplyToken(t.Context(), "g", "c", "alice", -1, "[d4]d4")
		if !errors.Is(err, ErrIllegal) || !errors.Is(err, veletas.ErrOccupied) {
			t.Fatalf("occupied: %v", err)
		}
		var ge *veletas.Error
		if !errors.As(err, &ge) || ge.Msg == "" || !strings.Contains(err.Error(), ge.Msg) {
			t.Fatalf("game error message lost: %v", err)
		}
		if _, err := db.ApplyToken(t.Context(), "g", "c", "alice", -1, "d4-d5"); !errors.Is(err, veletas.ErrMalformed) {
			t.Fatalf("malformed: %v", err)
		}
		if _, err := db.ApplyToken(t.Context(), "g", "c", "alice", -1, "keep"); !errors.Is(err, veletas.ErrWrongPhase) {
			t.Fatalf("wrong phase: %v", err)
		}
		// Nothing changed.
		g, err := db.ActiveGame(t.Context(), "g", "c")
		if err != nil || g.Revision != 0 || vgame(g).Len() != 0 {
			t.Fatalf("changed by refusals: %v %+v", err, g)
		}
	})
}

func TestWhoActs(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		for _, swap := range []bool{false, true} {
			db := openTest(t, nil)
			startGame(t, db, "g", "c", veletas.Size7)
			mustApply := func(user, tok string) Game {
				t.Helper()
				g, err := db.ApplyToken(t.Context(), "g", "c", user, -1, tok)
				if err != nil {
					t.Fatalf("%s %s: %v", user, tok, err)
				}
				return g
			}
			g := mustApply("alice", "[c5]d2")
			if g.ToAct() != "bob" {
				t.Fatalf("side choice by %q", g.ToAct())
			}
			choice := "keep"
			white, black := "bob", "alice"
			if swap {
				choice, white, black = "swap", "alice", "bob"
			}
			if _, err := db.ApplyToken(t.Context(), "g", "c", "alice", -1, choice); !errors.Is(err, ErrNotYourTurn) {
				t.Fatalf("first player choosing: %v", err)
			}
			g = mustApply("bob", choice)
			if g.ToAct() != white || colorOf(g, white) != veletas.White || playerOf(g, veletas.Black) != black {
				t.Fatalf("swap=%v: second setup by %q", swap, g.ToAct())
			}
			g = mustApply(white, "[a1,g7]e4")
			if g.ToAct() != black {
				t.Fatalf("swap=%v: first turn by %q", swap, g.ToAct())
			}
			g = mustApply(black, "c5-c3/f6")
			if g.ToAct() != white {
				t.Fatalf("swap=%v: second turn by %q", swap, g.ToAct())
			}
		}
	})
}

func TestClaimTimeout(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		c, _ := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b", Terms: vterms(veletas.Size7), MoveTime: time.Hour, Rated: true})
		g, err := db.AcceptChallenge(t.Context(), c.ID, "b")
		if err != nil || g.MoveTime != time.Hour {
			t.Fatalf("accept: %v %+v", err, g)
		}
		if d, ok := g.Deadline(); !ok || !d.Equal(clk.Now().Add(time.Hour)) {
			t.Fatalf("deadline %v %v", d, ok)
		}
		if _, err := db.ClaimTimeout(t.Context(), "g", "c", "b"); !errors.Is(err, ErrNoTimeout) {
			t.Fatalf("early claim: %v", err)
		}
		if _, err := db.SetReminded(t.Context(), "g", "c", 0); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Hour)
		if _, err := db.ClaimTimeout(t.Context(), "g", "c", "a"); !errors.Is(err, ErrNotYourTurn) {
			t.Fatalf("claim by the player to move: %v", err)
		}
		end, err := db.ClaimTimeout(t.Context(), "g", "c", "b")
		if err != nil || end.Winner != "b" || end.Reason != ReasonTimeout || !end.Ended.Equal(clk.Now()) {
			t.Fatalf("claim: %v %+v", err, end)
		}
		f, err := db.FinishedGame(t.Context(), end.ID)
		if err != nil || f.Reason != ReasonTimeout || !f.Rated || !f.Reminded {
			t.Fatalf("archived: %v %+v", err, f)
		}
	})
}

func TestRateHook(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		calls := 0
		db := openTest(t, &Options{Rate: func(w, l Standing) (Standing, Standing) {
			calls++
			w.Rating += 10
			l.Rating -= 10
			return w, l
		}})
		c, _ := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b", Rated: true})
		db.AcceptChallenge(t.Context(), c.ID, "b")
		if _, err := db.Resign(t.Context(), "g", "c", "a"); err != nil {
			t.Fatal(err)
		}
		c, _ = db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "alice", Opponent: "bob"}) // unrated
		db.AcceptChallenge(t.Context(), c.ID, "bob")
		if f, err := db.Resign(t.Context(), "g", "c", "alice"); err != nil || f.Rated {
			t.Fatalf("unrated game: %v %+v", err, f)
		}
		sb, _ := db.Standing(t.Context(), Veletas, "g", "b")
		sa, _ := db.Standing(t.Context(), Veletas, "g", "a")
		if calls != 1 || sb.Rating != InitialRating+10 || sa.Rating != InitialRating-10 || sb.Wins != 1 || sa.Losses != 1 || sa.Streak != -1 {
			t.Fatalf("calls %d, b %+v, a %+v", calls, sb, sa)
		}
		// The unrated game is left out of the standings (it is in the archive).
		st, _ := db.Standings(t.Context(), Veletas, "g")
		if len(st) != 2 || st[0].Wins != 1 || st[1].Wins != 0 {
			t.Fatalf("standings %+v", st)
		}
		if fin, _ := db.FinishedGames(t.Context(), "g", "alice", 0); len(fin) != 1 || fin[0].Rated || fin[0].Winner != "bob" {
			t.Fatalf("the unrated game in the archive: %+v", fin)
		}
		if none, _ := db.Standing(t.Context(), Veletas, "g", "nobody"); none.Games != 0 || none.Rating != InitialRating || none.RD != InitialRD {
			t.Fatalf("new player %+v", none)
		}
	})
}

func TestSettings(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		if s, err := db.Settings(t.Context(), "g"); err != nil || s.Guild != "g" || setSize(s) != 0 {
			t.Fatalf("default settings %v %+v", err, s)
		}
		if err := db.SetSettings(t.Context(), Settings{Guild: "g", Defaults: vdefaults("size", sizeString(veletas.Size7)), MoveTime: 72 * time.Hour, ChallengeTTL: time.Hour}); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateSettings(t.Context(), "g", func(s *Settings) error {
			s.Locale = "fr"
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		s, _ := db.Settings(t.Context(), "g")
		if setSize(s) != veletas.Size7 || s.Locale != "fr" || s.MoveTime != 72*time.Hour {
			t.Fatalf("settings %+v", s)
		}
		// Challenges take the guild's defaults.
		c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b"})
		if err != nil || chSize(c) != veletas.Size7 || c.MoveTime != 72*time.Hour || c.Expires.Sub(c.Created) != time.Hour {
			t.Fatalf("challenge with guild defaults: %v %+v", err, c)
		}
		c, _ = db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: "g", Channel: "c", Challenger: "a", Opponent: "b", MoveTime: -1})
		if c.MoveTime != 0 {
			t.Fatalf("no time limit: %+v", c)
		}
	})
}

func TestBackup(t *testing.T) {
	db := openTest(t, nil)
	g := startGame(t, db, "g", "c", veletas.Size7)
	db.ApplyToken(t.Context(), "g", "c", "alice", 0, "[c5]d2")
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := db.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	// The original keeps working while the copy is opened.
	if _, err := db.ApplyToken(t.Context(), "g", "c", "bob", 1, "keep"); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, err := b.ActiveGame(t.Context(), "g", "c")
	if err != nil || got.ID != g.ID || got.Revision != 1 {
		t.Fatalf("backup: %v %+v", err, got)
	}
	if err := b.Check(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n, err := db.Backup(&buf)
	if err != nil || n != int64(buf.Len()) || n == 0 {
		t.Fatalf("backup to writer: %d %v", n, err)
	}
}

// TestArchiveSize plays long 10x10 games with Discord-sized IDs to the end
// and checks that each takes at most 2 KB in the archive.
func TestArchiveSize(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{NoSync: true})
		const guild, channel = "1187654321098765432", "1198765432109876543"
		r := rand.New(rand.NewPCG(3, 4))
		largest, longest := 0, 0
		for i := range 30 {
			c, err := db.CreateChallenge(t.Context(), Challenge{Kind: Veletas, Guild: guild, Channel: channel, Challenger: "1012345678901234567", Opponent: "1076543210987654321", Rated: true, MoveTime: 72 * time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			g, err := db.AcceptChallenge(t.Context(), c.ID, "1076543210987654321")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.SetGameThread(t.Context(), guild, channel, fmt.Sprint(1200000000000000000+i)); err != nil {
				t.Fatal(err)
			}
			if g, err = db.SetGameMessage(t.Context(), guild, channel, "1300000000000000000"); err != nil {
				t.Fatal(err)
			}
			for !g.Over() {
				if g, err = db.Apply(t.Context(), guild, channel, g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r)); err != nil {
					t.Fatal(err)
				}
			}
			longest = max(longest, vgame(g).Len())
			if err := db.view(t.Context(), func(tx txn) error {
				v, err := tx.Bucket(bucketArchive).Get(idKey(g.ID))
				largest = max(largest, len(v))
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("largest archived 10x10 game: %d bytes (longest game: %d actions)", largest, longest)

		// The bound: a 10x10 game has at most 100 - 7 shooters - 2 stones = 91
		// turns, each a token of at most 11 characters; IDs of 20 digits.
		id := "12345678901234567890"
		worst := Game{ID: 1 << 40, Guild: id, Channel: id, Thread: id, Message: id, Players: [2]string{id, id},
			Terms: vterms(veletas.Size10), Revision: 1000, Rated: true, MoveTime: 14 * 24 * time.Hour, Reminded: true, Challenge: 1 << 40,
			Started: time.Now(), Updated: time.Now(), Ended: time.Now(), Winner: id, Reason: ReasonResign,
			Record: "size=10\n[a10,c10,e10]j10\nkeep\n[g10,a8,c8,e8]j9\n" + strings.Repeat("j10-a10/j10\n", 91)}
		v, err := encode(&worst)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("bound for the longest 10x10 game: %d bytes", len(v))
		largest = max(largest, len(v))
		if largest > 2048 {
			t.Fatalf("archived game takes %d bytes, more than 2 KB", largest)
		}
	})
}

func TestTakeback(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		startGame(t, db, "g", "c", veletas.Size7)
		for _, step := range [][2]string{{"alice", "[c5]d2"}, {"bob", "keep"}, {"bob", "[a1,g7]e4"}} {
			if _, err := db.ApplyToken(t.Context(), "g", "c", step[0], -1, step[1]); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.RequestTakeback(t.Context(), "g", "c", "bob"); !errors.Is(err, ErrTakebackNotAllowed) {
			t.Fatalf("takeback of a setup: %v", err)
		}
		g, err := db.ApplyToken(t.Context(), "g", "c", "alice", 3, "c5-c3/f6")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.RequestTakeback(t.Context(), "g", "c", "bob"); !errors.Is(err, ErrTakebackNotAllowed) {
			t.Fatalf("takeback of the opponent's turn: %v", err)
		}
		if _, err := db.AnswerTakeback(t.Context(), "g", "c", "bob", true); !errors.Is(err, ErrNoTakeback) {
			t.Fatalf("answer without request: %v", err)
		}
		if g, err = db.RequestTakeback(t.Context(), "g", "c", "alice"); err != nil || g.TakebackBy != "alice" || g.Revision != 4 {
			t.Fatalf("request: %v %+v", err, g)
		}
		if _, err := db.AnswerTakeback(t.Context(), "g", "c", "alice", true); !errors.Is(err, ErrNotPlayer) {
			t.Fatalf("answer own request: %v", err)
		}
		// Declined: nothing changes.
		if g, err = db.AnswerTakeback(t.Context(), "g", "c", "bob", false); err != nil || g.Revision != 4 || g.TakebackBy != "" {
			t.Fatalf("decline: %v %+v", err, g)
		}
		// Accepted: the turn is gone and alice moves again.
		db.RequestTakeback(t.Context(), "g", "c", "alice")
		if g, err = db.AnswerTakeback(t.Context(), "g", "c", "bob", true); err != nil || g.Revision != 5 || vgame(g).Len() != 3 || g.ToAct() != "alice" {
			t.Fatalf("accept: %v %+v", err, g)
		}
		// A move cancels a pending request.
		if _, err := db.ApplyToken(t.Context(), "g", "c", "alice", 5, "c5-c3/f6"); err != nil {
			t.Fatal(err)
		}
		db.RequestTakeback(t.Context(), "g", "c", "alice")
		if _, err := db.ApplyToken(t.Context(), "g", "c", "bob", -1, "g7/g5"); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerTakeback(t.Context(), "g", "c", "bob", true); !errors.Is(err, ErrNoTakeback) {
			t.Fatalf("answer after a move: %v", err)
		}
	})
}

// TestBackupWhilePlaying takes a backup while games are being played and
// checks that the copy is consistent: it passes bbolt's check and every
// game in it replays with its revision matching its record.
func TestBackupWhilePlaying(t *testing.T) {
	db := openTest(t, &Options{NoSync: true})
	const games = 8
	for i := range games {
		startGame(t, db, "g", fmt.Sprint("c", i), veletas.Size10)
	}
	progress := make(chan struct{}, games*40)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(i), 5))
			ch := fmt.Sprint("c", i)
			for range 40 {
				g, err := db.ActiveGame(t.Context(), "g", ch)
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := db.Apply(t.Context(), "g", ch, g.ToAct(), g.Revision, randomAction(vgame(g).Position(), r)); err != nil {
					t.Error(err)
					return
				}
				progress <- struct{}{}
			}
		}()
	}
	for range games * 10 { // a quarter of the way
		<-progress
	}
	path := filepath.Join(t.TempDir(), "snap.db")
	if err := db.BackupFile(path); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	snap, err := Open(path, &Options{Games: testRegistry})
	if err != nil {
		t.Fatal(err)
	}
	defer snap.Close()
	if err := snap.Check(); err != nil {
		t.Fatal(err)
	}
	list, err := snap.ActiveGames(t.Context(), "g")
	if err != nil || len(list) != games {
		t.Fatalf("snapshot games: %v %d", err, len(list))
	}
	total := 0
	for _, g := range list {
		if g.Revision != vgame(g).Len() {
			t.Fatalf("snapshot game %d: revision %d, %d actions", g.ID, g.Revision, vgame(g).Len())
		}
		total += g.Revision
	}
	if total < games*10 || total > games*40 {
		t.Fatalf("snapshot holds %d actions", total)
	}
	t.Logf("snapshot taken with %d of %d actions", total, games*40)
}
