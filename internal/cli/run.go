package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
)

// ErrHelp is returned by Parse (and may be returned by a command) when the
// user asked for the usage with -h, -help or --help.
var ErrHelp = errors.New("help requested")

// ErrInterrupted is returned by a command stopped by Ctrl-C (its context
// canceled); Run exits 130 with the error's text.
var ErrInterrupted = errors.New("interrupted")

// ExitInterrupted is the exit code of a command stopped by SIGINT, as a
// shell reports it (128 + 2).
const ExitInterrupted = 130

// UsageError is a command line that is wrong in form: an unknown option, a
// bad option value, a wrong number of arguments. Run prints it with the
// hint to read the usage.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *UsageError) Unwrap() error { return e.Err }

// Usagef returns a *UsageError with the formatted message.
func Usagef(format string, args ...any) error {
	return &UsageError{Err: fmt.Errorf(format, args...)}
}

// Command runs one subcommand with the arguments after its name.
type Command func(ctx context.Context, args []string) error

// Tool is an offline tool: its name, its usage text and its commands.
type Tool struct {
	Name     string
	Usage    string
	Commands map[string]Command
	Stdout   io.Writer
	Stderr   io.Writer
}

// Run executes the command named by args[0] and returns the exit code: 0
// on success (and for help), 1 on bad input, 2 without a command,
// ExitInterrupted when ctx was canceled (Ctrl-C).
func (t Tool) Run(ctx context.Context, args []string) int {
	if len(args) == 0 {
		fmt.Fprint(t.Stderr, t.Usage)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		fmt.Fprint(t.Stdout, t.Usage)
		return 0
	}
	cmd, ok := t.Commands[args[0]]
	if !ok {
		what := "unknown command " + Quote(args[0])
		if strings.HasPrefix(args[0], "-") {
			what = "unknown option " + Quote(args[0]) + " before the command"
		}
		fmt.Fprintf(t.Stderr, "%s: %s; run '%s -h' for usage\n", t.Name, what, t.Name)
		return 1
	}
	err := cmd(ctx, args[1:])
	var usage *UsageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, ErrHelp):
		fmt.Fprint(t.Stdout, t.Usage)
		return 0
	case errors.Is(err, ErrInterrupted):
		fmt.Fprintf(t.Stderr, "%s %s: %s\n", t.Name, args[0], OneLine(err.Error()))
		return ExitInterrupted
	case errors.As(err, &usage):
		fmt.Fprintf(t.Stderr, "%s %s: %s; run '%s -h' for usage\n", t.Name, args[0], OneLine(err.Error()), t.Name)
		return 1
	default:
		fmt.Fprintf(t.Stderr, "%s %s: %s\n", t.Name, args[0], OneLine(err.Error()))
		return 1
	}
}

// SignalContext returns a context canceled by the first SIGINT (Ctrl-C),
// for a tool's main; stop restores the default handling.
func SignalContext() (ctx context.Context, stop context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt)
}

// Quote writes user text into a message on one line, clipped to 40
// characters, in single quotes.
func Quote(s string) string {
	r := []rune(s)
	if len(r) > 40 {
		s = string(r[:40]) + "..."
	}
	q := fmt.Sprintf("%q", s)
	return "'" + strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`) + "'"
}

// OneLine keeps an error message on one line.
func OneLine(s string) string {
	return strings.NewReplacer("\n", " ", "\r", " ").Replace(s)
}
