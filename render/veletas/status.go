package veletas

import (
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
)

// status is what the strip above the board says.
type status struct {
	icon  veletas.Color // the stone drawn before the headline
	head  string        // "Black to move", "White to choose sides", "Black wins"
	score string        // "Black 2 - White 1 of 7", or "Setup: place 2 of 3 shooters"
	need  string        // "4 to win", right-aligned
	token string        // the last action, as written in the notation
	// caption is a third line: the shooters the last action claimed,
	// "Black claims c7", in the colour of their frames.
	caption string
	won     bool
}

// claimCaption says who claimed which of the shooters claimed (claimed
// by the last action, standing in p), Black's first: "Black claims c7,
// d3 · White claims f6"; "" for none. When fits refuses that, it drops
// the verb: "Black c7, d3 · White f6".
func claimCaption(p veletas.Position, claimed veletas.Bits, lang string, fits func(string) bool) string {
	w := wordsFor(lang)
	var full, short []string
	for _, c := range []veletas.Color{veletas.Black, veletas.White} {
		var sqs []string
		for _, sq := range claimed.And(p.ClaimedBy(c)).Squares() {
			sqs = append(sqs, sq.String())
		}
		if len(sqs) > 0 {
			list := strings.Join(sqs, ", ")
			full = append(full, render.Fill(w.claims, map[byte]string{'c': colorWord(w, c), 's': list}))
			short = append(short, colorWord(w, c)+" "+list)
		}
	}
	if s := strings.Join(full, " · "); fits == nil || fits(s) {
		return s
	}
	return strings.Join(short, " · ")
}

func colorWord(w words, c veletas.Color) string {
	if c == veletas.White {
		return w.white
	}
	return w.black
}

// statusOf is the strip of a position in a language. The setup's subtitle
// counts the shooters the player to act places (the first player's share,
// then the rest), and, during the side choice, those placed.
func statusOf(p veletas.Position, last veletas.Action, lang string) status {
	w := wordsFor(lang)
	size := p.Size()
	k, need := size.Shooters(), size.Majority()
	s := status{icon: p.ToMove()}
	switch {
	case last.Kind == veletas.KindChoice && last.Swap:
		s.token = w.swap
	case last.Kind == veletas.KindChoice:
		s.token = w.keep
	case last.Kind != 0:
		s.token = last.String()
	}
	col := map[byte]string{'c': colorWord(w, p.ToMove())}
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		s.head = render.Fill(w.toPlace, col)
	case veletas.PhaseChoice:
		s.head = render.Fill(w.toChoose, col)
	case veletas.PhasePlay:
		s.head = render.Fill(w.toMove, col)
	case veletas.PhaseOver:
		s.icon = p.Winner()
		s.head = render.Fill(w.wins, map[byte]string{'c': colorWord(w, p.Winner())})
		s.won = true
	}
	first := size.FirstShooters()
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		n := first
		if p.Phase() == veletas.PhaseSetup2 {
			n = k - first
		}
		pat := w.place
		if n == 1 {
			pat = w.placeOne
		}
		s.score = render.Fill(pat, map[byte]string{'p': num(n), 'n': num(k)})
		s.need = render.Fill(w.need, map[byte]string{'n': num(need)})
	case veletas.PhaseChoice:
		s.score = render.Fill(w.placed, map[byte]string{'p': num(first), 'n': num(k)})
		s.need = render.Fill(w.need, map[byte]string{'n': num(need)})
	default:
		s.score = render.Fill(w.score, map[byte]string{'b': num(p.Claims(veletas.Black)), 'w': num(p.Claims(veletas.White)), 'n': num(k)})
		if p.Phase() != veletas.PhaseOver {
			s.need = render.Fill(w.need, map[byte]string{'n': num(need)})
		}
	}
	return s
}

// ended is the strip of a game won off the board (resignation, time) or
// by the board, with how it ended on the right of the score line.
func ended(s status, winner veletas.Color, end render.Ending, lang string) status {
	w := wordsFor(lang)
	if winner != veletas.NoColor {
		s.icon, s.won = winner, true
		s.head = render.Fill(w.wins, map[byte]string{'c': colorWord(w, winner)})
	}
	switch end {
	case render.EndResign:
		s.need = w.resigned
	case render.EndTime:
		s.need = w.onTime
	default:
		if winner != veletas.NoColor {
			s.need = ""
		}
	}
	return s
}
