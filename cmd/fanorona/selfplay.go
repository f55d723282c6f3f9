package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/internal/cli"
)

// pairing is one match: a against b.
type pairing struct{ a, b string }

func parsePairings(s string) ([]pairing, error) {
	var out []pairing
	for _, p := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(p), "-")
		if !ok {
			return nil, fmt.Errorf("pairing %s: write two players joined by '-', like medium-easy", quote(p))
		}
		for _, name := range []string{a, b} {
			if name == "random" {
				continue
			}
			if _, err := ai.ParseLevel(name); err != nil {
				return nil, fmt.Errorf("pairing %s: %s is not random, easy, medium or hard", quote(p), quote(name))
			}
		}
		out = append(out, pairing{a, b})
	}
	return out, nil
}

func parseVariants(s string) ([]fanorona.Variant, error) {
	var out []fanorona.Variant
	for _, f := range strings.Split(s, ",") {
		v, err := fanorona.ParseVariant(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("option -variants: %w", err)
		}
		out = append(out, v)
	}
	return out, nil
}

// selfplayConfig holds the flags of fanorona selfplay.
type selfplayConfig struct {
	games    int
	variants []fanorona.Variant
	pairs    []pairing
	seed     uint64
	parallel int
	progress io.Writer // one line a game, or nil
}

func (m *Main) selfplay(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	games := fs.Int("games", 200, "games per pairing and variant (half with each player as White)")
	variants := fs.String("variants", "fanorona,vela", "variants, comma separated")
	pairs := fs.String("pairs", "easy-random,medium-easy,hard-medium", "pairings, comma separated")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	parallel := fs.Int("parallel", 1, "games played at once")
	verbose := fs.Bool("v", false, "report each game on standard error as it ends")
	rest, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return cli.Usagef("unexpected argument %s: selfplay takes options only", quote(rest[0]))
	}
	cfg := selfplayConfig{games: *games, seed: *seed, parallel: *parallel}
	if *verbose {
		cfg.progress = m.Stderr
	}
	if cfg.games < 2 || cfg.games > 100000 || cfg.games%2 != 0 {
		return errors.New("-games must be an even number from 2 to 100000, so that both players have White equally often")
	}
	if cfg.parallel < 1 || cfg.parallel > 64 {
		return errors.New("-parallel must be from 1 to 64")
	}
	if cfg.variants, err = parseVariants(*variants); err != nil {
		return err
	}
	if cfg.pairs, err = parsePairings(*pairs); err != nil {
		return err
	}
	fmt.Fprintln(m.Stdout, "score = wins + draws/2, for the first player of each pairing; half the games with each player as White")
	const row = "%-16s %-8s %6s %5s %5s %6s %7s %12s %11s %10s\n"
	fmt.Fprintf(m.Stdout, row, "pairing", "variant", "games", "wins", "draws", "losses", "score", "Elo diff", "mean s/move", "max s/move")
	for _, p := range cfg.pairs {
		for _, v := range cfg.variants {
			r := runMatch(cfg, p, v)
			if r.err != nil {
				return r.err
			}
			score := float64(r.wins) + float64(r.draws)/2
			diff, margin := ai.Elo(score, cfg.games)
			mean := 0.0
			if r.moves > 0 {
				mean = r.think.Seconds() / float64(r.moves)
			}
			fmt.Fprintf(m.Stdout, row, p.a+" v "+p.b, v, strconv.Itoa(cfg.games), strconv.Itoa(r.wins), strconv.Itoa(r.draws),
				strconv.Itoa(cfg.games-r.wins-r.draws), fmt.Sprintf("%.1f%%", 100*score/float64(cfg.games)),
				fmt.Sprintf("%+.0f ± %.0f", diff, margin), fmt.Sprintf("%.3f", mean), fmt.Sprintf("%.2f", r.maxMove.Seconds()))
		}
	}
	return nil
}

type matchResult struct {
	wins, draws int
	played      int
	moves       int           // decisions of player a
	think       time.Duration // their total time
	maxMove     time.Duration // the longest
	err         error
}

// timed wraps an agent and records its decisions' times.
type timed struct {
	ai.Agent
	moves int
	total time.Duration
	max   time.Duration
}

func (t *timed) Act(g fanorona.Game) (fanorona.Turn, error) {
	start := time.Now()
	a, err := t.Agent.Act(g)
	d := time.Since(start)
	t.moves++
	t.total += d
	t.max = max(t.max, d)
	return a, err
}

func agent(name string, seed uint64) ai.Agent {
	if name == "random" {
		return ai.NewRandom(seed)
	}
	l, _ := ai.ParseLevel(name)
	return ai.NewLevel(l, seed)
}

// runMatch plays cfg.games games of the pairing: player a has White in the
// even-numbered games and Black in the others.
func runMatch(cfg selfplayConfig, p pairing, v fanorona.Variant) matchResult {
	var res matchResult
	res.err = cli.RunGames(cfg.parallel, cfg.games, func(i int) (func(), error) {
		seed := cfg.seed + uint64(i)*1000 + uint64(v)*100
		a := &timed{Agent: agent(p.a, seed)}
		b := agent(p.b, seed+1)
		aColor := fanorona.White
		var result fanorona.Result
		var g fanorona.Game
		var err error
		if i%2 == 0 {
			result, g, err = ai.PlayGame(v, a, b)
		} else {
			aColor = fanorona.Black
			result, g, err = ai.PlayGame(v, b, a)
		}
		return func() {
			outcome := "draw"
			if c, ok := result.Winner(); ok && c == aColor {
				res.wins++
				outcome = p.a + " wins"
			} else if ok {
				outcome = p.b + " wins"
			} else {
				res.draws++
			}
			res.played++
			res.moves += a.moves
			res.think += a.total
			res.maxMove = max(res.maxMove, a.max)
			if cfg.progress != nil && err == nil {
				fmt.Fprintf(cfg.progress, "%s %s v %s game %d (%s White): %s in %d turns; %d-%d-%d so far\n", v, p.a, p.b, i+1,
					[]string{p.a, p.b}[i%2], outcome, g.Len(), res.wins, res.draws, res.played-res.wins-res.draws)
			}
		}, err
	})
	return res
}
