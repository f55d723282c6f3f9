package bot

import (
	"fmt"
	"runtime/debug"
)

// Panics never take the bot down. Every path that runs work a user
// triggered recovers: Handle and Autocomplete (bot.go, autocomplete.go),
// the follow-ups of a reply (Later, After: guard below), the sweep
// (timelimits.go) and the computer's moves (aigames.go). The panic is
// logged with its stack at error level, and the user, where there is
// one, gets Failed. The front ends recover around their own work too.

// Failed is the ephemeral reply to a request that failed on the bot's
// side: something went wrong, nothing was changed, try again. The front
// ends send it when the handler they drive panics.
func Failed(locale string) Reply {
	return Reply{Ephemeral: true, Text: tr(locale, "internal"), Outcome: Failing}
}

// logPanic logs a recovered panic with its stack at error level.
func (b *Bot) logPanic(v any, where string, req Request) {
	b.Logger.Error("bot: panic "+where, "panic", fmt.Sprint(v), "id", req.ID, "command", req.Command,
		"button", req.CustomID, "user", req.User.ID, "channel", req.Channel, "stack", string(debug.Stack()))
}

// guard makes the follow-ups of r (and of its Next and Posts) recover
// from panics: Later returns an error instead, After logs.
func (b *Bot) guard(r *Reply, req Request) {
	if later := r.Later; later != nil {
		r.Later = func() (out Reply, err error) {
			defer func() {
				if v := recover(); v != nil {
					b.logPanic(v, "in a reply's follow-up", req)
					out, err = Reply{}, fmt.Errorf("bot: the follow-up panicked: %v", v)
				}
			}()
			return later()
		}
	}
	if after := r.After; after != nil {
		r.After = func() {
			defer func() {
				if v := recover(); v != nil {
					b.logPanic(v, "after a reply", req)
				}
			}()
			after()
		}
	}
	for i := range r.Posts {
		b.guard(&r.Posts[i].Reply, req)
	}
}
