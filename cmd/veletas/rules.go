package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
)

// rulesOption reads the option -rules classic|revised (also --rules and
// -rules=VALUE) at the start of args, as the command-line contract places
// it right after the command's name, and returns the rest. Without it the
// rules are classic.
func rulesOption(args []string) (veletas.Rules, []string, error) {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") {
		return veletas.Classic, args, nil
	}
	name, value, hasValue := strings.Cut(strings.TrimLeft(args[0], "-"), "=")
	if name != "rules" {
		return veletas.Classic, args, nil
	}
	rest := args[1:]
	if !hasValue {
		if len(rest) == 0 {
			return veletas.Classic, args, errors.New("option -rules needs a value: classic or revised")
		}
		value, rest = rest[0], rest[1:]
	}
	r, err := veletas.ParseRules(value)
	if err != nil {
		return veletas.Classic, args, fmt.Errorf("option -rules: %w", err)
	}
	return r, rest, nil
}

func (m *Main) moves(args []string) error {
	rules, args, err := rulesOption(args)
	if err != nil {
		return err
	}
	if len(args) != 1 {
		return errors.New("expected one argument, the position in quotes: veletas moves [-rules classic|revised] 'POSITION'")
	}
	p, err := veletas.ParsePositionRules(args[0], rules)
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
const maxPerftDepth = 6

func (m *Main) perft(args []string) error {
	rules, args, err := rulesOption(args)
	if err != nil {
		return err
	}
	if len(args) != 2 {
		return errors.New("expected the position in quotes and a depth: veletas perft [-rules classic|revised] 'POSITION' DEPTH")
	}
	p, err := veletas.ParsePositionRules(args[0], rules)
	if err != nil {
		return err
	}
	d, err := strconv.Atoi(args[1])
	if err != nil || d < 1 || d > maxPerftDepth {
		return fmt.Errorf("depth %q is not a whole number from 1 to %d", clip(args[1]), maxPerftDepth)
	}
	_, err = fmt.Fprintln(m.Stdout, p.Perft(d))
	return err
}

func (m *Main) readRecord(args []string) (veletas.Game, error) {
	var in io.Reader = m.Stdin
	switch len(args) {
	case 0:
	case 1:
		f, err := os.Open(args[0])
		if err != nil {
			return veletas.Game{}, fmt.Errorf("cannot open the record: %w", unwrapPath(err))
		}
		defer f.Close()
		in = f
	default:
		return veletas.Game{}, errors.New("expected at most one record file (or none, to read standard input)")
	}
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

func (m *Main) replay(args []string) error {
	g, err := m.readRecord(args)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(m.Stdout, "%s\n%s\n", g.Position(), result(g.Position()))
	return err
}
