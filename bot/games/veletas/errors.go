package veletasmod

import (
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
)

// veletasRefusal words an error of game/veletas from its fields.
func veletasRefusal(ge *veletas.Error) bot.RuleRefusal {
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
		return bot.RuleRefusal{Reason: "rule.over", Hint: "hint.over"}
	case veletas.ErrWrongPhase:
		return bot.RuleRefusal{Reason: "rule.phase", Hint: "hint.phase", Detail: "rule.phasedetail",
			Args: []any{actionKindKey(ge.Expected), actionKindKey(ge.Got)}}
	case veletas.ErrSetupCount:
		if ge.Wanted == 0 {
			return bot.RuleRefusal{Reason: "rule.count", Hint: "hint.count", Detail: "rule.countmax", Args: []any{ge.Placed}}
		}
		return bot.RuleRefusal{Reason: "rule.count", Hint: "hint.count", Detail: "rule.countdetail", Args: []any{ge.Wanted, ge.Placed}}
	case veletas.ErrAdjacentShooter:
		add(ge.Square, ge.Near)
		return bot.RuleRefusal{Reason: "rule.adjacent", Hint: "hint.adjacent", Squares: sq}
	case veletas.ErrPerimeterShooter:
		add(ge.Square)
		return bot.RuleRefusal{Reason: "rule.edge", Hint: "hint.edge", Squares: sq}
	case veletas.ErrOccupied:
		add(ge.Square)
		if ge.Twice {
			return bot.RuleRefusal{Reason: "rule.twice", Hint: "hint.occupied", Squares: sq}
		}
		return bot.RuleRefusal{Reason: "rule.occupied", Hint: "hint.occupied", Squares: sq}
	case veletas.ErrBlocked:
		add(ge.From, ge.To, ge.Square)
		if ge.Stone {
			return bot.RuleRefusal{Reason: "rule.blockedstone", Hint: "hint.blocked", Squares: sq}
		}
		return bot.RuleRefusal{Reason: "rule.blocked", Hint: "hint.blocked", Squares: sq}
	case veletas.ErrNotQueenLine:
		add(ge.From, ge.To)
		return bot.RuleRefusal{Reason: "rule.queen", Hint: "hint.queen", Squares: sq}
	case veletas.ErrNotShooter:
		add(ge.Square)
		return bot.RuleRefusal{Reason: "rule.notshooter", Hint: "hint.shooter", Squares: sq}
	case veletas.ErrClaimedShooter:
		add(ge.Square)
		return bot.RuleRefusal{Reason: "rule.claimed", Hint: "hint.shooter", Squares: sq}
	case veletas.ErrOffBoard:
		add(ge.Square)
		return bot.RuleRefusal{Reason: "rule.offboard", Hint: "hint.offboard", Squares: sq}
	}
	return bot.RuleRefusal{Reason: "rule.other"}
}

// actionKindKey is the message key naming a kind of Veletas action.
func actionKindKey(k veletas.Kind) bot.MsgKey {
	switch k {
	case veletas.KindSetup:
		return "kind.setup"
	case veletas.KindChoice:
		return "kind.choice"
	}
	return "kind.turn"
}
