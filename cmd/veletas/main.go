// Command veletas is the offline tool of the Veletas project: it lists
// legal turns, counts perft, replays records and renders boards, as the
// command-line contract in veletas-notation.md says.
package main

import (
	"context"
	"io"
	"os"

	"github.com/veletasbot/veletas/internal/cli"
)

func main() {
	ctx, stop := cli.SignalContext()
	code := NewMain().Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}

// Main holds the tool's streams so that tests can run it in-process.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main { return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }

const usage = `usage: veletas COMMAND [OPTIONS] [ARGS]

commands:
  moves [-rules R] 'POSITION'      print every legal turn, one per line
  perft [-rules R] [-max-nodes N] 'POSITION' DEPTH
                                   count the turn sequences of DEPTH turns
  replay [FILE]                    replay a record (standard input without FILE or with -):
                                   final position and result
  render [-rules R] [-theme light|dark] [-width PIXELS] 'POSITION' -o FILE.png
                                   draw a position
  render -record FILE [-theme T] [-width PIXELS] -o FILE.png|FILE.gif
                                   draw a record's final position (FILE.png) or its animated
                                   replay (FILE.gif); -record - reads standard input
  selfplay [-rules R] [-games N] [-sizes 7,9,10] [-pairs easy-random,medium-easy,hard-medium] [-untimed] [-v]
                                   play the AI levels against each other and the random player

Options may come before or after the arguments; -o - writes to standard output.
R is classic (the default) or revised. A position does not say which rules
apply, so moves, perft and render take them as an option; a record says
them in its header (rules=revised), which replay and render -record read.
perft refuses a count estimated over 2e9 leaf visits unless -max-nodes
raises the budget; Ctrl-C stops it (exit 130).
veletas help, veletas -h and veletas COMMAND -h print this text.
`

// Run executes one command and returns the exit code: 0 on success and
// for help, 1 on bad input, 2 without a command, 130 when ctx is canceled
// (Ctrl-C) during a perft.
func (m *Main) Run(ctx context.Context, args []string) int {
	return cli.Tool{
		Name:  "veletas",
		Usage: usage,
		Commands: map[string]cli.Command{
			"moves":    m.moves,
			"perft":    m.perft,
			"replay":   m.replay,
			"render":   m.render,
			"selfplay": m.selfplay,
		},
		Stdout: m.Stdout,
		Stderr: m.Stderr,
	}.Run(ctx, args)
}

func clip(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}
