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

	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/internal/cli"
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
		return cli.Usagef("expected one argument, the position in quotes: amazons moves 'POSITION'")
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

func (m *Main) perft(ctx context.Context, args []string) error {
	fs := newFlags("perft")
	maxNodes := fs.Float64("max-nodes", cli.DefaultMaxNodes, "the most leaves a count may be estimated to visit")
	args, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return cli.Usagef("expected the position in quotes and a depth: amazons perft 'POSITION' DEPTH")
	}
	if *maxNodes < 1 || math.IsNaN(*maxNodes) {
		return cli.Usagef("-max-nodes must be a number of leaves of at least 1, such as 5e9")
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
	counts, elapsed := cli.MeasurePerft(p, depth, amazons.Position.Perft)
	if err := cli.CheckPerftBudget(counts, elapsed, depth, *maxNodes); err != nil {
		return err
	}
	if depth <= len(counts) {
		_, err = fmt.Fprintln(m.Stdout, counts[depth-1])
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	perftStarted()
	n, err := cli.Perft(ctx, p, depth, 2, amazons.Position.Perft, children)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(m.Stdout, n)
	return err
}

// perftStarted is called once SIGINT stops a perft instead of the
// process; tests replace it to know when to send the signal.
var perftStarted = func() {}

// children returns the positions after each legal turn of p (none once
// the game is over), for cli.Perft.
func children(p amazons.Position) []amazons.Position {
	turns := p.AppendTurns(nil)
	out := make([]amazons.Position, len(turns))
	for i, t := range turns {
		out[i] = p
		out[i].Do(t)
	}
	return out
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
		return cli.Usagef("expected at most one record file (or none, or -, to read standard input): amazons replay [FILE|-]")
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
