// Command veletas is the offline tool of the Veletas project: it lists
// legal turns, counts perft, replays records and renders boards, as the
// command-line contract in veletas-notation.md says.
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

const usage = `usage: veletas COMMAND [ARGS]

commands:
  moves [-rules R] 'POSITION'      print every legal turn, one per line
  perft [-rules R] 'POSITION' DEPTH
                                   count the turn sequences of DEPTH turns
  replay [FILE]                    replay a record (stdin without FILE): final position and result
  render [-rules R] 'POSITION' -o FILE.png
                                   draw a position
  render --record FILE -o OUT      draw a record's final position (or --gif for an animated replay)
  selfplay [-rules R] [-games N] [-sizes 7,9,10] [-pairs easy-random,medium-easy,hard-medium] [-untimed] [-v]
                                   play the AI levels against each other and the random player

R is classic (the default) or revised. A position does not say which rules
apply, so moves, perft and render take them as an option; a record says
them in its header (rules=revised), which replay and render --record read.
`

// command is one subcommand: it writes its output to stdout or returns an
// error, which Run prints as one line.
type command func(m *Main, args []string) error

var commands = map[string]command{
	"moves":    (*Main).moves,
	"perft":    (*Main).perft,
	"replay":   (*Main).replay,
	"render":   (*Main).render,
	"selfplay": (*Main).selfplay,
}

// Run executes one command and returns the exit code.
func (m *Main) Run(args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(m.Stdout, usage)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(m.Stderr, "veletas: unknown command %q: run 'veletas help' for the list\n", clip(args[0]))
		return 1
	}
	if err := cmd(m, args[1:]); err != nil {
		fmt.Fprintf(m.Stderr, "veletas %s: %v\n", args[0], err)
		return 1
	}
	return 0
}

func clip(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		return string(r[:40]) + "..."
	}
	return s
}
