package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/internal/cli"
)

// rulesFlag defines the option -rules classic|revised on fs (classic when
// absent).
func rulesFlag(fs *flag.FlagSet, r *veletas.Rules) {
	*r = veletas.Classic
	fs.Func("rules", "the rules: classic or revised", func(v string) error {
		rules, err := veletas.ParseRules(v)
		if err != nil {
			return errors.New("use classic or revised")
		}
		*r = rules
		return nil
	})
}

func (m *Main) moves(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	var rules veletas.Rules
	rulesFlag(fs, &rules)
	args, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return cli.Usagef("expected one argument, the position in quotes: veletas moves [-rules classic|revised] 'POSITION'")
	}
	p, err := veletas.ParsePosition(args[0], veletas.WithRules(rules))
	if err != nil {
		return err
	}
	w := bufio.NewWriter(m.Stdout)
	for _, t := range p.LegalTurns(nil) {
		w.WriteString(t.String())
		w.WriteByte('\n')
	}
	return w.Flush()
}

// maxPerftDepth only keeps the estimate's arithmetic sane: the node
// budget is what bounds the work.
const maxPerftDepth = 30

func (m *Main) perft(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	var rules veletas.Rules
	rulesFlag(fs, &rules)
	maxNodes := fs.Float64("max-nodes", cli.DefaultMaxNodes, "the budget of leaf visits")
	args, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return cli.Usagef("expected the position in quotes and a depth: veletas perft [-rules classic|revised] [-max-nodes N] 'POSITION' DEPTH")
	}
	if *maxNodes < 1 {
		return cli.Usagef("option -max-nodes: %g is not a positive number of leaf visits", *maxNodes)
	}
	p, err := veletas.ParsePosition(args[0], veletas.WithRules(rules))
	if err != nil {
		return err
	}
	d, err := strconv.Atoi(args[1])
	if err != nil || d < 1 || d > maxPerftDepth {
		return cli.Usagef("depth %q is not a whole number from 1 to %d", clip(args[1]), maxPerftDepth)
	}
	counts, elapsed := cli.MeasurePerft(p, d, veletas.Position.Perft)
	if err := cli.CheckPerftBudget(counts, elapsed, d, *maxNodes); err != nil {
		return err
	}
	if d <= len(counts) {
		_, err = fmt.Fprintln(m.Stdout, counts[d-1])
		return err
	}
	n, err := cli.Perft(ctx, p, d, 2, veletas.Position.Perft, func(p veletas.Position) []veletas.Position {
		turns := p.LegalTurns(nil)
		out := make([]veletas.Position, len(turns))
		for i, t := range turns {
			out[i] = p.PlayLegal(t)
		}
		return out
	})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(m.Stdout, n)
	return err
}

// openRecord opens a record file, or standard input for "" or "-".
func (m *Main) openRecord(name string) (io.ReadCloser, error) {
	if name == "" || name == "-" {
		return io.NopCloser(m.Stdin), nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("cannot open the record: %w", unwrapPath(err))
	}
	return f, nil
}

func (m *Main) readRecord(name string) (veletas.Game, error) {
	in, err := m.openRecord(name)
	if err != nil {
		return veletas.Game{}, err
	}
	defer in.Close()
	return veletas.ParseRecord(in)
}

// unwrapPath keeps the path in an *os.PathError message but drops Go's
// operation word ("open").
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}

func result(p veletas.Position) string {
	if w := p.Winner(); w != veletas.NoColor {
		return "result: " + w.String()
	}
	return "result: ongoing"
}

func (m *Main) replay(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	args, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(args) > 1 {
		return cli.Usagef("expected at most one record file (none or -, to read standard input): veletas replay [FILE]")
	}
	g, err := m.readRecord(append(args, "")[0])
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.Stdout, "%s\n%s\n", g.Position(), result(g.Position()))
	return err
}
