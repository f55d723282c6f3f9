// Command fanorona is the offline tool for Fanorona and Véla: it lists
// legal turns, counts perft and replays records, as the command-line
// contract in fanorona-notation.md says, and plays the computer against
// itself (selfplay) to measure its levels, and draws positions and
// replays (render).
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

const usage = `usage: fanorona COMMAND [OPTIONS] [ARGS]

commands:
  moves [-variant V] 'POSITION'        print every legal turn, one per line
  perft [-variant V] [-max-nodes N] 'POSITION' DEPTH
                                       count the turn sequences of exactly DEPTH turns
  replay [FILE]                        replay a record (standard input without FILE or with -):
                                       final position and result
  selfplay [-games N] [-variants fanorona,vela] [-pairs easy-random,medium-easy,hard-medium]
           [-parallel N] [-seed N] [-v]
                                       play the computer against itself: wins, draws, losses, Elo
  render [-variant V] [-theme light|dark] [-width N] 'POSITION' -o FILE.png
  render -record FILE [-theme T] [-width N] -o FILE.png|FILE.gif
                                       draw a position, a record's last turn (FILE.png) or its
                                       replay (FILE.gif); -record - reads standard input

Options may come before or after the arguments; -o - writes to standard output.
The variant is fanorona unless -variant vela is given; a record's header
(variant=vela) gives its variant. Positions look like
'bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0'.
perft refuses a count estimated over 2e9 leaf visits unless -max-nodes
raises the budget; Ctrl-C stops it (exit 130).
fanorona help, fanorona -h and fanorona COMMAND -h print this text.
`

// Run executes one command and returns the exit code: 0 on success and
// for help, 1 on bad input, 2 without a command, 130 when ctx is canceled
// (Ctrl-C) during a perft.
func (m *Main) Run(ctx context.Context, args []string) int {
	return cli.Tool{
		Name:  "fanorona",
		Usage: usage,
		Commands: map[string]cli.Command{
			"moves":    m.moves,
			"perft":    m.perft,
			"replay":   m.replay,
			"selfplay": m.selfplay,
			"render":   m.render,
		},
		Stdout: m.Stdout,
		Stderr: m.Stderr,
	}.Run(ctx, args)
}
