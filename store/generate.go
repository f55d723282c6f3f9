package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/veletasbot/veletas/game"
)

// A generated store is filled the way a long-lived bot's looks, for load
// tests and the scale benchmarks: guilds of GeneratedGuildGames active and
// GeneratedGuildArchive archived games of every kind of Options.Games,
// played at random through the games' pickers (game.Pickable), among
// GeneratedGuildPlayers players, each guild with GeneratedGuildChallenges
// open challenges. A third of the games between people have a time per
// move; the first GeneratedDue of them have a notice due at the
// generation's Now, the others none. A tenth of the games are against
// the computer player GeneratedAI, which is to act in the first
// GeneratedAIToAct of them only. Archived games are rated, ended by the
// rules or by resignation, and counted in the standings. The writes go
// through the store's own code (finish, reindexActive, putChallenge), the
// games of whole guilds in each transaction on bolt, 8 games on etcd.
//
// Its IDs look like Discord's (19 digits): GeneratedGuild, GeneratedChannel
// and GeneratedPlayer give them.
const (
	GeneratedGuildGames      = 100
	GeneratedGuildArchive    = 1000
	GeneratedGuildPlayers    = 200
	GeneratedGuildChallenges = 10
	GeneratedDue             = 10
	GeneratedAIToAct         = 5
	GeneratedAI              = "1100000000000000001"

	// MaxGeneratedGuilds is the most guilds Generate writes.
	MaxGeneratedGuilds = 1_000_000

	generateBatch     = 2000 // games a bolt transaction writes, in whole guilds
	generateEtcdGames = 8    // games an etcd transaction writes: at most 97 operations (12 keys a game and the commit marker), under etcd's 128
	generateTemplates = 6    // games played at random per kind
)

// ErrGenerateUsed is returned by Generate on a store that already holds
// records: generated games would replace the games of the same channels.
var ErrGenerateUsed = errors.New("generated games go only into a new store, and this one holds records: give a new file or etcd prefix")

// ErrNotPickable is returned by Generate when a game of Options.Games has
// no picker (game.Pickable), through which Generate plays its games.
var ErrNotPickable = errors.New("this game has no picker to play it at random")

// GenerateOptions are the options of Generate.
type GenerateOptions struct {
	// Guilds is the number of guilds to write (default 1): 1,000 make a
	// store of 100,000 active and 1,000,000 archived games.
	Guilds int
	// Seed seeds the random games: the same seed and games give the same
	// store.
	Seed uint64
	// Now is when the store is as generated: the games' times, their
	// deadlines and the challenges' expiry are set from it. Default: the
	// store's Options.Now.
	Now time.Time
	// Progress, when set, is called after each transaction with the
	// guilds written so far.
	Progress func(guilds int)
}

// GeneratedGuild returns the ID of a generated store's guild gi.
func GeneratedGuild(gi int) string { return generatedID(1, gi) }

// GeneratedChannel returns the channel of the active game i (0 ≤ i <
// GeneratedGuildGames) of a generated store's guild gi. Game i is
// against the computer when i%10 == 9, else has a time per move when
// i%3 == 0, else is between people without a time limit.
func GeneratedChannel(gi, i int) string { return generatedID(2, gi*1000+i) }

// GeneratedPlayer returns the ID of a generated store's player i (0 ≤ i
// < GeneratedGuildPlayers) of guild gi.
func GeneratedPlayer(gi, i int) string { return generatedID(3, gi*GeneratedGuildPlayers+i) }

// generatedID is a Discord-like ID: 19 digits.
func generatedID(kind, n int) string { return fmt.Sprintf("1%02d%016d", kind, n) }

// Generate fills an empty store with generated games (see
// GeneratedGuildGames). It fails with ErrGenerateUsed on a store that
// holds records, and with ErrNotPickable when a game of Options.Games
// cannot be played at random; the guilds written before an error stay.
func (db *DB) Generate(ctx context.Context, opt GenerateOptions) error {
	if db.opts.Games == nil || len(db.opts.Games.All()) == 0 {
		return fmt.Errorf("store: generate: %w: the store's Options.Games is empty", ErrInvalid)
	}
	if opt.Guilds == 0 {
		opt.Guilds = 1
	}
	if opt.Guilds < 0 || opt.Guilds > MaxGeneratedGuilds {
		return fmt.Errorf("store: generate: %w: %d guilds (give 1 to 1,000,000)", ErrInvalid, opt.Guilds)
	}
	if opt.Now.IsZero() {
		opt.Now = db.opts.Now()
	}
	what, err := db.firstRecord(ctx)
	if err != nil {
		return fmt.Errorf("store: generate: reading the store: %w", err)
	}
	if what != "" {
		return fmt.Errorf("store: generate into %s: %w (it holds %s)", db.path, ErrGenerateUsed, what)
	}
	r := rand.New(rand.NewPCG(opt.Seed, 1))
	tps, err := playTemplates(db.opts.Games, r)
	if err != nil {
		return fmt.Errorf("store: generate: %w", err)
	}
	gen := generator{db: db, tps: tps, r: r, now: opt.Now}
	perTxn := max(1, generateBatch/(GeneratedGuildGames+GeneratedGuildArchive))
	if _, ok := db.be.(*etcdStore); ok {
		perTxn = 0 // one guild's games in transactions of generateEtcdGames
	}
	for g0 := 0; g0 < opt.Guilds; g0 += max(perTxn, 1) {
		var jobs []func(tx txn) error
		for gi := g0; gi < min(opt.Guilds, g0+max(perTxn, 1)); gi++ {
			jobs = append(jobs, gen.guild(gi)...)
		}
		if perTxn == 0 {
			for len(jobs) > 0 {
				n := min(len(jobs), generateEtcdGames)
				if err := db.update(ctx, all(jobs[:n])); err != nil {
					return fmt.Errorf("store: generate: %w", err)
				}
				jobs = jobs[n:]
			}
		} else {
			if err := db.update(ctx, all(jobs)); err != nil {
				return fmt.Errorf("store: generate: %w", err)
			}
		}
		if opt.Progress != nil {
			opt.Progress(min(opt.Guilds, g0+max(perTxn, 1)))
		}
	}
	return nil
}

// all is one transaction's work made of jobs, in order.
func all(jobs []func(tx txn) error) func(tx txn) error {
	return func(tx txn) error {
		for _, j := range jobs {
			if err := j(tx); err != nil {
				return err
			}
		}
		return nil
	}
}

// template is a game played at random to its end: its states after each
// action, the first one the start.
type template struct {
	kind   game.Kind
	terms  game.Terms
	states []game.State
}

// playTemplates plays generateTemplates games of every kind of reg, at
// most 400 actions each.
func playTemplates(reg *game.Registry, r *rand.Rand) ([]template, error) {
	var out []template
	for _, rules := range reg.All() {
		p, ok := rules.(game.Pickable)
		if !ok {
			return nil, fmt.Errorf("%s: %w", rules.Kind(), ErrNotPickable)
		}
		terms, err := rules.Normalize(game.Terms{})
		if err != nil {
			return nil, fmt.Errorf("%s: default terms: %w", rules.Kind(), err)
		}
		for range generateTemplates {
			s, err := rules.New(terms)
			if err != nil {
				return nil, fmt.Errorf("%s: new game: %w", rules.Kind(), err)
			}
			tp := template{kind: rules.Kind(), terms: terms, states: []game.State{s}}
			for len(tp.states) < 400 && !s.Outcome().Over {
				if s, err = pickAndAct(p, s, r); err != nil {
					return nil, err
				}
				tp.states = append(tp.states, s)
			}
			out = append(out, tp)
		}
	}
	return out, nil
}

// pickAndAct applies a random action of the seat to act, chosen through
// the game's picker.
func pickAndAct(p game.Pickable, s game.State, r *rand.Rand) (game.State, error) {
	var chosen []string
	for range 100 {
		step, err := p.Pick(s, chosen)
		if err != nil {
			return nil, fmt.Errorf("%s: pick %q on %q: %w", p.Kind(), chosen, s.Record(), err)
		}
		if step.Done() || (step.Commit && step.Action != "") {
			ns, err := p.Act(s, step.Action)
			if err != nil {
				return nil, fmt.Errorf("%s: act %q on %q: %w", p.Kind(), step.Action, s.Record(), err)
			}
			return ns, nil
		}
		if len(step.Options) == 0 {
			return nil, fmt.Errorf("%s: %w: a dead end at %q on %q", p.Kind(), ErrNotPickable, chosen, s.Record())
		}
		chosen = append(chosen, step.Options[r.IntN(len(step.Options))].Value)
	}
	return nil, fmt.Errorf("%s: %w: no action after 100 choices on %q", p.Kind(), ErrNotPickable, s.Record())
}

// generator writes the guilds of Generate.
type generator struct {
	db        *DB
	tps       []template
	r         *rand.Rand
	now       time.Time
	timed, ai int // timed games and computer games to act written so far
}

// guild returns the writes of guild gi's games and challenges, one per
// game.
func (gen *generator) guild(gi int) []func(tx txn) error {
	db, r, tps, now := gen.db, gen.r, gen.tps, gen.now
	guild := GeneratedGuild(gi)
	user := func() string { return GeneratedPlayer(gi, r.IntN(GeneratedGuildPlayers)) }
	pair := func() [2]string {
		a, b := user(), user()
		for b == a {
			b = user()
		}
		return [2]string{a, b}
	}
	var jobs []func(tx txn) error
	// The archive first: its games are older.
	for i := range GeneratedGuildArchive {
		tp := tps[r.IntN(len(tps))]
		end := len(tp.states) - 1
		reason := ReasonRules
		if r.IntN(4) == 0 || !tp.states[end].Outcome().Over {
			end, reason = r.IntN(len(tp.states)), ReasonResign
		}
		s := tp.states[end]
		ended := now.Add(-time.Duration(GeneratedGuildArchive-i) * 7 * time.Minute)
		g := Game{Guild: guild, Channel: GeneratedChannel(gi, r.IntN(GeneratedGuildGames)), Players: pair(),
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
	for i := range GeneratedGuildGames {
		tp := tps[r.IntN(len(tps))]
		g := Game{Guild: guild, Channel: GeneratedChannel(gi, i), Players: pair(),
			Kind: tp.kind, Terms: tp.terms.Clone(), Rated: true,
			Started: now.Add(-48 * time.Hour), Updated: now.Add(-time.Duration(r.IntN(3600)) * time.Second)}
		human := -1 // the seat of a computer game's human
		switch {
		case i%10 == 9:
			g.AI, g.AILevel, g.Rated = GeneratedAI, "easy", false
			human = r.IntN(2)
			g.Players[1-human] = GeneratedAI
		case i%3 == 0:
			g.MoveTime = 72 * time.Hour
			if gen.timed < GeneratedDue {
				g.Updated = now.Add(-60 * time.Hour) // the reminder is due
			}
			gen.timed++
		}
		// A position where the game is not over; in a computer game the
		// human is to act, but in the first GeneratedAIToAct.
		var s game.State
		for {
			n := r.IntN(len(tp.states))
			s = tp.states[n]
			g.Revision = n
			if s.Outcome().Over {
				continue
			}
			if human >= 0 {
				wantAI := gen.ai < GeneratedAIToAct
				if (g.Player(s.ToAct()) == GeneratedAI) != wantAI {
					continue
				}
			}
			break
		}
		if human >= 0 && g.Player(s.ToAct()) == GeneratedAI {
			gen.ai++
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
	for i := range GeneratedGuildChallenges {
		tp := tps[r.IntN(len(tps))]
		p := pair()
		c := Challenge{Guild: guild, Channel: GeneratedChannel(gi, 500+i), Challenger: p[0], Opponent: p[1],
			Kind: tp.kind, Terms: tp.terms.Clone(), Rated: true, MoveTime: 24 * time.Hour,
			Created: now.Add(-time.Hour), Expires: now.Add(23 * time.Hour)}
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
