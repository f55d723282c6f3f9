package bot

import (
	"errors"
	"strings"

	"github.com/veletasbot/veletas/store"
)

// refusals words the store's and the game's errors for players: why the
// command was refused and what to do, as message keys of the catalogue
// (messages.go). The first match wins.
var refusals = []struct {
	err error
	key string
}{
	{store.ErrNoGame, "err.nogame"},
	{store.ErrNotPlayer, "err.notplayer"},
	{store.ErrNotYourTurn, "err.notyourturn"},
	{store.ErrStaleRevision, "err.stale"},
	{store.ErrChallengeExpired, "err.expired"},
	{store.ErrChallengeNotFound, "err.challengegone"},
	{store.ErrSelfChallenge, "err.self"},
	{store.ErrChannelBusy, "err.busy"},
	{store.ErrTooManyChallenges, "err.toomanychallenges"},
	{store.ErrChannelChallengesFull, "err.channelchallenges"},
	{store.ErrInvalid, "err.invalid"},
	{store.ErrNoTimeout, "err.notimeout"},
	{store.ErrCorrupt, "err.corrupt"},
	{store.ErrOtherKind, "err.otherkind"},
	{store.ErrNoDrawOffer, "draw.gone"},
}

// RuleRefusal is a refusal by a game's rules as the catalogue words it:
// the key of the reason, the details the engine's error carries, and the
// key of what to do. A module (Refusals) reads it from the fields of its
// engine's error, never from its English sentence.
type RuleRefusal struct {
	Reason string // message key of the rule broken: rule.occupied ...
	Hint   string // message key of what to do ("": none)
	// Squares are the squares, points or steps the refusal names, in
	// notation, in the order the reason names them.
	Squares []string
	// Detail, when not "", is a message key of other details, with Args
	// (an argument of type MsgKey is worded in the refusal's language):
	// the counts of a wrong setup, the kinds of action of a wrong phase.
	Detail string
	Args   []any
}

// Text is the refusal in the language of loc: "Not allowed: reason
// (details). Hint. Nothing was changed."
func (rr RuleRefusal) Text(loc string) string {
	reason := tr(loc, rr.Reason)
	if len(rr.Squares) > 0 {
		sq := make([]string, len(rr.Squares))
		for i, s := range rr.Squares {
			sq[i] = "`" + s + "`"
		}
		reason += tr(loc, "rule.squares", strings.Join(sq, tr(loc, "list.sep")))
	}
	if rr.Detail != "" {
		args := make([]any, len(rr.Args))
		for i, a := range rr.Args {
			if k, ok := a.(MsgKey); ok {
				a = tr(loc, string(k))
			}
			args[i] = a
		}
		reason += tr(loc, rr.Detail, args...)
	}
	text := tr(loc, "rule.notallowed", reason)
	if rr.Hint != "" {
		text += tr(loc, "sep.sentence") + tr(loc, rr.Hint)
	}
	return text + tr(loc, "sep.sentence") + tr(loc, "rule.nochange")
}

// MsgKey is an argument of a detail that is itself a message key, worded
// in the refusal's language.
type MsgKey string

// refusal turns an error into the ephemeral reply that says why and what
// to do, in the user's language. Errors that are not refusals are logged
// and reported as ours.
func (b *Bot) refusal(req Request, err error) Reply {
	r := b.refusalText(req, err)
	if r.Outcome == Answered {
		r.Outcome = Refused
	}
	return r
}

// refusalText is refusal's reply, failures marked Failing.
func (b *Bot) refusalText(req Request, err error) Reply {
	loc := req.Locale
	var ie *inputError
	if errors.As(err, &ie) {
		return Reply{Ephemeral: true, Text: ie.text(loc)}
	}
	for _, m := range b.registry.list {
		if m.refusals == nil {
			continue
		}
		if rr, ok := m.refusals.Refusal(err); ok {
			return Reply{Ephemeral: true, Text: rr.Text(loc)}
		}
	}
	if errors.Is(err, store.ErrStoreFault) {
		// Not the game's nor the player's: the operator's, told in the
		// log what is damaged and what to do.
		b.Logger.Error("bot: the store has a fault", "id", req.ID, "command", req.Command, "button", req.CustomID,
			"channel", req.Channel, "err", err)
		return Reply{Ephemeral: true, Text: tr(loc, "err.storefault"), Outcome: Failing}
	}
	if errors.Is(err, store.ErrUnavailable) {
		// The store did not answer before the request's deadline (or
		// the bot is shutting down): said as such, and logged for the
		// operator.
		b.Logger.Warn("bot: the store does not answer", "id", req.ID, "command", req.Command, "button", req.CustomID,
			"channel", req.Channel, "err", err)
		return Reply{Ephemeral: true, Text: tr(loc, "err.unavailable"), Outcome: Failing}
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return Reply{Ephemeral: true, Text: tr(loc, r.key)}
		}
	}
	b.Logger.Error("bot: command failed", "id", req.ID, "command", req.Command, "button", req.CustomID,
		"user", req.User.ID, "channel", req.Channel, "err", err)
	return Reply{Ephemeral: true, Text: tr(loc, "internal"), Outcome: Failing}
}
