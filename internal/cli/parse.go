package cli

import (
	"errors"
	"flag"
	"io"
)

// Parse reads the options defined on fs from args, before, between or
// after the positional arguments, and returns the positional arguments in
// order. Everything after "--" is positional, and so is "-" (standard
// input). -h, -help and --help return ErrHelp; a bad option returns a
// *UsageError with the flag package's one-line reason. Parse silences fs's
// own output.
func Parse(fs *flag.FlagSet, args []string) ([]string, error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, ErrHelp
			}
			// The flag package quotes the argument as given: keep it on one line.
			return nil, &UsageError{Err: errors.New(OneLine(err.Error()))}
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}
