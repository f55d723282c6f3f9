package render

import (
	"strconv"

	"github.com/veletasbot/veletas/game/veletas"
)

// status is what the strip above the board says.
type status struct {
	icon  veletas.Color // the stone drawn before the headline
	head  string        // "Black to move", "White to choose sides", "Black wins"
	score string        // "Black 2 - White 1 of 7", or "Setup: 7 shooters"
	need  string        // "4 to win", right-aligned
	token string        // the last action, as written in the notation
	won   bool
}

func colorWord(c veletas.Color) string {
	if c == veletas.White {
		return "White"
	}
	return "Black"
}

func statusOf(p veletas.Position, last veletas.Action) status {
	size := p.Size()
	k, need := size.Shooters(), size.Majority()
	s := status{icon: p.ToMove()}
	if last.Kind != 0 {
		s.token = last.String()
	}
	who := colorWord(p.ToMove())
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseSetup2:
		s.head = who + " to place"
	case veletas.PhaseChoice:
		s.head = who + " to choose sides"
	case veletas.PhasePlay:
		s.head = who + " to move"
	case veletas.PhaseOver:
		s.icon = p.Winner()
		s.head = colorWord(p.Winner()) + " wins"
		s.won = true
	}
	switch p.Phase() {
	case veletas.PhaseSetup1, veletas.PhaseChoice, veletas.PhaseSetup2:
		s.score = "Setup: " + strconv.Itoa(k) + " shooters"
		s.need = strconv.Itoa(need) + " to win"
	case veletas.PhaseOver:
		s.score = "Black " + strconv.Itoa(p.Claims(veletas.Black)) + " - White " + strconv.Itoa(p.Claims(veletas.White)) + " of " + strconv.Itoa(k)
	default:
		s.score = "Black " + strconv.Itoa(p.Claims(veletas.Black)) + " - White " + strconv.Itoa(p.Claims(veletas.White)) + " of " + strconv.Itoa(k)
		s.need = strconv.Itoa(need) + " to win"
	}
	return s
}
