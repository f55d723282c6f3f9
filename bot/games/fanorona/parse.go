package fanoronamod

import (
	"strings"

	"github.com/veletasbot/veletas/bot"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/store"
)

// Reading `/fanorona move`'s options, and suggesting them as they are
// typed. The form is checked here; the rules are the store's (through
// game/fanorona), whose refusals errors.go words for players.

// fanoronaMove is what a `/fanorona move` names: a whole turn, or one
// step.
type fanoronaMoveOpts struct {
	Whole bool
	Turn  fanorona.Turn
	Step  fanorona.Step
}

// parseFanoronaMove reads the options of `/fanorona move` in position pos:
// path (a whole turn in the notation), or to with from (from is implied
// while a capture sequence is under way, and must name the moving piece
// if given) and capture (approach or withdrawal; when left out, the one
// way the step captures, if it captures one way only).
func parseFanoronaMove(pos fanorona.Position, opts map[string]string) (fanoronaMoveOpts, error) {
	path := strings.TrimSpace(opts["path"])
	from, to, capture := strings.TrimSpace(opts["from"]), strings.TrimSpace(opts["to"]), strings.TrimSpace(opts["capture"])
	if path != "" {
		if from != "" || to != "" || capture != "" {
			return fanoronaMoveOpts{}, bot.Refuse("fmove.both")
		}
		t, err := fanorona.ParseTurn(path)
		if err != nil || len(path) > bot.MaxOptionLen {
			return fanoronaMoveOpts{}, bot.Refuse("fmove.badpath", bot.Quote(path))
		}
		return fanoronaMoveOpts{Whole: true, Turn: fillLetters(pos, t)}, nil
	}
	if to == "" {
		if pos.InSequence() {
			return fanoronaMoveOpts{}, bot.Refuse("fmove.needto.seq")
		}
		return fanoronaMoveOpts{}, bot.Refuse("fmove.need")
	}
	q, err := parsePoint("to", to)
	if err != nil {
		return fanoronaMoveOpts{}, err
	}
	var p fanorona.Point
	if moving, ok := pos.MovingPiece(); ok && pos.InSequence() {
		p = moving
		if from != "" {
			f, err := parsePoint("from", from)
			if err != nil {
				return fanoronaMoveOpts{}, err
			}
			if f != moving {
				return fanoronaMoveOpts{}, bot.Refuse("fmove.otherpiece", "`"+moving.String()+"`", "`"+f.String()+"`")
			}
		}
	} else {
		if from == "" {
			return fanoronaMoveOpts{}, bot.Refuse("fmove.needfrom")
		}
		if p, err = parsePoint("from", from); err != nil {
			return fanoronaMoveOpts{}, err
		}
	}
	s := fanorona.Step{From: p, To: q}
	switch strings.ToLower(capture) {
	case "":
		// The one way the step captures, when it captures one way only;
		// else the step as typed (a paika, or a step the rules refuse
		// with their reason).
		var ways []fanorona.Capture
		for _, l := range pos.Steps(nil) {
			if l.From == p && l.To == q && l.Capture != fanorona.NoCapture {
				ways = append(ways, l.Capture)
			}
		}
		switch len(ways) {
		case 1:
			s.Capture = ways[0]
		case 2:
			return fanoronaMoveOpts{}, bot.Refuse("fmove.which", "`"+s.String()+"`")
		}
	case "approach", "a":
		s.Capture = fanorona.Approach
	case "withdrawal", "w":
		s.Capture = fanorona.Withdrawal
	default:
		return fanoronaMoveOpts{}, bot.Refuse("fmove.badcapture", bot.Quote(capture))
	}
	return fanoronaMoveOpts{Step: s}, nil
}

// fillLetters gives each step of t written without a capture letter the
// one way it captures in pos, when it captures one way only, as the step
// form's capture option may be left out. Steps that capture both ways, or
// do not chain legally, are kept as typed: the rules then refuse the turn
// with their reason (the letter is missing, or the step is illegal).
func fillLetters(pos fanorona.Position, t fanorona.Turn) fanorona.Turn {
	steps := make([]fanorona.Step, t.Len())
	for i := range steps {
		s := t.Step(i)
		if s.Capture == fanorona.NoCapture {
			var ways []fanorona.Capture
			for _, l := range pos.Steps(nil) {
				if l.From == s.From && l.To == s.To && l.Capture != fanorona.NoCapture {
					ways = append(ways, l.Capture)
				}
			}
			if len(ways) == 1 {
				s.Capture = ways[0]
			}
		}
		steps[i] = s
		next, err := pos.Step(s)
		if err != nil {
			return t
		}
		pos = next
	}
	if filled, ok := fanorona.NewTurn(steps...); ok {
		return filled
	}
	return t
}

// parsePoint reads one point option, such as "e3" (any case).
func parsePoint(opt, text string) (fanorona.Point, error) {
	t := strings.TrimSpace(text)
	if len(t) > 4 {
		return fanorona.NoPoint, bot.Refuse("fpoint.bad", bot.Quote(t))
	}
	p, err := fanorona.ParsePoint(t)
	if err != nil {
		return fanorona.NoPoint, bot.Refuse("fpoint.bad", bot.Quote(t))
	}
	return p, nil
}

// fanoronaCompleters suggest only legal choices, at most MaxChoices:
// whole turns for path (those that start with what is typed), the pieces
// that can act for from (none while a sequence is under way: from is
// implied), their destinations for to, and the ways the chosen step
// captures for capture.
var fanoronaCompleters = map[string]bot.Completer{
	"move/path":    completePath,
	"move/from":    completeFrom,
	"move/to":      completeFanoronaTo,
	"move/capture": completeCapture,
}

func fanoronaPos(g store.Game) (fanorona.Position, bool) {
	if g.Kind != kindFanorona {
		return fanorona.Position{}, false
	}
	return fmatch(g).Position(), true
}

func completePath(g store.Game, opts map[string]string, typed string) []bot.Choice {
	pos, ok := fanoronaPos(g)
	if !ok || pos.InSequence() {
		return nil
	}
	turns, lower := fanoronaPaths.turns(g, pos)
	return pathChoices(turns, lower, typed)
}

// stepsFrom lists the legal steps of the moment, only those of the piece
// named by the from option when it is typed (or moving).
func stepsFrom(pos fanorona.Position, opts map[string]string) []fanorona.Step {
	steps := pos.Steps(nil)
	from := fanorona.NoPoint
	if p, ok := pos.MovingPiece(); ok && pos.InSequence() {
		from = p
	} else if f := strings.TrimSpace(opts["from"]); f != "" {
		p, err := parsePoint("from", f)
		if err != nil {
			return nil
		}
		from = p
	}
	if from == fanorona.NoPoint {
		return steps
	}
	var out []fanorona.Step
	for _, s := range steps {
		if s.From == from {
			out = append(out, s)
		}
	}
	return out
}

// pointChoices lists distinct points whose name starts with typed.
func pointChoices(points []fanorona.Point, typed string) []bot.Choice {
	typed = strings.ToLower(strings.TrimSpace(typed))
	seen := map[fanorona.Point]bool{}
	var out []bot.Choice
	for _, p := range points {
		name := p.String()
		if seen[p] || !strings.HasPrefix(name, typed) {
			continue
		}
		seen[p] = true
		out = append(out, bot.Choice{Name: name, Value: name})
		if len(out) == bot.MaxChoices {
			break
		}
	}
	return out
}

func completeFrom(g store.Game, opts map[string]string, typed string) []bot.Choice {
	pos, ok := fanoronaPos(g)
	if !ok || pos.InSequence() {
		return nil
	}
	var pts []fanorona.Point
	for _, s := range pos.Steps(nil) {
		pts = append(pts, s.From)
	}
	return pointChoices(pts, typed)
}

func completeFanoronaTo(g store.Game, opts map[string]string, typed string) []bot.Choice {
	pos, ok := fanoronaPos(g)
	if !ok {
		return nil
	}
	var pts []fanorona.Point
	for _, s := range stepsFrom(pos, opts) {
		pts = append(pts, s.To)
	}
	return pointChoices(pts, typed)
}

func completeCapture(g store.Game, opts map[string]string, typed string) []bot.Choice {
	pos, ok := fanoronaPos(g)
	if !ok {
		return nil
	}
	to, err := parsePoint("to", opts["to"])
	if err != nil {
		return nil
	}
	typed = strings.ToLower(strings.TrimSpace(typed))
	var out []bot.Choice
	for _, s := range stepsFrom(pos, opts) {
		if s.To != to || s.Capture == fanorona.NoCapture {
			continue
		}
		name := s.Capture.String()
		if strings.HasPrefix(name, typed) {
			out = append(out, bot.Choice{Name: name, Value: name})
		}
	}
	return out
}
