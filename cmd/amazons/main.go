// Command amazons is the offline tool for the Game of the Amazons: it
// lists legal turns, counts perft and replays records, as the
// command-line contract in amazons-notation.md says, and plays players
// against each other (selfplay).
//
// Each command registers itself in the command table (register, in an
// init function of its file), so that a command is added with a file of
// its own.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/veletasbot/veletas/internal/cli"
)

func main() {
	m := NewMain()
	os.Exit(m.Run(context.Background(), os.Args[1:]))
}

// Main holds the tool's streams so that tests can run it in-process.
type Main struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// NewMain returns a Main on the process's standard streams.
func NewMain() *Main { return &Main{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr} }

// command is one subcommand: run writes its output to m.Stdout or returns
// an error, which Run prints as one line; usage is its part of the usage
// text (one or more lines, without the final line end).
type command struct {
	run   func(m *Main, ctx context.Context, args []string) error
	usage string
}

// commands is the command table; order keeps the order of registration
// for the usage text.
var (
	commands = map[string]command{}
	order    []string
)

// register adds a command to the table; each command's file calls it from
// an init function.
func register(name string, c command) {
	if _, dup := commands[name]; dup {
		panic("amazons: command " + name + " registered twice")
	}
	commands[name] = c
	order = append(order, name)
}

// usage returns the usage text.
func usage() string {
	var b strings.Builder
	b.WriteString("usage: amazons COMMAND [OPTIONS] [ARGS]\n\ncommands:\n")
	for _, name := range order {
		b.WriteString(commands[name].usage)
		b.WriteString("\n")
	}
	b.WriteString(`
A position is the ranks from 10 down to 1 with w and b (amazons), x (arrows)
and numbers of empty squares, a space and the side to move (w or b), as the
start: '` + startText + `'.
A turn is FROM-TO/ARROW, as d1-d7/g7. A record is turn tokens separated by
white space; lines starting with # are comments. Options may come before or
after the arguments. Exit status: 0; 1 on bad input, with a one-line error
on standard error; 130 when perft is interrupted (Ctrl-C).
`)
	return b.String()
}

// Run executes one command and returns the exit code: 0 on success and
// for help, 1 on bad input, 2 without a command (the usage on standard
// output), 130 when interrupted. The dispatch, help and error lines are
// internal/cli's, as for the other tools.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(m.Stdout, usage())
		return 2
	}
	cmds := make(map[string]cli.Command, len(commands))
	for name, c := range commands {
		cmds[name] = func(ctx context.Context, args []string) error { return c.run(m, ctx, args) }
	}
	return cli.Tool{Name: "amazons", Usage: usage(), Commands: cmds, Stdout: m.Stdout, Stderr: m.Stderr}.Run(ctx, args)
}

// newFlags returns a flag set for a command's options.
func newFlags(name string) *flag.FlagSet { return flag.NewFlagSet(name, flag.ContinueOnError) }

// parseArgs parses fs's options wherever they stand among the arguments
// (cli.Parse: before, between or after them; everything after "--" is an
// argument) and returns the positional arguments in order. A bad option
// is worded as this tool words it (optionError).
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := cli.Parse(fs, args)
	var ue *cli.UsageError
	if errors.As(err, &ue) {
		return nil, cli.Usagef("%s", optionError(ue.Err))
	}
	return pos, err
}

// optionError words a flag package error on one line.
func optionError(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return "unknown option " + quote(name)
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return "option " + quote(name) + " needs a value"
	}
	return strings.Replace(msg, "flag", "option", 1)
}

// quote writes user text into a message on one line, clipped.
func quote(s string) string { return cli.Quote(s) }
