package bot

import (
	"time"
)

// A server's settings (a module's settings subcommand changes them): its
// default time per move, its default terms of the games' challenges, the
// language of the bot's own notices and the theme of its boards.

// defaultMoveTime is the time per move of a server that has not chosen
// one.
const defaultMoveTime = 3 * 24 * time.Hour
