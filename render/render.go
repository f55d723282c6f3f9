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

// ErrNoFrames is wrapped by EncodeReplay's and EncodeReplayOn's error
// for a replay of no frame: a GIF shows one at least.
var ErrNoFrames = errors.New("a replay of no frame")
