package bot

import (
	"errors"
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

// ruleRefusal is a refusal by a game's rules as the catalogue words it:
// the key of the reason, the details the engine's error carries, and the
// key of what to do. It is read from the fields of the engine's error,
// never from its English sentence.
type ruleRefusal struct {
	reason string // message key of the rule broken: rule.occupied, frule.revisit
	hint   string // message key of what to do ("": none)
	// squares are the squares, points or steps the refusal names, in
	// notation, in the order the reason names them.
	squares []string
	// detail, when not "", is a message key of other details, with args:
	// the counts of a wrong setup (rule.countdetail), the kinds of action
	// of a wrong phase (rule.phasedetail).
	detail string
	args   []any
}

// text is the refusal in the language of loc: "Not allowed: reason
// (details). Hint. Nothing was changed."
func (rr ruleRefusal) text(loc string) string {
	reason := tr(loc, rr.reason)
	if len(rr.squares) > 0 {
		sq := make([]string, len(rr.squares))
		for i, s := range rr.squares {
			sq[i] = "`" + s + "`"
		}
		reason += tr(loc, "rule.squares", strings.Join(sq, tr(loc, "list.sep")))
	}
	if rr.detail != "" {
		args := make([]any, len(rr.args))
		for i, a := range rr.args {
			if k, ok := a.(msgKey); ok {
				a = tr(loc, string(k))
			}
			args[i] = a
		}
		reason += tr(loc, rr.detail, args...)
	}
	text := tr(loc, "rule.notallowed", reason)
	if rr.hint != "" {
		text += tr(loc, "sep.sentence") + tr(loc, rr.hint)
	}
	return text + tr(loc, "sep.sentence") + tr(loc, "rule.nochange")
}

// msgKey is an argument of a detail that is itself a message key, worded
// in the refusal's language.
type msgKey string

// veletasRefusal words an error of game/veletas from its fields.
func veletasRefusal(ge *veletas.Error) ruleRefusal {
	var sq []string
	add := func(squares ...veletas.Square) {
		for _, s := range squares {
			if s != veletas.NoSquare {
				sq = append(sq, s.String())
			}
		}
	}
	switch ge.Kind {
	case veletas.ErrGameOver:
		return ruleRefusal{reason: "rule.over", hint: "hint.over"}
	case veletas.ErrWrongPhase:
		return ruleRefusal{reason: "rule.phase", hint: "hint.phase", detail: "rule.phasedetail",
			args: []any{actionKindKey(ge.Expected), actionKindKey(ge.Got)}}
	case veletas.ErrSetupCount:
		if ge.Wanted == 0 {
			return ruleRefusal{reason: "rule.count", hint: "hint.count", detail: "rule.countmax", args: []any{ge.Placed}}
		}
		return ruleRefusal{reason: "rule.count", hint: "hint.count", detail: "rule.countdetail", args: []any{ge.Wanted, ge.Placed}}
	case veletas.ErrAdjacentShooter:
		add(ge.Square, ge.Near)
		return ruleRefusal{reason: "rule.adjacent", hint: "hint.adjacent", squares: sq}
	case veletas.ErrPerimeterShooter:
		add(ge.Square)
		return ruleRefusal{reason: "rule.edge", hint: "hint.edge", squares: sq}
	case veletas.ErrOccupied:
		add(ge.Square)
		if ge.Twice {
			return ruleRefusal{reason: "rule.twice", hint: "hint.occupied", squares: sq}
		}
		return ruleRefusal{reason: "rule.occupied", hint: "hint.occupied", squares: sq}
	case veletas.ErrBlocked:
		add(ge.From, ge.To, ge.Square)
		if ge.Stone {
			return ruleRefusal{reason: "rule.blockedstone", hint: "hint.blocked", squares: sq}
		}
		return ruleRefusal{reason: "rule.blocked", hint: "hint.blocked", squares: sq}
	case veletas.ErrNotQueenLine:
		add(ge.From, ge.To)
		return ruleRefusal{reason: "rule.queen", hint: "hint.queen", squares: sq}
	case veletas.ErrNotShooter:
		add(ge.Square)
		return ruleRefusal{reason: "rule.notshooter", hint: "hint.shooter", squares: sq}
	case veletas.ErrClaimedShooter:
		add(ge.Square)
		return ruleRefusal{reason: "rule.claimed", hint: "hint.shooter", squares: sq}
	case veletas.ErrOffBoard:
		add(ge.Square)
		return ruleRefusal{reason: "rule.offboard", hint: "hint.offboard", squares: sq}
	}
	return ruleRefusal{reason: "rule.other"}
}

// actionKindKey is the message key naming a kind of Veletas action.
func actionKindKey(k veletas.Kind) msgKey {
	switch k {
	case veletas.KindSetup:
		return "kind.setup"
	case veletas.KindChoice:
		return "kind.choice"
	}
	return "kind.turn"
}

// fanoronaRefusal words an error of game/fanorona from its fields. err
// is the whole error, which tells a step of a whole turn (pathRefused).
func fanoronaRefusal(err error, fe *fanorona.Error) ruleRefusal {
	s := fe.Step
	var pts []string
	step := func() []string { // the step as written, when it names two points
		if s.From.Valid() && s.To.Valid() {
			return []string{s.String()}
		}
		return nil
	}
	point := func(p fanorona.Point) []string {
		if p.Valid() {
			return []string{p.String()}
		}
		return nil
	}
	var rr ruleRefusal
	switch fe.Kind {
	case fanorona.ErrGameOver:
		rr = ruleRefusal{reason: "rule.over", hint: "fhint.board"}
	case fanorona.ErrMalformed:
		rr = ruleRefusal{reason: "frule.malformed", hint: "fhint.notation"}
	case fanorona.ErrOffBoard:
		pts = append(point(s.From), point(s.To)...)
		rr = ruleRefusal{reason: "frule.offboard", hint: "fhint.to", squares: pts}
	case fanorona.ErrNoPiece:
		rr = ruleRefusal{reason: "frule.nopiece", hint: "fhint.from", squares: point(s.From)}
	case fanorona.ErrNotYourPiece:
		rr = ruleRefusal{reason: "frule.notyours", hint: "fhint.from", squares: point(s.From)}
	case fanorona.ErrOccupied:
		rr = ruleRefusal{reason: "frule.occupied", hint: "fhint.to", squares: point(s.To)}
	case fanorona.ErrNotAlongLine:
		rr = ruleRefusal{reason: "frule.line", hint: "fhint.to", squares: step()}
	case fanorona.ErrCaptureCompulsory:
		rr = ruleRefusal{reason: "frule.compulsory", hint: "fhint.capture", squares: step()}
	case fanorona.ErrMissingLetter:
		// The step written with each letter that captures.
		for _, c := range []struct {
			ok  bool
			how fanorona.Capture
		}{{fe.ByApproach, fanorona.Approach}, {fe.ByWithdrawal, fanorona.Withdrawal}} {
			if c.ok && s.From.Valid() && s.To.Valid() {
				pts = append(pts, fanorona.Step{From: s.From, To: s.To, Capture: c.how}.String())
			}
		}
		rr = ruleRefusal{reason: "frule.letter", hint: "fhint.letter", squares: pts}
	case fanorona.ErrWrongLetter:
		rr = ruleRefusal{reason: "frule.wrongletter", hint: "fhint.wrongletter", squares: step()}
	case fanorona.ErrAfterPaika:
		rr = ruleRefusal{reason: "frule.afterpaika", hint: "fhint.notation", squares: step()}
	case fanorona.ErrNotCapturing:
		rr = ruleRefusal{reason: "frule.notcapturing", hint: "fhint.sequence", squares: step()}
	case fanorona.ErrOtherPiece:
		rr = ruleRefusal{reason: "frule.otherpiece", hint: "fhint.sequence", squares: point(fe.Point)}
	case fanorona.ErrSameDirection:
		rr = ruleRefusal{reason: "frule.samedir", hint: "fhint.sequence", squares: step()}
	case fanorona.ErrRevisit:
		rr = ruleRefusal{reason: "frule.revisit", hint: "fhint.sequence", squares: step()}
	case fanorona.ErrPhase:
		rr = ruleRefusal{reason: "frule.phase", hint: "fhint.board", squares: step()}
	case fanorona.ErrNoSequence:
		rr = ruleRefusal{reason: "frule.nosequence", hint: "fhint.stop"}
	case fanorona.ErrInSequence:
		rr = ruleRefusal{reason: "frule.insequence", hint: "fhint.sequence"}
	default:
		return ruleRefusal{reason: "rule.other"}
	}
	rr.hint = pathHint(err, rr.hint)
	return rr
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
		return Reply{Ephemeral: true, Text: veletasRefusal(ge).text(loc)}
	}
	var fe *fanorona.Error
	if errors.As(err, &fe) {
		return Reply{Ephemeral: true, Text: fanoronaRefusal(err, fe).text(loc)}
	}
	if errors.Is(err, store.ErrStoreFault) {
		// Not the game's nor the player's: the operator's, told in the
		// log what is damaged and what to do.
		b.Logger.Error("bot: the store has a fault", "id", req.ID, "command", req.Command, "button", req.CustomID,
			"channel", req.Channel, "err", err)
		return Reply{Ephemeral: true, Text: tr(loc, "err.storefault")}
	}
	if errors.Is(err, store.ErrUnavailable) {
		// The store did not answer before the request's deadline (or
		// the bot is shutting down): said as such, and logged for the
		// operator.
		b.Logger.Warn("bot: the store does not answer", "id", req.ID, "command", req.Command, "button", req.CustomID,
			"channel", req.Channel, "err", err)
		return Reply{Ephemeral: true, Text: tr(loc, "err.unavailable")}
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
