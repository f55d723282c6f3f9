package bot

import (
	"time"
)

// /veletas settings: a server's default time per move, the default rules
// of its challenges (classic or revised) and the language of the bot's own
// notices (reminders, time-outs, the AI's moves). Anyone may
// look; changing them takes the Manage Server permission.

// defaultMoveTime is the time per move of a server that has not chosen
// one.
const defaultMoveTime = 3 * 24 * time.Hour
