package store

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/veletasbot/veletas/game"
)

// populate fills a store the way a long-lived bot's looks, for the scale
// benchmarks (scale_test.go): games of every kind of a registry, played
// at random through the games' pickers (game.Pickable), in guilds of
// populateGuildGames active and populateGuildArchive archived games among
// populateGuildPlayers players, each guild with populateGuildChallenges
// open challenges. A third of the games between people have a time per
// move; the first populateDue of them have a notice due at populate's
// now, the others none. A tenth of the games are against the computer
// player populateAI, which is to act in the first populateAIToAct of them
// only. Archived games are rated, ended by the rules or by resignation,
// and counted in the standings. The writes go through the store's own
// code (finish, reindexActive, putChallenge), populateBatch games per
// transaction.

const (
	populateGuildGames      = 100
	populateGuildArchive    = 1000
	populateGuildPlayers    = 200
	populateGuildChallenges = 10
	populateDue             = 10
	populateAIToAct         = 5
	populateAI              = "1100000000000000001"
	populateBatch           = 2000
	populateTemplates       = 6 // games played at random per kind
)

// populateNow is the now of a populated store: Options.Now of the stores
// that read one.
var populateNow = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

// template is a game played at random to its end: its states after each
// action, the first one the start.
type template struct {
	kind   game.Kind
	terms  game.Terms
	states []game.State
}

// playTemplates plays populateTemplates games of every kind of reg.
func playTemplates(t testing.TB, reg *game.Registry, r *rand.Rand) []template {
	t.Helper()
	var out []template
	for _, rules := range reg.All() {
		p, ok := rules.(game.Pickable)
		if !ok {
			t.Fatalf("%s: not a game.Pickable: populate cannot play it", rules.Kind())
		}
		terms, err := rules.Normalize(game.Terms{})
		if err != nil {
			t.Fatal(err)
		}
		for range populateTemplates {
			s, err := rules.New(terms)
			if err != nil {
				t.Fatal(err)
			}
			tp := template{kind: rules.Kind(), terms: terms, states: []game.State{s}}
			for len(tp.states) < 400 && !s.Outcome().Over {
				s = pickAndAct(t, p, s, r)
				tp.states = append(tp.states, s)
			}
			out = append(out, tp)
		}
	}
	return out
}

// pickAndAct applies a random action of the seat to act, chosen through
// the game's picker.
func pickAndAct(t testing.TB, p game.Pickable, s game.State, r *rand.Rand) game.State {
	var chosen []string
	for range 100 {
		step, err := p.Pick(s, chosen)
		if err != nil {
			t.Fatalf("%s: pick %q on %q: %v", p.Kind(), chosen, s.Record(), err)
		}
		if step.Done() || (step.Commit && step.Action != "") {
			ns, err := p.Act(s, step.Action)
			if err != nil {
				t.Fatalf("%s: act %q on %q: %v", p.Kind(), step.Action, s.Record(), err)
			}
			return ns
		}
		if len(step.Options) == 0 {
			t.Fatalf("%s: a dead end at %q on %q", p.Kind(), chosen, s.Record())
		}
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
	t.Fatalf("%s: no action after 100 choices", p.Kind())
	return nil
}

// snowflake is a Discord-like ID: 19 digits.
func snowflake(kind, n int) string { return fmt.Sprintf("1%02d%016d", kind, n) }

// populate writes guilds guilds of games (see above) into db, the games
// of whole guilds in each transaction (on etcd, one game each).
func populate(t testing.TB, db *DB, reg *game.Registry, guilds int, seed uint64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	tps := playTemplates(t, reg, r)
	// The games of each guild, in batches of whole guilds.
	perTxn := max(1, populateBatch/(populateGuildGames+populateGuildArchive))
	if db.etcdBackend() != nil {
		perTxn = 0 // one guild's games in many transactions
	}
	timed, ai := 0, 0
	for g0 := 0; g0 < guilds; g0 += max(perTxn, 1) {
		var jobs []func(tx txn) error
		for gi := g0; gi < min(guilds, g0+max(perTxn, 1)); gi++ {
			jobs = append(jobs, populateGuild(t, db, tps, r, gi, &timed, &ai)...)
		}
		if perTxn == 0 {
			for _, j := range jobs {
				if err := db.update(t.Context(), j); err != nil {
					t.Fatal(err)
				}
			}
			continue
		}
		err := db.update(t.Context(), func(tx txn) error {
			for _, j := range jobs {
				if err := j(tx); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// populateGuild returns the writes of guild gi's games and challenges,
// one per game.
func populateGuild(t testing.TB, db *DB, tps []template, r *rand.Rand, gi int, timed, ai *int) []func(tx txn) error {
	guild := snowflake(1, gi)
	user := func() string { return snowflake(3, gi*populateGuildPlayers+r.IntN(populateGuildPlayers)) }
	pair := func() [2]string {
		a, b := user(), user()
		for b == a {
			b = user()
		}
		return [2]string{a, b}
	}
	var jobs []func(tx txn) error
	// The archive first: its games are older.
	for i := range populateGuildArchive {
		tp := tps[r.IntN(len(tps))]
		end := len(tp.states) - 1
		reason := ReasonRules
		if r.IntN(4) == 0 || !tp.states[end].Outcome().Over {
			end, reason = r.IntN(len(tp.states)), ReasonResign
		}
		s := tp.states[end]
		ended := populateNow.Add(-time.Duration(populateGuildArchive-i) * 7 * time.Minute)
		g := Game{Guild: guild, Channel: snowflake(2, gi*1000+r.IntN(populateGuildGames)), Players: pair(),
			Kind: tp.kind, Terms: tp.terms.Clone(), Revision: end, Rated: true,
			Started: ended.Add(-2 * time.Hour), Updated: ended, Ended: ended, Reason: reason}
		g.setState(s)
		if reason == ReasonRules {
			g.Winner = g.Player(s.Outcome().Winner)
		} else {
			g.Winner = g.Opponent(g.Player(s.ToAct()))
		}
		jobs = append(jobs, func(tx txn) error {
			id, err := tx.Bucket(bucketGames).NextSequence()
			if err != nil {
				return err
			}
			g := g
			g.ID = id
			val, err := encode(&g)
			if err != nil {
				return err
			}
			return db.finish(tx, pairKey(g.Guild, g.Channel), &g, val)
		})
	}
	for i := range populateGuildGames {
		tp := tps[r.IntN(len(tps))]
		g := Game{Guild: guild, Channel: snowflake(2, gi*1000+i), Players: pair(),
			Kind: tp.kind, Terms: tp.terms.Clone(), Rated: true,
			Started: populateNow.Add(-48 * time.Hour), Updated: populateNow.Add(-time.Duration(r.IntN(3600)) * time.Second)}
		human := -1 // the seat of a computer game's human
		switch {
		case i%10 == 9:
			g.AI, g.AILevel, g.Rated = populateAI, "easy", false
			human = r.IntN(2)
			g.Players[1-human] = populateAI
		case i%3 == 0:
			g.MoveTime = 72 * time.Hour
			if *timed < populateDue {
				g.Updated = populateNow.Add(-60 * time.Hour) // the reminder is due
			}
			*timed++
		}
		// A position where the game is not over; in a computer game the
		// human is to act, but in the first populateAIToAct.
		var s game.State
		for {
			n := r.IntN(len(tp.states))
			s = tp.states[n]
			g.Revision = n
			if s.Outcome().Over {
				continue
			}
			if human >= 0 {
				wantAI := *ai < populateAIToAct
				if (g.Player(s.ToAct()) == populateAI) != wantAI {
					continue
				}
			}
			break
		}
		if human >= 0 && g.Player(s.ToAct()) == populateAI {
			*ai++
		}
		g.setState(s)
		jobs = append(jobs, func(tx txn) error {
			id, err := tx.Bucket(bucketGames).NextSequence()
			if err != nil {
				return err
			}
			g := g
			g.ID = id
			key := pairKey(g.Guild, g.Channel)
			if err := put(tx.Bucket(bucketGames), key, &g); err != nil {
				return err
			}
			if err := indexActive(tx, &g); err != nil {
				return err
			}
			return reindexActive(tx, key, &g)
		})
	}
	for i := range populateGuildChallenges {
		tp := tps[r.IntN(len(tps))]
		p := pair()
		c := Challenge{Guild: guild, Channel: snowflake(2, gi*1000+500+i), Challenger: p[0], Opponent: p[1],
			Kind: tp.kind, Terms: tp.terms.Clone(), Rated: true, MoveTime: 24 * time.Hour,
			Created: populateNow.Add(-time.Hour), Expires: populateNow.Add(23 * time.Hour)}
		jobs = append(jobs, func(tx txn) error {
			id, err := tx.Bucket(bucketChallenges).NextSequence()
			if err != nil {
				return err
			}
			c := c
			c.ID = id
			return putChallenge(tx, &c)
		})
	}
	return jobs
}
