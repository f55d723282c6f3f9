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
	"strconv"
	"strings"
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

// errHelp asks Run to print the usage and exit 0.
var errHelp = errors.New("help")

// usageError is bad usage (an unknown option, a missing argument): Run
// adds the hint to run amazons -h.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// interruptedError stops a command on SIGINT: exit 130.
type interruptedError struct{ msg string }

func (e *interruptedError) Error() string { return e.msg }

// Run executes one command and returns the exit code: 0 on success, 1 on
// bad input, 2 when no command is given, 130 when interrupted.
func (m *Main) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(m.Stdout, usage())
		return 2
	}
	switch args[0] {
	case "help", "-h", "--help", "-help":
		fmt.Fprint(m.Stdout, usage())
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		what := "command"
		if strings.HasPrefix(args[0], "-") {
			what = "option"
		}
		fmt.Fprintf(m.Stderr, "amazons: unknown %s %s (the commands are %s); run 'amazons -h' for usage\n", what, quote(args[0]), strings.Join(order, ", "))
		return 1
	}
	err := cmd.run(m, ctx, args[1:])
	var ue *usageError
	var ie *interruptedError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errHelp):
		fmt.Fprint(m.Stdout, usage())
		return 0
	case errors.As(err, &ie):
		fmt.Fprintf(m.Stderr, "amazons %s: %s\n", args[0], oneLine(err.Error()))
		return 130
	case errors.As(err, &ue):
		fmt.Fprintf(m.Stderr, "amazons %s: %s; run 'amazons -h' for usage\n", args[0], oneLine(err.Error()))
		return 1
	}
	fmt.Fprintf(m.Stderr, "amazons %s: %s\n", args[0], oneLine(err.Error()))
	return 1
}

// newFlags returns a flag set that reports errors instead of printing.
func newFlags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseArgs parses fs's options wherever they stand among the arguments
// (before, between or after them; everything after "--" is an argument)
// and returns the positional arguments in order.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for i, a := range args {
		if a == "--" {
			args, rest = args[:i], args[i+1:]
			break
		}
	}
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, errHelp
			}
			return nil, &usageError{optionError(err)}
		}
		args = fs.Args()
		if len(args) == 0 {
			return append(pos, rest...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
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
