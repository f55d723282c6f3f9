package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	clientv3 "go.etcd.io/etcd/client/v3"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/tournament"
)

// newTournament creates an open tournament of Amazons in guild g.
func newTournament(t *testing.T, db *DB, f tournament.Format, rounds int, mod func(*Tournament)) Tournament {
	t.Helper()
	tr := Tournament{Guild: "g", Channel: "lobby", Organizer: "org", Kind: amazons.GameKind, Rated: true,
		State: tournament.Tournament{Format: f, SwissRounds: rounds}}
	if mod != nil {
		mod(&tr)
	}
	out, err := db.CreateTournament(t.Context(), tr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// joinAll joins players p1..pn.
func joinAll(t *testing.T, db *DB, id uint64, n int) []string {
	t.Helper()
	var ps []string
	for i := 1; i <= n; i++ {
		p := fmt.Sprintf("p%d", i)
		if _, err := db.JoinTournament(t.Context(), id, p, "Name of "+p); err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

func threadOf(tid uint64, p tournament.Pairing) string {
	return fmt.Sprintf("t%d-r%d-%s", tid, p.Round, p.White)
}

// randomTurn plays a random legal Amazons turn.
func randomTurn(rng *rand.Rand) func(s game.State) (game.State, error) {
	return func(s game.State) (game.State, error) {
		m := s.(amazons.Match)
		turns := m.Position().LegalTurns()
		return m.Play(turns[rng.IntN(len(turns))].String())
	}
}

// playTourGame plays a tournament game: a few random turns, then a
// resignation by a random player (or, with toEnd, random turns until the
// rules end it). It returns the ended game.
func playTourGame(t *testing.T, db *DB, g Game, rng *rand.Rand, toEnd bool) Game {
	t.Helper()
	ctx := t.Context()
	for i := 0; toEnd || i < rng.IntN(4); i++ {
		ng, err := db.Act(ctx, g.Guild, g.Channel, g.ToAct(), g.Revision, amazons.GameKind, randomTurn(rng))
		if err != nil {
			t.Fatal(err)
		}
		if ng.Reason != ReasonNone {
			return ng
		}
		g = ng
	}
	ng, err := db.Resign(ctx, g.Guild, g.Channel, g.Players[rng.IntN(2)])
	if err != nil {
		t.Fatal(err)
	}
	return ng
}

// resultOf is what the tournament should record for an ended game.
func resultOf(g Game) tournament.Result {
	switch g.Winner {
	case g.Players[0]:
		return tournament.WhiteWins
	case g.Players[1]:
		return tournament.BlackWins
	}
	return tournament.Draw
}

func resultIn(tr Tournament, round int, white, black string) tournament.Result {
	for _, g := range tr.State.Rounds[round-1].Games {
		if g.White == white && g.Black == black {
			return g.Result
		}
	}
	return "missing"
}

// playRound pairs the next round, starts its games and plays them out,
// checking that each end is recorded in the tournament at once. With
// toEnd, the round's first game is played until the rules end it.
func playRound(t *testing.T, db *DB, tr Tournament, rng *rand.Rand, toEnd bool) Tournament {
	t.Helper()
	ctx := t.Context()
	round := tr.Round()
	tr, ps, err := db.PairNextRound(ctx, tr.ID, round)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || tr.Round() != round+1 {
		t.Fatalf("round %d: pairings %v, round now %d", round+1, ps, tr.Round())
	}
	for _, p := range ps {
		if p.IsBye() {
			if r := resultIn(tr, p.Round, p.White, ""); r != tournament.Bye {
				t.Fatalf("bye of %s scored %q", p.White, r)
			}
			continue
		}
		g, err := db.StartTournamentGame(ctx, tr.ID, p.Round, p.White, p.Black, threadOf(tr.ID, p))
		if err != nil {
			t.Fatal(err)
		}
		if g.Players != [2]string{p.White, p.Black} || g.Tournament != tr.ID || g.Round != p.Round || g.ToAct() != p.White || g.Rated != tr.Rated {
			t.Fatalf("game of %+v: %+v", p, g)
		}
		again, err := db.StartTournamentGame(ctx, tr.ID, p.Round, p.White, p.Black, "elsewhere")
		if err != nil || again.ID != g.ID || again.Channel != g.Channel {
			t.Fatalf("starting the game of %+v again: %v, game %d in %s; want game %d", p, err, again.ID, again.Channel, g.ID)
		}
		end := playTourGame(t, db, g, rng, toEnd)
		if toEnd && end.Reason != ReasonRules {
			t.Fatalf("game %d played to its end ended by %s", end.ID, end.Reason)
		}
		toEnd = false
		now, err := db.Tournament(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r := resultIn(now, p.Round, p.White, p.Black); r != resultOf(end) {
			t.Fatalf("game %d ended %s won by %q; the tournament records %q", end.ID, end.Reason, end.Winner, r)
		}
		arch, err := db.FinishedGame(ctx, end.ID)
		if err != nil || arch.Tournament != tr.ID || arch.Round != p.Round {
			t.Fatalf("archived game %d: %v %+v", end.ID, err, arch)
		}
	}
	tr, err = db.Tournament(ctx, tr.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !tr.State.Rounds[round].Finished() {
		t.Fatalf("round %d not finished after its games: %+v", round+1, tr.State.Rounds[round])
	}
	return tr
}

func TestTournamentRefusals(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		ctx := t.Context()
		base := Tournament{Guild: "g", Channel: "lobby", Organizer: "org", Kind: amazons.GameKind,
			State: tournament.Tournament{Format: tournament.Swiss, SwissRounds: 3}}
		bad := []struct {
			name string
			mod  func(*Tournament)
			want error
		}{
			{"unknown kind", func(t *Tournament) { t.Kind = "chess" }, ErrBadTerms},
			{"bad terms", func(t *Tournament) { t.Kind, t.Terms = Veletas, game.Terms{"size": "99"} }, ErrBadTerms},
			{"unknown term", func(t *Tournament) { t.Terms = game.Terms{"colour": "red"} }, ErrBadTerms},
			{"unknown format", func(t *Tournament) { t.State.Format = "knockout" }, tournament.ErrUnknownFormat},
			{"no Swiss rounds", func(t *Tournament) { t.State.SwissRounds = 0 }, tournament.ErrBadRounds},
			{"round robin with rounds", func(t *Tournament) { t.State.Format = tournament.RoundRobin }, tournament.ErrBadRounds},
			{"players given", func(t *Tournament) { t.State.Players = []tournament.Player{{ID: "x"}} }, ErrBadTournament},
			{"one player", func(t *Tournament) { t.MaxPlayers = 1 }, ErrBadTournament},
			{"too many players", func(t *Tournament) { t.MaxPlayers = DefaultMaxTournamentPlayers + 1 }, ErrBadTournament},
			{"min above max", func(t *Tournament) { t.MaxPlayers, t.MinPlayers = 8, 9 }, ErrBadTournament},
			{"min of one", func(t *Tournament) { t.MinPlayers = 1 }, ErrBadTournament},
			{"rounds beyond max players", func(t *Tournament) { t.State.SwissRounds, t.MaxPlayers = 4, 4 }, tournament.ErrTooManyRounds},
			{"rounds beyond min players", func(t *Tournament) { t.State.SwissRounds, t.MinPlayers = 4, 4 }, tournament.ErrTooManyRounds},
			{"unknown adjudication", func(t *Tournament) { t.Adjudication = "coin" }, tournament.ErrUnknownAdjudicate},
			{"negative move time", func(t *Tournament) { t.MoveTime = -time.Second }, ErrBadTournament},
			{"negative round time", func(t *Tournament) { t.RoundTime = -time.Second }, ErrBadTournament},
			{"start in the past", func(t *Tournament) { t.StartAt = clk.Now().Add(-time.Minute) }, ErrBadTournament},
			{"no organizer", func(t *Tournament) { t.Organizer = "" }, ErrInvalid},
		}
		for _, c := range bad {
			tr := base
			c.mod(&tr)
			if _, err := db.CreateTournament(ctx, tr); !errors.Is(err, c.want) || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: %v; want %v (an ErrInvalid)", c.name, err, c.want)
			}
		}
		if list, err := db.Tournaments(ctx, "g"); err != nil || len(list) != 0 {
			t.Fatalf("refused tournaments stored: %v %v", list, err)
		}

		// Defaults, terms normalized.
		a, err := db.CreateTournament(ctx, Tournament{Guild: "g", Channel: "lobby", Organizer: "org", Kind: Veletas,
			State: tournament.Tournament{Format: tournament.Swiss, SwissRounds: 4}})
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != TournamentOpen || a.MaxPlayers != DefaultMaxTournamentPlayers || a.MinPlayers != 5 ||
			a.Adjudication != tournament.LossToMover || a.Terms["size"] == "" || a.ID == 0 {
			t.Fatalf("defaults: %+v", a)
		}
		// The cap per guild: 3 open or running.
		b := newTournament(t, db, tournament.RoundRobin, 0, func(t *Tournament) { t.MaxPlayers = 3 })
		c := newTournament(t, db, tournament.RoundRobin, 0, nil)
		if _, err := db.CreateTournament(ctx, base); !errors.Is(err, ErrTooManyTournaments) {
			t.Fatalf("a fourth tournament: %v; want ErrTooManyTournaments", err)
		}
		other := base
		other.Guild = "h"
		if _, err := db.CreateTournament(ctx, other); err != nil {
			t.Fatalf("another guild's tournament: %v", err)
		}

		// Joining and leaving.
		for _, p := range []string{"p1", "p2", "p3"} {
			if _, err := db.JoinTournament(ctx, b.ID, p, ""); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := db.JoinTournament(ctx, b.ID, "p1", ""); !errors.Is(err, ErrAlreadyJoined) {
			t.Fatalf("joined twice: %v", err)
		}
		if _, err := db.JoinTournament(ctx, b.ID, "p4", ""); !errors.Is(err, ErrTournamentFull) {
			t.Fatalf("a fourth player of three: %v", err)
		}
		if _, err := db.LeaveTournament(ctx, b.ID, "p9"); !errors.Is(err, ErrNotJoined) {
			t.Fatalf("leaving without joining: %v", err)
		}
		if tr, err := db.LeaveTournament(ctx, b.ID, "p3"); err != nil || len(tr.State.Players) != 2 {
			t.Fatalf("leaving before the start: %v %+v", err, tr.State.Players)
		}
		if tr, err := db.JoinTournament(ctx, b.ID, "p3", ""); err != nil || len(tr.State.Players) != 3 {
			t.Fatalf("joining again: %v %+v", err, tr.State.Players)
		}
		if _, err := db.JoinTournament(ctx, 999, "p1", ""); !errors.Is(err, ErrNotFound) {
			t.Fatalf("joining no tournament: %v", err)
		}

		// Starting: the organizer only, with enough players.
		if _, err := db.StartTournament(ctx, b.ID, Runner{User: "p1"}); !errors.Is(err, ErrNotOrganizer) {
			t.Fatalf("a player starts: %v", err)
		}
		if _, err := db.StartTournament(ctx, c.ID, Runner{User: "org"}); !errors.Is(err, ErrTooFewPlayers) {
			t.Fatalf("starting without players: %v", err)
		}
		if _, err := db.StartTournament(ctx, a.ID, Runner{}); !errors.Is(err, ErrTooFewPlayers) {
			t.Fatalf("the sweep starts a tournament short of players: %v", err)
		}
		if _, _, err := db.PairNextRound(ctx, b.ID, 0); !errors.Is(err, ErrTournamentNotRunning) {
			t.Fatalf("pairing before the start: %v", err)
		}
		tr, err := db.StartTournament(ctx, b.ID, Runner{User: "org"})
		if err != nil || tr.Status != TournamentRunning {
			t.Fatalf("start: %v %+v", err, tr)
		}
		if _, err := db.StartTournament(ctx, b.ID, Runner{User: "org"}); !errors.Is(err, ErrTournamentStarted) {
			t.Fatalf("started twice: %v", err)
		}
		if _, err := db.JoinTournament(ctx, b.ID, "p5", ""); !errors.Is(err, ErrTournamentStarted) {
			t.Fatalf("joining after the start: %v", err)
		}
		if _, _, err := db.PairNextRound(ctx, b.ID, 1); !errors.Is(err, ErrInvalid) {
			t.Fatalf("pairing round 2 first: %v", err)
		}
		tr, ps, err := db.PairNextRound(ctx, b.ID, 0)
		if err != nil || len(ps) != 2 {
			t.Fatalf("round 1: %v %v", err, ps)
		}
		ps = slices.DeleteFunc(ps, tournament.Pairing.IsBye)
		if _, _, err := db.PairNextRound(ctx, b.ID, 1); !errors.Is(err, ErrRoundNotFinished) || !errors.Is(err, tournament.ErrRoundNotFinished) {
			t.Fatalf("pairing before the round is over: %v", err)
		}
		if _, err := db.StartTournamentGame(ctx, b.ID, 1, ps[0].Black, ps[0].White, "th"); !errors.Is(err, ErrNoSuchPairing) {
			t.Fatalf("a game with the colours swapped: %v", err)
		}
		if _, err := db.StartTournamentGame(ctx, b.ID, 2, ps[0].White, ps[0].Black, "th"); !errors.Is(err, ErrNoSuchPairing) {
			t.Fatalf("a game of a later round: %v", err)
		}
		if _, err := db.AdjudicateRound(ctx, b.ID, 1); !errors.Is(err, ErrNoDeadline) {
			t.Fatalf("adjudicating without a deadline: %v", err)
		}
		// A busy thread.
		if _, err := newGame(db, "g", "busy", "x", "y", veletas.Size7); err != nil {
			t.Fatal(err)
		}
		if _, err := db.StartTournamentGame(ctx, b.ID, 1, ps[0].White, ps[0].Black, "busy"); !errors.Is(err, ErrChannelBusy) {
			t.Fatalf("a game in a busy thread: %v", err)
		}
		// Cancelling: the organizer only; twice is refused; finished
		// games stay.
		if _, err := db.CancelTournament(ctx, b.ID, Runner{User: "p1"}); !errors.Is(err, ErrNotOrganizer) {
			t.Fatalf("a player cancels: %v", err)
		}
		g, err := db.StartTournamentGame(ctx, b.ID, 1, ps[0].White, ps[0].Black, "th")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.Resign(ctx, "g", "th", ps[0].Black); err != nil {
			t.Fatal(err)
		}
		tr, err = db.CancelTournament(ctx, b.ID, Runner{User: "org"})
		if err != nil || tr.Status != TournamentCancelled || resultIn(tr, 1, ps[0].White, ps[0].Black) != tournament.WhiteWins {
			t.Fatalf("cancel: %v %+v", err, tr)
		}
		if _, err := db.FinishedGame(ctx, g.ID); err != nil {
			t.Fatalf("the finished game of a cancelled tournament: %v", err)
		}
		if _, err := db.CancelTournament(ctx, b.ID, Runner{User: "org"}); !errors.Is(err, ErrTournamentOver) {
			t.Fatalf("cancelled twice: %v", err)
		}
		if _, err := db.LeaveTournament(ctx, b.ID, "p1"); !errors.Is(err, ErrTournamentOver) {
			t.Fatalf("leaving a cancelled tournament: %v", err)
		}
		// The cancelled one frees a place under the cap.
		if _, err := db.CreateTournament(ctx, base); err != nil {
			t.Fatalf("a tournament after one was cancelled: %v", err)
		}
		list, err := db.Tournaments(ctx, "g")
		if err != nil || len(list) != 4 || list[3].ID != b.ID || list[0].Status != TournamentOpen {
			t.Fatalf("the guild's tournaments: %v %+v", err, list)
		}

		// A start time: the sweep starts it then, or cancels it when too
		// few have joined.
		for _, n := range []int{2, 3} {
			tr := newTournament(t, db, tournament.RoundRobin, 0, func(t *Tournament) {
				t.Guild, t.MinPlayers, t.StartAt = fmt.Sprintf("later%d", n), 3, clk.Now().Add(time.Hour)
			})
			joinAll(t, db, tr.ID, n)
			if _, err := db.StartTournament(ctx, tr.ID, Runner{}); !errors.Is(err, ErrTooFewPlayers) {
				t.Fatalf("the sweep starts before the start time: %v", err)
			}
			if due := dueOf(t, db, tr.ID, clk.Now().Add(time.Hour)); !slices.Equal(due, []DueAction{DueStart}) {
				t.Fatalf("due at the start time: %v", due)
			}
			clk.Add(time.Hour)
			tr, err := db.StartTournament(ctx, tr.ID, Runner{})
			want := map[int]TournamentStatus{2: TournamentCancelled, 3: TournamentRunning}[n]
			if err != nil || tr.Status != want {
				t.Fatalf("%d players at the start time: %v, %s; want %s", n, err, tr.Status, want)
			}
		}
	})
}

func TestTournamentSwissWhole(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, &Options{Rate: GlickoRate(nil)})
		ctx := t.Context()
		rng := rand.New(rand.NewPCG(7, 7))
		tr := newTournament(t, db, tournament.Swiss, 3, func(t *Tournament) { t.MinPlayers = 5 })
		players := joinAll(t, db, tr.ID, 4)
		if due, err := db.DueTournaments(ctx, time.Now()); err != nil || len(due) != 0 {
			t.Fatalf("due with 4 of 5 players: %v %v", err, due)
		}
		if _, err := db.JoinTournament(ctx, tr.ID, "p5", ""); err != nil {
			t.Fatal(err)
		}
		players = append(players, "p5")
		due, err := db.DueTournaments(ctx, time.Now())
		if err != nil || len(due) != 1 || due[0].Action != DueStart {
			t.Fatalf("due with 5 players: %v %+v", err, due)
		}
		if tr, err = db.StartTournament(ctx, tr.ID, Runner{}); err != nil || tr.Status != TournamentRunning {
			t.Fatalf("the sweep's start: %v %+v", err, tr)
		}
		for r := 1; r <= 3; r++ {
			due, err := db.DueTournaments(ctx, time.Now())
			if err != nil || len(due) != 1 || due[0].Action != DuePair {
				t.Fatalf("round %d due: %v %+v", r, err, due)
			}
			tr = playRound(t, db, tr, rng, false)
			byes := 0
			for _, g := range tr.State.Rounds[r-1].Games {
				if g.IsBye() {
					byes++
				}
			}
			if byes != 1 {
				t.Fatalf("round %d has %d byes", r, byes)
			}
		}
		if tr.Status != TournamentFinished || !tr.State.Finished() {
			t.Fatalf("after 3 rounds: %s", tr.Status)
		}
		if due, err := db.DueTournaments(ctx, time.Now()); err != nil || len(due) != 0 {
			t.Fatalf("due after the end: %v %+v", err, due)
		}
		if _, _, err := db.PairNextRound(ctx, tr.ID, 3); !errors.Is(err, ErrTournamentNotRunning) {
			t.Fatalf("a round after the end: %v", err)
		}
		// Rated: every played game counted, byes not.
		st := tournament.Standings(tr.State)
		if len(st) != 5 {
			t.Fatalf("standings: %+v", st)
		}
		for _, p := range players {
			played := 0
			for _, r := range tr.State.Rounds {
				for _, g := range r.Games {
					if !g.IsBye() && (g.White == p || g.Black == p) {
						played++
					}
				}
			}
			s, err := db.Standing(ctx, amazons.GameKind, "g", p)
			if err != nil || s.Games != played || s.Rating == InitialRating {
				t.Fatalf("%s: standing %+v (%v), %d games played", p, s, err, played)
			}
		}
		if len(tr.Games) != 6 {
			t.Fatalf("%d games started, want 6", len(tr.Games))
		}
	})
}

func TestTournamentRoundRobinWhole(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		ctx := t.Context()
		rng := rand.New(rand.NewPCG(3, 4))
		tr := newTournament(t, db, tournament.RoundRobin, 0, func(t *Tournament) { t.Rated = false })
		joinAll(t, db, tr.ID, 4)
		tr, err := db.StartTournament(ctx, tr.ID, Runner{User: "org"})
		if err != nil {
			t.Fatal(err)
		}
		met := map[[2]string]bool{}
		rules := 0
		for r := 1; r <= 3; r++ {
			tr = playRound(t, db, tr, rng, r == 1)
			for _, g := range tr.State.Rounds[r-1].Games {
				k := [2]string{min(g.White, g.Black), max(g.White, g.Black)}
				if g.IsBye() || met[k] {
					t.Fatalf("round %d: %+v (a bye or met twice)", r, g)
				}
				met[k] = true
			}
		}
		if tr.Status != TournamentFinished || len(met) != 6 {
			t.Fatalf("round robin: %s, %d pairs met", tr.Status, len(met))
		}
		// The game that finished it is named, once: a game of round 3.
		if !slices.ContainsFunc(tr.Games, func(g TournamentGame) bool { return g.Round == 3 && g.Game == tr.FinalGame }) {
			t.Fatalf("FinalGame %d, games %+v", tr.FinalGame, tr.Games)
		}
		if tr.Names["p3"] != "Name of p3" {
			t.Fatalf("names kept: %q", tr.Names)
		}
		games, err := db.FinishedGames(ctx, "g", "", 0)
		if err != nil || len(games) != 6 {
			t.Fatalf("archive: %v, %d games", err, len(games))
		}
		for _, g := range games {
			if g.Reason == ReasonRules {
				rules++
			}
			if g.Rated {
				t.Fatalf("game %d of an unrated tournament is rated", g.ID)
			}
		}
		if rules != 1 {
			t.Fatalf("%d of 6 games ended by the rules, want 1", rules)
		}
		if s, err := db.Standings(ctx, amazons.GameKind, "g"); err != nil || len(s) != 0 {
			t.Fatalf("an unrated tournament's standings: %v %+v", err, s)
		}
	})
}

func TestTournamentWithdrawal(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		ctx := t.Context()
		rng := rand.New(rand.NewPCG(1, 9))
		tr := newTournament(t, db, tournament.Swiss, 3, nil)
		joinAll(t, db, tr.ID, 4)
		tr, err := db.StartTournament(ctx, tr.ID, Runner{User: "org"})
		if err != nil {
			t.Fatal(err)
		}
		tr = playRound(t, db, tr, rng, false)
		tr, ps, err := db.PairNextRound(ctx, tr.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		var gs []Game
		for _, p := range ps {
			g, err := db.StartTournamentGame(ctx, tr.ID, 2, p.White, p.Black, threadOf(tr.ID, p))
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		// The Black of the first game withdraws during it.
		quitter, opp := gs[0].Players[1], gs[0].Players[0]
		g, err := db.Act(ctx, "g", gs[0].Channel, opp, -1, amazons.GameKind, randomTurn(rng))
		if err != nil {
			t.Fatal(err)
		}
		before := tr.State.Rounds[0]
		tr, err = db.LeaveTournament(ctx, tr.ID, quitter)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ActiveGame(ctx, "g", g.Channel); !errors.Is(err, ErrNoGame) {
			t.Fatalf("the withdrawn player's game is still active: %v", err)
		}
		arch, err := db.FinishedGame(ctx, g.ID)
		if err != nil || arch.Reason != ReasonForfeit || arch.Winner != opp || arch.Revision != g.Revision+1 {
			t.Fatalf("the forfeited game: %v %+v", err, arch)
		}
		if r := resultIn(tr, 2, opp, quitter); r != tournament.WhiteForfeitWin {
			t.Fatalf("the forfeit recorded as %q", r)
		}
		if !slices.EqualFunc(before.Games, tr.State.Rounds[0].Games, func(a, b tournament.Game) bool { return a == b }) {
			t.Fatalf("past results changed by the withdrawal: %+v -> %+v", before, tr.State.Rounds[0])
		}
		for _, p := range []string{quitter, opp} {
			if s, _ := db.Standing(ctx, amazons.GameKind, "g", p); s.Games != 1 {
				t.Fatalf("%s: %d games counted; the forfeit must not count", p, s.Games)
			}
		}
		if _, err := db.LeaveTournament(ctx, tr.ID, quitter); !errors.Is(err, ErrNotJoined) {
			t.Fatalf("withdrawn twice: %v", err)
		}
		playTourGame(t, db, gs[1], rng, false)
		tr, err = db.Tournament(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Round 3: three players, one bye, the quitter unpaired.
		tr = playRound(t, db, tr, rng, false)
		for _, g := range tr.State.Rounds[2].Games {
			if g.White == quitter || g.Black == quitter {
				t.Fatalf("the withdrawn player paired: %+v", g)
			}
		}
		if len(tr.State.Rounds[2].Games) != 2 || tr.Status != TournamentFinished {
			t.Fatalf("round 3: %+v, %s", tr.State.Rounds[2], tr.Status)
		}
	})
}

func TestTournamentAdjudication(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		ctx := t.Context()
		rng := rand.New(rand.NewPCG(5, 6))
		for _, rule := range []tournament.Adjudication{tournament.LossToMover, tournament.DrawIfPossible} {
			for _, kind := range []game.Kind{amazons.GameKind, Fanorona} {
				tr := newTournament(t, db, tournament.RoundRobin, 0, func(t *Tournament) {
					t.Kind, t.Adjudication, t.RoundTime, t.Guild = kind, rule, time.Hour, string(kind)+string(rule)
				})
				joinAll(t, db, tr.ID, 6)
				tr, err := db.StartTournament(ctx, tr.ID, Runner{User: "org"})
				if err != nil {
					t.Fatal(err)
				}
				tr, ps, err := db.PairNextRound(ctx, tr.ID, 0)
				if err != nil || len(ps) != 3 {
					t.Fatalf("%v %v", err, ps)
				}
				// The pairings card is claimed once.
				if due := dueOf(t, db, tr.ID, clk.Now()); !slices.Contains(due, DueAnnounce) {
					t.Fatalf("due after the pairing: %v", due)
				}
				if _, err := db.AnnounceRound(ctx, tr.ID, 2); !errors.Is(err, ErrInvalid) {
					t.Fatalf("announcing a round not begun: %v", err)
				}
				if tr, err = db.AnnounceRound(ctx, tr.ID, 1); err != nil || tr.Announced != 1 {
					t.Fatalf("announce: %v %d", err, tr.Announced)
				}
				if _, err := db.AnnounceRound(ctx, tr.ID, 1); !errors.Is(err, ErrAlreadyAnnounced) {
					t.Fatalf("announced twice: %v", err)
				}
				// Game 0: White has moved (Black to move); game 1: no
				// move; game 2 never started.
				var gs []Game
				for _, p := range ps[:2] {
					g, err := db.StartTournamentGame(ctx, tr.ID, 1, p.White, p.Black, threadOf(tr.ID, p))
					if err != nil {
						t.Fatal(err)
					}
					gs = append(gs, g)
				}
				if kind == amazons.GameKind {
					if _, err := db.Act(ctx, tr.Guild, gs[0].Channel, ps[0].White, -1, kind, randomTurn(rng)); err != nil {
						t.Fatal(err)
					}
				} else {
					turns := fmatch(gs[0]).Position().LegalTurns(nil)
					if _, err := db.PlayFanoronaTurn(ctx, tr.Guild, gs[0].Channel, ps[0].White, -1, turns[0]); err != nil {
						t.Fatal(err)
					}
				}
				clk.Add(59 * time.Minute)
				if _, err := db.AdjudicateRound(ctx, tr.ID, 1); !errors.Is(err, ErrNoDeadline) {
					t.Fatalf("adjudicating before the deadline: %v", err)
				}
				if due := dueOf(t, db, tr.ID, clk.Now()); !slices.Equal(due, []DueAction{DueGames}) {
					t.Fatalf("due before the deadline: %+v", due)
				}
				clk.Add(time.Minute)
				if due := dueOf(t, db, tr.ID, clk.Now()); !slices.Equal(due, []DueAction{DueGames, DueAdjudicate}) {
					t.Fatalf("due at the deadline: %+v", due)
				}
				tr, err = db.AdjudicateRound(ctx, tr.ID, 1)
				if err != nil {
					t.Fatal(err)
				}
				draw := rule == tournament.DrawIfPossible && kind == Fanorona
				want := []tournament.Result{tournament.WhiteWins, tournament.BlackWins, tournament.DoubleForfeit}
				if draw {
					want = []tournament.Result{tournament.Draw, tournament.Draw, tournament.DoubleForfeit}
				}
				for i, p := range ps {
					if r := resultIn(tr, 1, p.White, p.Black); r != want[i] {
						t.Fatalf("%s %s: game %d adjudicated %q, want %q", kind, rule, i, r, want[i])
					}
				}
				for _, g := range gs {
					a, err := db.FinishedGame(ctx, g.ID)
					if err != nil || a.Reason != ReasonAdjudicated || (a.Winner == "") != draw {
						t.Fatalf("adjudicated game: %v %+v", err, a)
					}
				}
				if tr2, err := db.AdjudicateRound(ctx, tr.ID, 1); err != nil || tr2.Revision != tr.Revision {
					t.Fatalf("adjudicating again: %v, revision %d -> %d", err, tr.Revision, tr2.Revision)
				}
			}
		}
	})
}

// dueOf is what DueTournaments says is due for tournament id.
func dueOf(t *testing.T, db *DB, id uint64, now time.Time) []DueAction {
	t.Helper()
	due, err := db.DueTournaments(t.Context(), now)
	if err != nil {
		t.Fatal(err)
	}
	var out []DueAction
	for _, d := range due {
		if d.Tournament.ID == id {
			out = append(out, d.Action)
		}
	}
	return out
}

// openReplicas opens two stores on the same data: two replicas on one
// etcd prefix, or (bolt, one process) the same DB twice.
func openReplicas(t *testing.T) (*DB, *DB) {
	t.Helper()
	if !onEtcd(t) {
		db := openTest(t, nil)
		return db, db
	}
	url := storeURL(t)
	var dbs [2]*DB
	for i := range dbs {
		db, err := OpenURL(url, &Options{Games: testRegistry})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		dbs[i] = db
	}
	return dbs[0], dbs[1]
}

func TestTournamentPairOnceRace(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		a, b := openReplicas(t)
		ctx := t.Context()
		rng := rand.New(rand.NewPCG(2, 2))
		tr := newTournament(t, a, tournament.Swiss, 5, func(t *Tournament) { t.MinPlayers = 7 })
		joinAll(t, a, tr.ID, 7)
		if _, err := b.StartTournament(ctx, tr.ID, Runner{User: "org"}); err != nil {
			t.Fatal(err)
		}
		for r := range 5 {
			var wg sync.WaitGroup
			var errs [2]error
			var pairs [2][]tournament.Pairing
			for i, db := range []*DB{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, pairs[i], errs[i] = db.PairNextRound(ctx, tr.ID, r)
				}()
			}
			wg.Wait()
			won := 0
			for i := range errs {
				switch {
				case errs[i] == nil:
					won++
				case !errors.Is(errs[i], ErrAlreadyPaired):
					t.Fatalf("round %d: %v", r+1, errs[i])
				}
			}
			if won != 1 || !slices.Equal(pairs[0], pairs[1]) || len(pairs[0]) != 4 {
				t.Fatalf("round %d: %d pairings made (%v), pairings %v and %v", r+1, won, errs, pairs[0], pairs[1])
			}
			cur, err := a.Tournament(ctx, tr.ID)
			if err != nil || cur.Round() != r+1 {
				t.Fatalf("round %d: %v, %d rounds stored", r+1, err, cur.Round())
			}
			// Both replicas start every game: one game per pairing.
			ids := map[uint64]bool{}
			var mu sync.Mutex
			for _, p := range pairs[0] {
				if p.IsBye() {
					continue
				}
				for _, db := range []*DB{a, b} {
					wg.Add(1)
					go func() {
						defer wg.Done()
						g, err := db.StartTournamentGame(ctx, tr.ID, p.Round, p.White, p.Black, threadOf(tr.ID, p))
						if err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						ids[g.ID] = true
						mu.Unlock()
					}()
				}
			}
			wg.Wait()
			if len(ids) != 3 {
				t.Fatalf("round %d: %d games for 3 pairings", r+1, len(ids))
			}
			for _, p := range pairs[0] {
				if !p.IsBye() {
					g, err := a.ActiveGame(ctx, "g", threadOf(tr.ID, p))
					if err != nil {
						t.Fatal(err)
					}
					playTourGame(t, a, g, rng, false)
				}
			}
		}
		if tr, err := b.Tournament(ctx, tr.ID); err != nil || tr.Status != TournamentFinished {
			t.Fatalf("after 5 rounds: %v %s", err, tr.Status)
		}
	})
}

// faultTxn is a transaction whose first write to the tournaments makes
// its change fail (the replica dies half-way: nothing it did is kept).
type faultTxn struct {
	txn
	armed *atomic.Bool
}

func (t faultTxn) Bucket(name []byte) bucket {
	b := t.txn.Bucket(name)
	if bytes.Equal(name, bucketTournaments) {
		return faultBucket{b, t.armed}
	}
	return b
}

type faultBucket struct {
	bucket
	armed *atomic.Bool
}

func (b faultBucket) Put(k, v []byte) error {
	if b.armed.CompareAndSwap(true, false) {
		panic("replica died while pairing (test)")
	}
	return b.bucket.Put(k, v)
}

// TestTournamentPairFault has a replica die while it pairs a round:
// half-way through its transaction (both stores), and, on etcd, just
// before its commit is sent and just after it was applied (the replica
// never learns the outcome). Another replica then pairs the round
// exactly once, and the games are started once each.
func TestTournamentPairFault(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		var armed atomic.Bool
		var a, b *DB
		opts := &Options{Games: testRegistry, txnHook: func(tx txn) txn { return faultTxn{tx, &armed} }}
		if onEtcd(t) {
			url := storeURL(t)
			for _, p := range []**DB{&a, &b} {
				o := opts
				if p == &b {
					o = &Options{Games: testRegistry}
				}
				db, err := OpenURL(url, o)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { db.Close() })
				*p = db
			}
		} else {
			a = openTest(t, opts)
			b = a
		}
		ctx := t.Context()
		modes := []string{"mid-transaction"}
		if onEtcd(t) {
			modes = append(modes, "before-commit", "after-commit")
		}
		for _, mode := range modes {
			tr := newTournament(t, b, tournament.Swiss, 3, func(t *Tournament) { t.Guild = mode })
			joinAll(t, b, tr.ID, 6)
			if _, err := b.StartTournament(ctx, tr.ID, Runner{User: "org"}); err != nil {
				t.Fatal(err)
			}
			dctx, die := context.WithCancel(ctx)
			switch mode {
			case "mid-transaction":
				armed.Store(true)
			case "before-commit", "after-commit":
				cli := clusterClient(t, sharedCluster(t))
				a.etcdBackend().commitHook = func(cmps []clientv3.Cmp, ops []clientv3.Op) (*clientv3.TxnResponse, error) {
					if mode == "after-commit" {
						if r, err := cli.Txn(ctx).If(cmps...).Then(ops...).Commit(); err != nil || !r.Succeeded {
							t.Errorf("the real commit: %v %v", r, err)
						}
					}
					die()
					return nil, errors.New("connection lost (test)")
				}
			}
			_, _, err := a.PairNextRound(dctx, tr.ID, 0)
			die()
			if mode != "mid-transaction" {
				a.etcdBackend().commitHook = nil
			}
			if err == nil {
				t.Fatalf("%s: the dying replica's pairing returned no error", mode)
			}
			t.Logf("%s: the dying replica: %v", mode, err)
			tr2, ps, err := b.PairNextRound(ctx, tr.ID, 0)
			switch {
			case mode == "after-commit" && !errors.Is(err, ErrAlreadyPaired):
				t.Fatalf("%s: the other replica: %v; want ErrAlreadyPaired", mode, err)
			case mode != "after-commit" && err != nil:
				t.Fatalf("%s: the other replica: %v", mode, err)
			}
			if len(ps) != 3 || tr2.Round() != 1 {
				t.Fatalf("%s: pairings %v, %d rounds", mode, ps, tr2.Round())
			}
			// The dying replica, back, retries: the round stays paired once.
			if _, again, err := a.PairNextRound(ctx, tr.ID, 0); !errors.Is(err, ErrAlreadyPaired) || !slices.Equal(again, ps) {
				t.Fatalf("%s: the retry: %v %v", mode, err, again)
			}
			for _, p := range ps {
				for _, db := range []*DB{a, b} {
					if _, err := db.StartTournamentGame(ctx, tr.ID, 1, p.White, p.Black, threadOf(tr.ID, p)); err != nil {
						t.Fatal(err)
					}
				}
			}
			games, err := b.ActiveGames(ctx, mode)
			if err != nil || len(games) != 3 {
				t.Fatalf("%s: %d active games (%v), want 3", mode, len(games), err)
			}
			final, err := b.Tournament(ctx, tr.ID)
			if err != nil || len(final.Games) != 3 || final.Round() != 1 {
				t.Fatalf("%s: %v, %d games, %d rounds", mode, err, len(final.Games), final.Round())
			}
		}
	})
}

// TestTournamentGameEnds ends tournament games by an agreed draw and by a
// claim on time: each result is in the tournament with the game's end.
func TestTournamentGameEnds(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		clk := newClock()
		db := openTest(t, &Options{Now: clk.Now})
		ctx := t.Context()
		tr := newTournament(t, db, tournament.RoundRobin, 0, func(t *Tournament) { t.Kind, t.MoveTime = Fanorona, time.Hour })
		joinAll(t, db, tr.ID, 4)
		if _, err := db.StartTournament(ctx, tr.ID, Runner{User: "org"}); err != nil {
			t.Fatal(err)
		}
		tr, ps, err := db.PairNextRound(ctx, tr.ID, 0)
		if err != nil || len(ps) != 2 {
			t.Fatal(err, ps)
		}
		var gs []Game
		for _, p := range ps {
			g, err := db.StartTournamentGame(ctx, tr.ID, 1, p.White, p.Black, threadOf(tr.ID, p))
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, g)
		}
		if _, err := db.OfferDraw(ctx, "g", gs[0].Channel, ps[0].Black); err != nil {
			t.Fatal(err)
		}
		if _, err := db.AnswerDraw(ctx, "g", gs[0].Channel, ps[0].White, true); err != nil {
			t.Fatal(err)
		}
		clk.Add(time.Hour)
		if _, err := db.ClaimTimeout(ctx, "g", gs[1].Channel, ps[1].Black); err != nil {
			t.Fatal(err)
		}
		tr, err = db.Tournament(ctx, tr.ID)
		if err != nil {
			t.Fatal(err)
		}
		if r := resultIn(tr, 1, ps[0].White, ps[0].Black); r != tournament.Draw {
			t.Fatalf("agreed draw recorded as %q", r)
		}
		if r := resultIn(tr, 1, ps[1].White, ps[1].Black); r != tournament.BlackWins {
			t.Fatalf("a win on time recorded as %q", r)
		}
		if due := dueOf(t, db, tr.ID, clk.Now()); !slices.Equal(due, []DueAction{DuePair}) {
			t.Fatalf("due after the round: %v", due)
		}
		s, err := db.Standing(ctx, Fanorona, "g", ps[0].White)
		if err != nil || s.Draws != 1 {
			t.Fatalf("the draw in the standings: %v %+v", err, s)
		}
	})
}

// TestTournamentRunners checks who may start and cancel a tournament:
// its organizer, or anyone the front end found to run every tournament
// of the guild (Runner.AnyTournament); nobody else, and no anonymous
// runner. And the names kept with the entries, cleaned.
func TestTournamentRunners(t *testing.T) {
	bothStores(t, func(t *testing.T) {
		db := openTest(t, nil)
		ctx := t.Context()
		a := newTournament(t, db, tournament.RoundRobin, 0, nil)
		b := newTournament(t, db, tournament.RoundRobin, 0, nil)
		joinAll(t, db, a.ID, 2)
		joinAll(t, db, b.ID, 2)
		for _, r := range []Runner{{User: "p1"}, {AnyTournament: true}} {
			if _, err := db.StartTournament(ctx, a.ID, r); !errors.Is(err, ErrNotOrganizer) {
				t.Fatalf("%+v starts: %v", r, err)
			}
			if _, err := db.CancelTournament(ctx, a.ID, r); !errors.Is(err, ErrNotOrganizer) {
				t.Fatalf("%+v cancels: %v", r, err)
			}
		}
		if tr, err := db.Tournament(ctx, a.ID); err != nil || tr.Status != TournamentOpen {
			t.Fatalf("after the refusals: %v %s", err, tr.Status)
		}
		tr, err := db.StartTournament(ctx, a.ID, Runner{User: "mod", AnyTournament: true})
		if err != nil || tr.Status != TournamentRunning {
			t.Fatalf("a manager starts: %v %s", err, tr.Status)
		}
		if tr, err = db.CancelTournament(ctx, b.ID, Runner{User: "mod", AnyTournament: true}); err != nil || tr.Status != TournamentCancelled {
			t.Fatalf("a manager cancels: %v %s", err, tr.Status)
		}

		c := newTournament(t, db, tournament.RoundRobin, 0, nil)
		long := strings.Repeat("名", MaxNameLen+10)
		for p, name := range map[string]string{"p1": " Ann\x00\n ", "p2": long, "p3": ""} {
			if _, err := db.JoinTournament(ctx, c.ID, p, name); err != nil {
				t.Fatal(err)
			}
		}
		tr, err = db.Tournament(ctx, c.ID)
		if err != nil {
			t.Fatal(err)
		}
		if tr.Names["p1"] != "Ann" || tr.Names["p2"] != strings.Repeat("名", MaxNameLen) || len(tr.Names) != 2 {
			t.Fatalf("names: %q", tr.Names)
		}
	})
}
