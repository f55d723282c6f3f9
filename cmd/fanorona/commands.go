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

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/internal/cli"
)

// variantFlag defines the option -variant fanorona|vela on fs (fanorona
// when absent).
func variantFlag(fs *flag.FlagSet, v *fanorona.Variant) {
	*v = fanorona.Fanorona
	fs.Func("variant", "fanorona or vela", func(s string) error {
		variant, err := fanorona.ParseVariant(s)
		if err != nil {
			return errors.New("use fanorona or vela")
		}
		*v = variant
		return nil
	})
}

func (m *Main) moves(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("moves", flag.ContinueOnError)
	var v fanorona.Variant
	variantFlag(fs, &v)
	args, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return cli.Usagef("expected one argument, the position in quotes: fanorona moves [-variant vela] 'POSITION'")
	}
	p, err := fanorona.ParsePosition(args[0], v)
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
	var v fanorona.Variant
	variantFlag(fs, &v)
	maxNodes := fs.Float64("max-nodes", cli.DefaultMaxNodes, "the budget of leaf visits")
	args, err := cli.Parse(fs, args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return cli.Usagef("expected the position in quotes and a depth: fanorona perft [-variant vela] [-max-nodes N] 'POSITION' DEPTH")
	}
	if *maxNodes < 1 {
		return cli.Usagef("option -max-nodes: %g is not a positive number of leaf visits", *maxNodes)
	}
	p, err := fanorona.ParsePosition(args[0], v)
	if err != nil {
		return err
	}
	d, err := strconv.Atoi(args[1])
	if err != nil || d < 1 || d > maxPerftDepth {
		return cli.Usagef("depth %s is not a whole number from 1 to %d", quote(args[1]), maxPerftDepth)
	}
	counts, elapsed := cli.MeasurePerft(p, d, fanorona.Position.Perft)
	if err := cli.CheckPerftBudget(counts, elapsed, d, *maxNodes); err != nil {
		return err
	}
	if d <= len(counts) {
		_, err = fmt.Fprintln(m.Stdout, counts[d-1])
		return err
	}
	n, err := cli.Perft(ctx, p, d, 2, fanorona.Position.Perft, func(p fanorona.Position) []fanorona.Position {
		if p.Over() {
			return nil
		}
		turns := p.LegalTurns(nil)
		out := make([]fanorona.Position, 0, len(turns))
		for _, t := range turns {
			if q, err := p.Apply(t); err == nil {
				out = append(out, q)
			}
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
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("cannot open the record %s: %w", quote(name), err)
	}
	return f, nil
}

func (m *Main) readRecord(name string) (fanorona.Game, error) {
	in, err := m.openRecord(name)
	if err != nil {
		return fanorona.Game{}, err
	}
	defer in.Close()
	return fanorona.ParseRecord(in)
}

func (m *Main) replay(_ context.Context, args []string) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	args, err := cli.Parse(fs, args)
	if err != nil {
		return fmt.Errorf("%w: the record's header (variant=vela or variant=fanorona, its first token) gives the variant", err)
	}
	if len(args) > 1 {
		return cli.Usagef("expected at most one record file (none or -, to read standard input): fanorona replay [FILE]")
	}
	g, err := m.readRecord(append(args, "")[0])
	if err != nil {
		return err
	}
	p := g.Position()
	_, err = fmt.Fprintf(m.Stdout, "%s\nresult: %s\n", p, p.Result())
	return err
}

// quote writes user text into a message on one line, clipped.
func quote(s string) string { return cli.Quote(s) }
