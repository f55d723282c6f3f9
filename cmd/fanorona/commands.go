package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/fanorona"
)

var errHelp = errors.New("help")

// parseVariantFlag reads the -variant option that comes after the
// command's name and before its arguments.
func parseVariantFlag(name string, args []string) (fanorona.Variant, []string, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	v := fs.String("variant", "fanorona", "fanorona or vela")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0, nil, errHelp
		}
		return 0, nil, fmt.Errorf("%v: the only option is -variant fanorona or -variant vela, before the arguments", err)
	}
	variant, err := fanorona.ParseVariant(*v)
	if err != nil {
		return 0, nil, err
	}
	return variant, fs.Args(), nil
}

func (m *Main) moves(args []string) error {
	v, args, err := parseVariantFlag("moves", args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return errors.New("expected one argument, the position in quotes: fanorona moves [-variant vela] 'POSITION'")
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

// maxPerftDepth keeps a typo from starting a computation of days.
const maxPerftDepth = 8

func (m *Main) perft(args []string) error {
	v, args, err := parseVariantFlag("perft", args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return errors.New("expected the position in quotes and a depth: fanorona perft [-variant vela] 'POSITION' DEPTH")
	}
	p, err := fanorona.ParsePosition(args[0], v)
	if err != nil {
		return err
	}
	d, err := strconv.Atoi(args[1])
	if err != nil || d < 1 || d > maxPerftDepth {
		return fmt.Errorf("depth %s is not a whole number from 1 to %d", quote(args[1]), maxPerftDepth)
	}
	_, err = fmt.Fprintln(m.Stdout, p.Perft(d))
	return err
}

func (m *Main) replay(args []string) error {
	var in io.Reader = m.Stdin
	if len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		return fmt.Errorf("replay takes no option %s: the record's header (variant=vela or variant=fanorona, its first token) gives the variant", quote(args[0]))
	}
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
		return errors.New("expected at most one record file (or none, to read standard input): fanorona replay [FILE]")
	}
	g, err := fanorona.ParseRecord(in)
	if err != nil {
		return err
	}
	p := g.Position()
	_, err = fmt.Fprintf(m.Stdout, "%s\nresult: %s\n", p, p.Result())
	return err
}

// quote writes user text into a message on one line, clipped.
func quote(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		s = string(r[:40]) + "..."
	}
	q := strconv.Quote(s)
	return "'" + strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`) + "'"
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}
