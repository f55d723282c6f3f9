package render

import "errors"

// ErrBadWidth is wrapped by a drawer's New's error for a width outside
// MinWidth..MaxWidth.
var ErrBadWidth = errors.New("image width out of range")

// Options configure a drawer: every game's New takes them.
type Options struct {
	Theme Theme
	// Width of the image in pixels; 0 means DefaultWidth.
	Width int
}
