package bot

import (
	"context"
	"strconv"

	"github.com/veletasbot/veletas/store"
)

// The web board inside Discord, as an Activity (package web): with
// Config.Activity, a game's card has a "Play on the board" button whose
// press answers with LAUNCH_ACTIVITY (Reply.LaunchActivity), which opens
// the app's Activity in the card's channel for the user who pressed; the
// Activity finds the channel's game itself (never by its instance, which
// Discord shares per channel and ends when everyone leaves). The app's
// entry point command (bot/discord) launches it too, without the bot.

// btnActivity launches the Activity.
const btnActivity = "activity"

// activityButton adds to a card the button that launches the Activity,
// when Config.Activity is on and the row has room.
func (b *Bot) activityButton(loc string, r *Reply, g store.Game) {
	if !b.cfg.Activity || len(r.Buttons) >= maxButtons {
		return
	}
	r.Buttons = append(r.Buttons, Button{Label: tr(loc, "button.activity"), Style: Secondary,
		CustomID: gameButton(g.Kind, btnActivity, strconv.FormatUint(g.ID, 10), 0)})
}

// launchActivity answers the press of "Play on the board": the front end
// launches the Activity (Discord's response type 12); one that cannot
// (a deferred answer, the console) shows Text instead. A button left
// from before the Activity was turned off is refused.
func (b *Bot) launchActivity(_ context.Context, req Request, _ ButtonID) (Reply, error) {
	if !b.cfg.Activity {
		return Reply{}, refuse("activity.off")
	}
	return Reply{LaunchActivity: true, Ephemeral: true, Text: tr(req.Locale, "activity.launch")}, nil
}
