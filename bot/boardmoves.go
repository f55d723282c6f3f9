package bot

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// Moves made on the web board. A player signed in to a game's page picks
// an action there with the same steps as the picker (game.Pickable.Pick,
// asked by the page), and the page sends the action at the revision it
// was picked on. BoardMover applies it exactly as the picker's Confirm
// does (applyPicked: store.DB.Act at that revision, Pickable.Act, the
// same refusals and time limits as a typed command), then posts the same
// card a typed move gives to the game's channel (or thread) through a
// Sender, as the AI's actions are posted, and starts the AI when it is
// to act. The web server tells the pages of the change through the
// store's watcher (Config.Watcher), whoever made it.

// BoardMove is an action picked on the web board.
type BoardMove struct {
	Game           uint64 // the game's ID
	Guild, Channel string // where it is played, as the store names them
	User           string // the player acting
	Rev            int    // the revision the action was picked on
	Action         string // a game.Step.Action of the game's picker
}

// BoardMover applies the web board's moves and words their refusals (see
// above). Bot.BoardMover makes one.
type BoardMover struct {
	b    *Bot
	send Sender
}

// BoardMover returns the mover of the web board's actions, posting the
// cards through send.
func (b *Bot) BoardMover(send Sender) *BoardMover { return &BoardMover{b: b, send: send} }

// ErrNotPickable is returned by BoardMover.Act for a game whose rules have
// no picker.
var ErrNotPickable = errors.New("bot: the game cannot be played by pointing")

// Act applies m and posts the game's new card; it returns the revision
// after it. A game that is not the channel's active one or whose revision
// is not m.Rev is store.ErrStaleRevision; a user who does not play it
// store.ErrNotPlayer, one who is not to act store.ErrNotYourTurn; an
// action the rules refuse is the rules' error: each changes nothing. A
// failed post is logged: the action stays played.
func (bm *BoardMover) Act(ctx context.Context, m BoardMove) (int, error) {
	b := bm.b
	g, err := b.Store.ActiveGame(ctx, m.Guild, m.Channel)
	switch {
	case errors.Is(err, store.ErrNoGame):
		return 0, fmt.Errorf("%w: game %d is over", store.ErrStaleRevision, m.Game)
	case err != nil:
		return 0, err
	case g.ID != m.Game || g.Revision != m.Rev:
		return 0, fmt.Errorf("%w: game %d is at revision %d, the action was picked at %d", store.ErrStaleRevision, m.Game, g.Revision, m.Rev)
	}
	if _, ok := g.Seat(m.User); !ok {
		return 0, fmt.Errorf("%w: %s in game %d", store.ErrNotPlayer, m.User, g.ID)
	}
	if g.ToAct() != m.User {
		return 0, fmt.Errorf("%w: game %d", store.ErrNotYourTurn, g.ID)
	}
	p, ok := pickable(g)
	if !ok {
		return 0, ErrNotPickable
	}
	loc := "" // the server's language, as for the AI's cards
	if set, err := b.Store.Settings(ctx, g.Guild); err == nil {
		loc = set.Locale
	}
	after, view, err := b.applyPicked(ctx, withGame(loc, g.Kind), g, p, m.User, m.Action)
	if err != nil {
		return 0, err
	}
	channel := after.Channel
	if after.Thread != "" {
		channel = after.Thread
	}
	if bm.send != nil {
		// The replay of a game that ended waits for no one: the player is
		// answered once the card is out (afterwork.go).
		later := view.Later
		view.Later = nil
		pctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PostTimeout)
		defer cancel()
		if err := b.sendSafely(pctx, bm.send, Post{Channel: channel, Reply: view}); err != nil {
			b.Logger.Warn("bot: posting a move of the web board failed", "game", after.ID, "channel", channel, "err", err)
		}
		if later != nil {
			send := bm.send
			b.after.push(func(ctx context.Context) {
				if err := b.sendSafely(ctx, send, Post{Channel: channel, Reply: Reply{Later: later}}); err != nil {
					b.Logger.Warn("bot: posting the replay of a game ended on the web board failed", "game", after.ID, "channel", channel, "err", err)
				}
			})
		}
	}
	b.aiTurn(after)
	return after.Revision, nil
}

// Refusal words err, returned by Act or by the web board's own checks
// about a game of kind, for user in the language of locale (a language tag, "fr", "ja-JP"; ""
// for the user's Discord language as last seen): refused is false for a
// failure that is not the user's (the text then says so).
func (bm *BoardMover) Refusal(ctx context.Context, err error, kind game.Kind, user, locale string) (text string, refused bool) {
	b := bm.b
	if locale == "" {
		ctx, cancel := context.WithTimeout(ctx, time.Second)
		defer cancel()
		if us, uerr := b.Store.UserSettings(ctx, user); uerr == nil {
			locale = us.Locale
		}
	}
	locale = lang(locale)
	if moduleOf(kind) != nil {
		locale = withGame(locale, kind)
	}
	switch {
	case errors.Is(err, store.ErrStaleRevision):
		return tr(locale, "web.stale"), true
	case errors.Is(err, game.ErrBadChoice) || errors.Is(err, game.ErrNothingToPick):
		return tr(locale, "web.badchoice"), true
	case errors.Is(err, ErrNotPickable):
		return tr(locale, "web.notpickable"), true
	}
	r := b.refusalText(Request{ID: "web", User: User{ID: user}, Locale: locale}, err)
	return r.Text, r.Outcome != Failing
}
