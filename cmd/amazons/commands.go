package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"time"

	"github.com/veletasbot/veletas/game/amazons"
)

const startText = amazons.StartText

func init() {
	register("moves", command{(*Main).moves,
		"  moves 'POSITION'                print every legal turn, one per line (nothing once the game is over)"})
	register("perft", command{(*Main).perft,
		"  perft [-max-nodes N] 'POSITION' DEPTH\n" +
			"                                  count the turn sequences of exactly DEPTH turns (DEPTH >= 1); refuses\n" +
			"                                  a count estimated over N leaves (default 2e9) before starting"})
	register("replay", command{(*Main).replay,
		"  replay [FILE|-]                 replay a record (standard input without FILE or with -): the final\n" +
			"                                  position, then result: white, black or ongoing"})
}

func (m *Main) moves(_ context.Context, args []string) error {
	args, err := parseArgs(newFlags("moves"), args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return &usageError{"expected one argument, the position in quotes: amazons moves 'POSITION'"}
	}
	p, err := amazons.ParsePosition(args[0])
	if err != nil {
		return err
	}
	w := bufio.NewWriter(m.Stdout)
	var line []byte
	for _, t := range p.AppendTurns(make([]amazons.Turn, 0, 4096)) {
		line = append(t.AppendText(line[:0]), '\n')
		w.Write(line)
	}
	return w.Flush()
}

// defaultMaxNodes is perft's default budget of leaves.
const defaultMaxNodes = 2e9

func (m *Main) perft(ctx context.Context, args []string) error {
	fs := newFlags("perft")
	maxNodes := fs.Float64("max-nodes", defaultMaxNodes, "the most leaves a count may be estimated to visit")
	args, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return &usageError{"expected the position in quotes and a depth: amazons perft 'POSITION' DEPTH"}
	}
	if *maxNodes < 1 || math.IsNaN(*maxNodes) {
		return &usageError{"-max-nodes must be a number of leaves of at least 1, such as 5e9"}
	}
	p, err := amazons.ParsePosition(args[0])
	if err != nil {
		return err
	}
	depth, err := strconv.Atoi(args[1])
	if err != nil || depth < 1 {
		return fmt.Errorf("depth %s is not a whole number of at least 1", quote(args[1]))
	}
	// Each turn fills an empty square with an arrow: no sequence is longer
	// than the empty squares.
	if depth > p.Empties() {
		_, err = fmt.Fprintln(m.Stdout, 0)
		return err
	}
	if depth >= 3 {
		// Estimate the leaves from the branching at depths 1 and 2, and the
		// time from the speed of the count at depth 2 on this machine: a
		// count at depth d counts the turns of each position at depth d-1.
		start := time.Now()
		b1, b2 := float64(p.Perft(1)), float64(p.Perft(2))
		perNode := time.Since(start).Seconds() / max(b1, 1)
		est, parents := b2, b1
		if b1 > 0 {
			parents = b2 * math.Pow(b2/b1, float64(depth-3))
			est = parents * b2 / b1
		}
		if est > *maxNodes {
			return fmt.Errorf("perft %d would count about %.3g sequences (about %s on this machine now), over the budget of %.3g: raise it with -max-nodes N",
				depth, est, roughDuration(parents*perNode), *maxNodes)
		}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	perftStarted()
	n, err := perftCtx(ctx, p, depth)
	if err != nil {
		return &interruptedError{"perft interrupted"}
	}
	_, err = fmt.Fprintln(m.Stdout, n)
	return err
}

// perftStarted is called once SIGINT stops a perft instead of the
// process; tests replace it to know when to send the signal.
var perftStarted = func() {}

// perftCtx is Position.Perft that stops when ctx is done (within the time
// of a count at depth 2).
func perftCtx(ctx context.Context, p amazons.Position, depth int) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= 2 {
		return p.Perft(depth), nil
	}
	var n int64
	for _, t := range p.AppendTurns(nil) {
		q := p
		q.Do(t)
		k, err := perftCtx(ctx, q, depth-1)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}

// roughDuration writes a number of seconds as "12 s", "5 min", "3 h" or
// "4 days".
func roughDuration(secs float64) string {
	switch {
	case secs < 120:
		return fmt.Sprintf("%.0f s", math.Ceil(secs))
	case secs < 7200:
		return fmt.Sprintf("%.0f min", secs/60)
	case secs < 48*3600:
		return fmt.Sprintf("%.0f h", secs/3600)
	case secs < 1e4*86400:
		return fmt.Sprintf("%.0f days", secs/86400)
	}
	return "years"
}

func (m *Main) replay(_ context.Context, args []string) error {
	args, err := parseArgs(newFlags("replay"), args)
	if err != nil {
		return err
	}
	var in io.Reader = m.Stdin
	switch {
	case len(args) == 0, len(args) == 1 && args[0] == "-":
	case len(args) == 1:
		f, err := os.Open(args[0])
		if err != nil {
			var pe *os.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return fmt.Errorf("cannot open the record %s: %v", quote(args[0]), err)
		}
		defer f.Close()
		in = f
	default:
		return &usageError{"expected at most one record file (or none, or -, to read standard input): amazons replay [FILE|-]"}
	}
	g, err := amazons.ParseRecord(in)
	if err != nil {
		var te *amazons.TokenError
		if !errors.As(err, &te) && !errors.Is(err, amazons.ErrRecordTooLong) {
			return fmt.Errorf("cannot read the record: %v", err)
		}
		return err
	}
	p := g.Position()
	_, err = fmt.Fprintf(m.Stdout, "%s\nresult: %s\n", p, p.Result())
	return err
}
