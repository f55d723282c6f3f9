package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/game/amazons/ai"
	"github.com/veletasbot/veletas/internal/cli"
)

func init() {
	register("selfplay", command{(*Main).selfplay,
		"  selfplay [-games N] [-pairs A-B,...] [-seed N] [-parallel N] [-v]\n" +
			"                                  play players against each other, each with White in half of the\n" +
			"                                  games: wins, losses, score, Elo difference; players: " + strings.Join(playerNames(), ", ")})
}

// Player chooses the turns of one side.
type Player interface {
	// Choose returns a legal turn for the side to move in p, which is not
	// over.
	Choose(ctx context.Context, p amazons.Position) (amazons.Turn, error)
}

// players makes the players selfplay knows, by name, from a seed (the
// same seed, the same games). The computer opponent's levels are added
// here, each by its name.
var players = map[string]func(seed uint64) Player{
	"random": newRandomPlayer,
}

// playerNames lists the names of the players, sorted.
func playerNames() []string {
	var names []string
	for name := range players {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// randomPlayer chooses uniformly among all the legal turns.
type randomPlayer struct {
	r   *rand.Rand
	buf []amazons.Turn
}

func newRandomPlayer(seed uint64) Player {
	return &randomPlayer{r: rand.New(rand.NewPCG(seed, 0x616d617a6f6e73))}
}

func (rp *randomPlayer) Choose(_ context.Context, p amazons.Position) (amazons.Turn, error) {
	rp.buf = p.AppendTurns(rp.buf[:0])
	if len(rp.buf) == 0 {
		return amazons.Turn{}, fmt.Errorf("no legal turn in %s", p)
	}
	return rp.buf[rp.r.IntN(len(rp.buf))], nil
}

// pairing is one match: a against b.
type pairing struct{ a, b string }

func parsePairings(s string) ([]pairing, error) {
	var out []pairing
	for _, p := range strings.Split(s, ",") {
		a, b, ok := strings.Cut(strings.TrimSpace(p), "-")
		if !ok {
			return nil, fmt.Errorf("pairing %s: write two players joined by '-', like random-random", quote(p))
		}
		for _, name := range []string{a, b} {
			if _, ok := players[name]; !ok {
				return nil, fmt.Errorf("pairing %s: %s is not a player (the players are %s)", quote(p), quote(name), strings.Join(playerNames(), ", "))
			}
		}
		out = append(out, pairing{a, b})
	}
	return out, nil
}

// selfplayConfig holds the options of amazons selfplay.
type selfplayConfig struct {
	games    int
	pairs    []pairing
	seed     uint64
	parallel int
	progress io.Writer // one line a game, or nil
}

func (m *Main) selfplay(ctx context.Context, args []string) error {
	fs := newFlags("selfplay")
	games := fs.Int("games", 200, "games per pairing (half with each player as White)")
	pairs := fs.String("pairs", "random-random", "pairings, comma separated")
	seed := fs.Uint64("seed", 1, "seed of the first game")
	parallel := fs.Int("parallel", 1, "games played at once")
	verbose := fs.Bool("v", false, "report each game on standard error as it ends")
	rest, err := parseArgs(fs, args)
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
		return cli.Usagef("-games must be an even number from 2 to 100000, so that both players have White equally often")
	}
	if cfg.parallel < 1 || cfg.parallel > 64 {
		return cli.Usagef("-parallel must be from 1 to 64")
	}
	if cfg.pairs, err = parsePairings(*pairs); err != nil {
		return cli.Usagef("option -pairs: %s", err.Error())
	}
	fmt.Fprintln(m.Stdout, "score = wins of the first player of each pairing; half the games with each player as White")
	const row = "%-20s %6s %5s %6s %7s %12s %11s %10s %10s\n"
	fmt.Fprintf(m.Stdout, row, "pairing", "games", "wins", "losses", "score", "Elo diff", "white wins", "mean s/turn", "max s/turn")
	for _, p := range cfg.pairs {
		r := runMatch(ctx, cfg, p)
		if r.err != nil {
			return r.err
		}
		diff, margin := ai.Elo(r.wins, cfg.games)
		mean := 0.0
		if r.moves > 0 {
			mean = r.think.Seconds() / float64(r.moves)
		}
		fmt.Fprintf(m.Stdout, row, p.a+" v "+p.b, strconv.Itoa(cfg.games), strconv.Itoa(r.wins), strconv.Itoa(cfg.games-r.wins),
			fmt.Sprintf("%.1f%%", 100*float64(r.wins)/float64(cfg.games)), fmt.Sprintf("%+.0f ± %.0f", diff, margin),
			strconv.Itoa(r.whiteWins), fmt.Sprintf("%.4f", mean), fmt.Sprintf("%.3f", r.maxMove.Seconds()))
	}
	return nil
}

type matchResult struct {
	wins      int // of player a
	whiteWins int
	played    int
	moves     int           // decisions of player a
	think     time.Duration // their total time
	maxMove   time.Duration // the longest
	err       error
}

// timed wraps a player and records its decisions' times.
type timed struct {
	Player
	moves int
	total time.Duration
	max   time.Duration
}

func (t *timed) Choose(ctx context.Context, p amazons.Position) (amazons.Turn, error) {
	start := time.Now()
	tu, err := t.Player.Choose(ctx, p)
	d := time.Since(start)
	t.moves++
	t.total += d
	t.max = max(t.max, d)
	return tu, err
}

// playGame plays a whole game between white and black and returns it; a
// turn a player returns that the rules refuse is an error.
func playGame(ctx context.Context, white, black Player) (amazons.Game, error) {
	g := amazons.NewGame()
	for !g.Position().Over() {
		pl := white
		if g.Position().ToMove() == amazons.Black {
			pl = black
		}
		t, err := pl.Choose(ctx, g.Position())
		if err != nil {
			return g, err
		}
		next, err := g.Play(t)
		if err != nil {
			return g, fmt.Errorf("turn %d: the player chose %s: %w", g.Len()+1, t, err)
		}
		g = next
	}
	return g, nil
}

// runMatch plays cfg.games games of the pairing: player a has White in
// the even-numbered games and Black in the others.
func runMatch(ctx context.Context, cfg selfplayConfig, p pairing) matchResult {
	var res matchResult
	res.err = cli.RunGames(cfg.parallel, cfg.games, func(i int) (func(), error) {
		seed := cfg.seed + uint64(i)*1000
		a := &timed{Player: players[p.a](seed)}
		b := players[p.b](seed + 1)
		aSide := amazons.White
		var g amazons.Game
		var err error
		if i%2 == 0 {
			g, err = playGame(ctx, a, b)
		} else {
			aSide = amazons.Black
			g, err = playGame(ctx, b, a)
		}
		if err != nil {
			err = fmt.Errorf("%s v %s game %d: %w", p.a, p.b, i+1, err)
		}
		winner, _ := g.Position().Winner()
		return func() {
			outcome := p.b + " wins"
			if winner == aSide {
				res.wins++
				outcome = p.a + " wins"
			}
			if winner == amazons.White {
				res.whiteWins++
			}
			res.played++
			res.moves += a.moves
			res.think += a.total
			res.maxMove = max(res.maxMove, a.max)
			if cfg.progress != nil && err == nil {
				fmt.Fprintf(cfg.progress, "%s v %s game %d (%s White): %s in %d turns; %d-%d so far\n", p.a, p.b, i+1,
					[]string{p.a, p.b}[i%2], outcome, g.Len(), res.wins, res.played-res.wins)
			}
		}, err
	})
	return res
}
