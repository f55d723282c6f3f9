package cli

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// Format is an image format a tool writes.
type Format int

// The image formats, picked from the output file's extension.
const (
	PNG Format = iota
	GIF
)

// ErrImageExtension is the wrapped error of an output file whose extension
// names no accepted format.
var ErrImageExtension = errors.New("not an image format this tool writes")

// ImageFormat returns the format of the output file out from its
// extension, which must be one of accepted (".png", ".gif"; any case).
// Standard output ("-") has no extension: it gets accepted[0]'s format.
// Any other extension is refused with an error saying which are accepted.
func ImageFormat(out string, accepted ...string) (Format, error) {
	ext := strings.ToLower(filepath.Ext(out))
	if out == "-" {
		ext = accepted[0]
	}
	for _, a := range accepted {
		if ext == a {
			if a == ".gif" {
				return GIF, nil
			}
			return PNG, nil
		}
	}
	names := make([]string, len(accepted))
	for i, a := range accepted {
		names[i] = "FILE" + a
	}
	what := "no extension is"
	if ext != "" {
		what = "the extension " + Quote(ext) + " is"
	}
	return 0, &UsageError{Err: fmt.Errorf("output %s: %s %w: name it %s (or - for standard output)", Quote(out), what, ErrImageExtension, strings.Join(names, " or "))}
}
