// Command fanorona is the offline tool for Fanorona and Véla: it lists
// legal turns, counts perft and replays records, as the command-line
// contract in fanorona-notation.md says, and plays the computer against
// itself (selfplay) to measure its levels, and draws positions and
// replays (render).
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	m := NewMain()
	os.Exit(m.Run(os.Args[1:]))
}

// Main holds the tool's streams so that tests can run it in-process.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main { return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }

const usage = `usage: fanorona COMMAND [-variant fanorona|vela] [ARGS]

commands:
  moves [-variant V] 'POSITION'        print every legal turn, one per line
  perft [-variant V] 'POSITION' DEPTH  count the turn sequences of exactly DEPTH turns
  replay [FILE]                        replay a record (stdin without FILE or with -): final position and result
  selfplay [-games N] [-variants fanorona,vela] [-pairs easy-random,medium-easy,hard-medium]
           [-parallel N] [-seed N] [-v]
                                       play the computer against itself: wins, draws, losses, Elo
  render [-variant V] [-theme light|dark] [-width N] -o FILE.png 'POSITION'
  render -record FILE [-gif] [-theme T] [-width N] -o FILE.png|FILE.gif
                                       draw a position, a record's last turn, or its replay

The variant is fanorona unless -variant vela is given; a record's header
(variant=vela) gives its variant. Positions look like
'bbbbbbbbb/bbbbbbbbb/bwbw1bwbw/wwwwwwwww/wwwwwwwww w 0'.
`

// command is one subcommand: it writes its output to stdout or returns an
// error, which Run prints as one line.
type command func(m *Main, args []string) error

var commands = map[string]command{
	"moves":    (*Main).moves,
	"perft":    (*Main).perft,
	"replay":   (*Main).replay,
	"selfplay": (*Main).selfplay,
	"render":   (*Main).render,
}

// Run executes one command and returns the exit code: 0 on success, 1 on
// bad input, 2 when no command is given.
func (m *Main) Run(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(m.Stdout, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(m.Stderr, "fanorona: unknown command %s: use moves, perft, replay, selfplay or render (fanorona help)\n", quote(args[0]))
		return 1
	}
	if err := cmd(m, args[1:]); err != nil {
		if err == errHelp {
			fmt.Fprint(m.Stdout, usage)
			return 0
		}
		fmt.Fprintf(m.Stderr, "fanorona %s: %s\n", args[0], oneLine(err.Error()))
		return 1
	}
	return 0
}
