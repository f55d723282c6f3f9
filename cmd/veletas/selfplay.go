package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/game/veletas/ai"
	"github.com/veletasbot/veletas/internal/cli"
)

// pairing is one match: a against b.
type pairing struct{ a, b string }

func parsePairings(s string) ([]pairing, error) {
	var out []pairing
	for _, p := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(p), "-")
		if !ok {
			return nil, fmt.Errorf("pairing %q: write two players joined by '-', like medium-easy", clip(p))
		}
		for _, name := range []string{a, b} {
			if name == "random" {
				continue
			}
			if _, err := ai.ParseLevel(name); err != nil {
				return nil, fmt.Errorf("pairing %q: %q is not random, easy, medium or hard", clip(p), clip(name))
			}
		}
		out = append(out, pairing{a, b})
	}
	return out, nil
}

func parseSizes(s string) ([]veletas.Size, error) {
	var out []veletas.Size
	for _, f := range strings.Split(s, ",") {
		size, err := veletas.ParseSize(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, size)
	}
	return out, nil
}

// selfplayConfig holds the flags of veletas selfplay.
type selfplayConfig struct {
	games     int
	rules     veletas.Rules
	sizes     []veletas.Size
	pairs     []pairing
	seed      uint64
	parallel  int
	progress  io.Writer // one line a game, or nil
	hardIters int
	untimed   bool // levels bounded by iterations only, without their time caps
}

func (m *Main) selfplay(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := fs.Int("games", 200, "games per pairing and size (half with each player making the first setup)")
	sizes := fs.String("sizes", "7,9,10", "board sizes, comma separated")
	pairs := fs.String("pairs", "easy-random,medium-easy,hard-medium", "pairings, comma separated")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	parallel := fs.Int("parallel", 1, "games played at once")
	hardIters := fs.Int("hard-iterations", 0, "hard's iterations a decision (0: the level's own)")
	rules := fs.String("rules", "classic", "the rules: classic or revised")
	verbose := fs.Bool("v", false, "report each game on standard error as it ends")
	untimed := fs.Bool("untimed", false, "bound the levels by their iterations only, without their time caps, so that a busy machine does not weaken them")
	rest, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.Usagef("unexpected argument %q: selfplay takes options only", clip(rest[0]))
	}
	cfg := selfplayConfig{games: *games, seed: *seed, parallel: *parallel, hardIters: *hardIters, untimed: *untimed}
	if *verbose {
		cfg.progress = m.Stderr
	}
	if cfg.games < 1 || cfg.games > 100000 {
		return errors.New("-games must be from 1 to 100000")
	}
	if cfg.parallel < 1 || cfg.parallel > 64 {
		return errors.New("-parallel must be from 1 to 64")
	}
	if cfg.rules, err = veletas.ParseRules(*rules); err != nil {
		return fmt.Errorf("option -rules: %w", err)
	}
	if cfg.sizes, err = parseSizes(*sizes); err != nil {
		return err
	}
	if cfg.pairs, err = parsePairings(*pairs); err != nil {
		return err
	}
	fmt.Fprintf(m.Stdout, "rules: %s\n", cfg.rules)
	tw := tabwriter.NewWriter(m.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "pairing\tsize\tgames\twins\tlosses\tscore\tElo diff\tmax s/move\t")
	for _, p := range cfg.pairs {
		for _, size := range cfg.sizes {
			r := runMatch(cfg, p, size)
			if r.err != nil {
				return r.err
			}
			diff, margin := ai.Elo(r.wins, cfg.games)
			fmt.Fprintf(tw, "%s v %s\t%s\t%d\t%d\t%d\t%.1f%%\t%+.0f ± %.0f\t%.2f\t\n", p.a, p.b, size, cfg.games, r.wins,
				cfg.games-r.wins, 100*float64(r.wins)/float64(cfg.games), diff, margin, r.maxMove.Seconds())
		}
	}
	return tw.Flush()
}

type matchResult struct {
	wins    int
	played  int
	maxMove time.Duration // the longest decision of player a
	err     error
}

// timed wraps an agent and records its longest decision.
type timed struct {
	ai.Agent
	max time.Duration
}

func (t *timed) Act(g veletas.Game) (veletas.Action, error) {
	start := time.Now()
	a, err := t.Agent.Act(g)
	if d := time.Since(start); d > t.max {
		t.max = d
	}
	return a, err
}

func agent(name string, seed uint64, hardIters int, untimed bool) ai.Agent {
	if name == "random" {
		return ai.NewRandom(seed)
	}
	l, _ := ai.ParseLevel(name)
	o := l.Options()
	o.Seed = seed
	if untimed {
		o.Time = 0
	}
	if l == ai.Hard && hardIters > 0 {
		o.Iterations, o.Time = hardIters, 0
	}
	return ai.New(o)
}

func runMatch(cfg selfplayConfig, p pairing, size veletas.Size) matchResult {
	var res matchResult
	res.err = cli.RunGames(cfg.parallel, cfg.games, func(i int) (func(), error) {
		seed := cfg.seed + uint64(i)*1000 + uint64(size)
		a := &timed{Agent: agent(p.a, seed, cfg.hardIters, cfg.untimed)}
		b := agent(p.b, seed+1, cfg.hardIters, cfg.untimed)
		var winner int
		var err error
		if i%2 == 0 {
			winner, _, err = ai.PlayGameRules(size, cfg.rules, a, b)
		} else {
			winner, _, err = ai.PlayGameRules(size, cfg.rules, b, a)
			winner = 1 - winner
		}
		return func() {
			if winner == 0 {
				res.wins++
			}
			res.played++
			if cfg.progress != nil && err == nil {
				fmt.Fprintf(cfg.progress, "%s %s v %s game %d: %s wins; %d/%d so far\n", size, p.a, p.b, i+1, []string{p.a, p.b}[winner], res.wins, res.played)
			}
			if a.max > res.maxMove {
				res.maxMove = a.max
			}
		}, err
	})
	return res
}
