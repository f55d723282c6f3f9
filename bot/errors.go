package bot

import (
	"errors"
	"regexp"
	"strings"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
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

// fanoronaRules is rules for the refusals of game/fanorona.
var fanoronaRules = []struct {
	err          error
	reason, hint string
}{
	{fanorona.ErrGameOver, "rule.over", "fhint.board"},
	{fanorona.ErrMalformed, "frule.malformed", "fhint.notation"},
	{fanorona.ErrOffBoard, "frule.offboard", "fhint.to"},
	{fanorona.ErrNoPiece, "frule.nopiece", "fhint.from"},
	{fanorona.ErrNotYourPiece, "frule.notyours", "fhint.from"},
	{fanorona.ErrOccupied, "frule.occupied", "fhint.to"},
	{fanorona.ErrNotAlongLine, "frule.line", "fhint.to"},
	{fanorona.ErrCaptureCompulsory, "frule.compulsory", "fhint.capture"},
	{fanorona.ErrMissingLetter, "frule.letter", "fhint.letter"},
	{fanorona.ErrWrongLetter, "frule.wrongletter", "fhint.wrongletter"},
	{fanorona.ErrAfterPaika, "frule.afterpaika", "fhint.notation"},
	{fanorona.ErrNotCapturing, "frule.notcapturing", "fhint.sequence"},
	{fanorona.ErrOtherPiece, "frule.otherpiece", "fhint.sequence"},
	{fanorona.ErrSameDirection, "frule.samedir", "fhint.sequence"},
	{fanorona.ErrRevisit, "frule.revisit", "fhint.sequence"},
	{fanorona.ErrPhase, "frule.phase", "fhint.board"},
	{fanorona.ErrNoSequence, "frule.nosequence", "fhint.stop"},
	{fanorona.ErrInSequence, "frule.insequence", "fhint.sequence"},
}

// rules names each refusal of the rules engine (the reason, for the
// languages other than English, which shows the engine's own sentence)
// and says what to do.
var rules = []struct {
	err          error
	reason, hint string
}{
	{veletas.ErrGameOver, "rule.over", "hint.over"},
	{veletas.ErrWrongPhase, "rule.phase", "hint.phase"},
	{veletas.ErrSetupCount, "rule.count", "hint.count"},
	{veletas.ErrAdjacentShooter, "rule.adjacent", "hint.adjacent"},
	{veletas.ErrOccupied, "rule.occupied", "hint.occupied"},
	{veletas.ErrBlocked, "rule.blocked", "hint.blocked"},
	{veletas.ErrNotQueenLine, "rule.queen", "hint.queen"},
	{veletas.ErrNotShooter, "rule.notshooter", "hint.shooter"},
	{veletas.ErrClaimedShooter, "rule.claimed", "hint.shooter"},
	{veletas.ErrOffBoard, "rule.offboard", "hint.offboard"},
}

// refusal turns an error into the ephemeral reply that says why and what
// to do, in the user's language. Errors that are not refusals are logged
// and reported as ours.
func (b *Bot) refusal(req Request, err error) Reply {
	loc := req.Locale
	var ie *inputError
	if errors.As(err, &ie) {
		return Reply{Ephemeral: true, Text: ie.text(loc)}
	}
	var ge *veletas.Error
	if errors.As(err, &ge) {
		reason, hint := ge.Msg, ""
		if lang(loc) != "en" {
			reason = tr(loc, "rule.other") + ruleDetails(loc, ge)
		}
		for _, r := range rules {
			if errors.Is(err, r.err) {
				if lang(loc) != "en" {
					reason = tr(loc, r.reason) + ruleDetails(loc, ge)
				}
				hint = tr(loc, "sep.sentence") + tr(loc, r.hint)
				break
			}
		}
		return Reply{Ephemeral: true, Text: tr(loc, "rule.notallowed", reason) + hint + tr(loc, "sep.sentence") + tr(loc, "rule.nochange")}
	}
	var fe *fanorona.Error
	if errors.As(err, &fe) {
		reason, hint := fe.Msg, ""
		if lang(loc) != "en" {
			reason = tr(loc, "rule.other")
		}
		for _, r := range fanoronaRules {
			if errors.Is(err, r.err) {
				if lang(loc) != "en" {
					reason = tr(loc, r.reason)
				}
				hint = tr(loc, "sep.sentence") + tr(loc, pathHint(err, r.hint))
				break
			}
		}
		return Reply{Ephemeral: true, Text: tr(loc, "rule.notallowed", reason) + hint + tr(loc, "sep.sentence") + tr(loc, "rule.nochange")}
	}
	if errors.Is(err, store.ErrStoreFault) {
		// Not the game's nor the player's: the operator's, told in the
		// log what is damaged and what to do.
		b.Logger.Error("bot: the store has a fault", "id", req.ID, "command", req.Command, "button", req.CustomID,
			"channel", req.Channel, "err", err)
		return Reply{Ephemeral: true, Text: tr(loc, "err.storefault")}
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return Reply{Ephemeral: true, Text: tr(loc, r.key)}
		}
	}
	b.Logger.Error("bot: command failed", "id", req.ID, "command", req.Command, "button", req.CustomID,
		"user", req.User.ID, "channel", req.Channel, "err", err)
	return Reply{Ephemeral: true, Text: tr(loc, "internal")}
}

// pathHint is the hint of a refused step, or, when the step was part of
// a whole turn refused (pathRefused) while no sequence is under way, the
// hint of a whole turn: nothing of it was played, so there is no
// sequence to continue or stop.
func pathHint(err error, hint string) string {
	var pr pathRefused
	if hint == "fhint.sequence" && errors.As(err, &pr) && !errors.Is(err, fanorona.ErrInSequence) {
		return "fhint.path"
	}
	return hint
}

var squareRE = regexp.MustCompile(`\b[a-j](?:10|[1-9])\b`)

// ruleDetails keeps, in the languages other than English, the details the
// engine's English sentence gives: the squares it names, in its order
// (`d4`, `d7`, `e5`), or the numbers of shooters to place and placed,
// which the error carries (veletas.Error's Wanted and Placed).
func ruleDetails(loc string, ge *veletas.Error) string {
	if errors.Is(ge, veletas.ErrSetupCount) {
		if ge.Wanted == 0 {
			return tr(loc, "rule.countmax", ge.Placed)
		}
		return tr(loc, "rule.countdetail", ge.Wanted, ge.Placed)
	}
	sq := squareRE.FindAllString(ge.Msg, 8)
	if len(sq) == 0 {
		return ""
	}
	for i, s := range sq {
		sq[i] = "`" + s + "`"
	}
	return tr(loc, "rule.squares", strings.Join(sq, tr(loc, "list.sep")))
}
