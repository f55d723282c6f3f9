package fanoronamod

import (
	"errors"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/fanorona"
)

// fanoronaRefusal words an error of game/fanorona from its fields. err
// is the whole error, which tells a step of a whole turn (pathRefused).
func fanoronaRefusal(err error, fe *fanorona.Error) bot.RuleRefusal {
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
	var rr bot.RuleRefusal
	switch fe.Kind {
	case fanorona.ErrGameOver:
		rr = bot.RuleRefusal{Reason: "rule.over", Hint: "fhint.board"}
	case fanorona.ErrMalformed:
		rr = bot.RuleRefusal{Reason: "frule.malformed", Hint: "fhint.notation"}
	case fanorona.ErrOffBoard:
		pts = append(point(s.From), point(s.To)...)
		rr = bot.RuleRefusal{Reason: "frule.offboard", Hint: "fhint.to", Squares: pts}
	case fanorona.ErrNoPiece:
		rr = bot.RuleRefusal{Reason: "frule.nopiece", Hint: "fhint.from", Squares: point(s.From)}
	case fanorona.ErrNotYourPiece:
		rr = bot.RuleRefusal{Reason: "frule.notyours", Hint: "fhint.from", Squares: point(s.From)}
	case fanorona.ErrOccupied:
		rr = bot.RuleRefusal{Reason: "frule.occupied", Hint: "fhint.to", Squares: point(s.To)}
	case fanorona.ErrNotAlongLine:
		rr = bot.RuleRefusal{Reason: "frule.line", Hint: "fhint.to", Squares: step()}
	case fanorona.ErrCaptureCompulsory:
		rr = bot.RuleRefusal{Reason: "frule.compulsory", Hint: "fhint.capture", Squares: step()}
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
		rr = bot.RuleRefusal{Reason: "frule.letter", Hint: "fhint.letter", Squares: pts}
	case fanorona.ErrWrongLetter:
		rr = bot.RuleRefusal{Reason: "frule.wrongletter", Hint: "fhint.wrongletter", Squares: step()}
	case fanorona.ErrAfterPaika:
		rr = bot.RuleRefusal{Reason: "frule.afterpaika", Hint: "fhint.notation", Squares: step()}
	case fanorona.ErrNotCapturing:
		rr = bot.RuleRefusal{Reason: "frule.notcapturing", Hint: "fhint.sequence", Squares: step()}
	case fanorona.ErrOtherPiece:
		rr = bot.RuleRefusal{Reason: "frule.otherpiece", Hint: "fhint.sequence", Squares: point(fe.Point)}
	case fanorona.ErrSameDirection:
		rr = bot.RuleRefusal{Reason: "frule.samedir", Hint: "fhint.sequence", Squares: step()}
	case fanorona.ErrRevisit:
		rr = bot.RuleRefusal{Reason: "frule.revisit", Hint: "fhint.sequence", Squares: step()}
	case fanorona.ErrPhase:
		rr = bot.RuleRefusal{Reason: "frule.phase", Hint: "fhint.board", Squares: step()}
	case fanorona.ErrNoSequence:
		rr = bot.RuleRefusal{Reason: "frule.nosequence", Hint: "fhint.stop"}
	case fanorona.ErrInSequence:
		rr = bot.RuleRefusal{Reason: "frule.insequence", Hint: "fhint.sequence"}
	default:
		return bot.RuleRefusal{Reason: "rule.other"}
	}
	rr.Hint = pathHint(err, rr.Hint)
	return rr
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
