package bot

import (
	"context"
	"strings"
	"testing"
)

// TestMoveToSameSquare: `to` naming the shooter's own square is refused
// for what it is (a move must go to another square), not as "not a queen
// move", in each language.
func TestMoveToSameSquare(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	for loc, want := range map[string]string{
		"":   "The shooter is on `c5` already: a move must go to another square. Leave out `to` to shoot without moving.",
		"fr": "Le tireur est déjà en `c5` : un déplacement doit aller sur une autre case.",
		"ja": "シューターはすでに `c5` にいます。",
	} {
		req := e.req("alice", "move", "shooter=c5", "to=C5 ", "shoot=c6")
		req.Locale = loc
		r := e.bot.Handle(context.Background(), req)
		refused(t, r, want)
		if strings.Contains(r.Plain(), "queen") {
			t.Errorf("%s: %q still speaks of a queen move", loc, r.Plain())
		}
	}
}

// TestOffBoardSameWording: a square written as a square but not on the
// board gets the same words whether it is on no board (z9, a0) or only
// not on this one (h1 on 7x7); something that is not a square is worded
// apart.
func TestOffBoardSameWording(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	for _, sq := range []string{"z9", "h1", "a0", "c11"} {
		r := e.cmd("alice", "move", "shooter=c5", "to="+sq, "shoot=c6")
		refused(t, r, "`"+sq+"` is off the 7x7 board: squares go from `a1` to `g7`.")
		r = e.cmd("alice", "move", "shooter="+sq, "shoot=c6")
		refused(t, r, "`"+sq+"` is off the 7x7 board")
	}
	refused(t, e.cmd("alice", "move", "shooter=c5", "to=5c", "shoot=c6"), "`5c` is not a square: write a letter and a number")
	refused(t, e.cmd("alice", "setup", "shooters=z9 c3", "stone=d4"), "`z9` is off the 7x7 board")
}

// TestOwnOpenChallengeNamesWithdraw: the author of an open challenge who
// presses Accept is pointed to the button their message has, Withdraw
// (Decline on a challenge made to someone).
func TestOwnOpenChallengeNamesWithdraw(t *testing.T) {
	e := newEnv(t, Config{})
	open := public(t, e.cmd("alice", "challenge", "size=7"))
	withdraw := button(t, open, "Withdraw")
	r := e.press("alice", button(t, open, "Accept"))
	refused(t, r, "You can withdraw it with the Withdraw button.")
	fr := e.req("alice", "")
	fr.Type, fr.Command, fr.CustomID, fr.Locale = TypeButton, "", button(t, open, "Accept"), "fr"
	refused(t, e.bot.Handle(context.Background(), fr), "avec le bouton Retirer.")
	ja := fr
	ja.Locale = "ja"
	refused(t, e.bot.Handle(context.Background(), ja), "「取り下げる」ボタン")
	if _, err := e.db.PendingChallenge(t.Context(), e.guild, e.chann, "bob"); err != nil {
		t.Fatalf("the open challenge after its author's Accept: %v", err)
	}
	public(t, e.press("alice", withdraw))

	e.chann = "c2"
	direct := public(t, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
	button(t, direct, "Decline")
	r = e.press("alice", button(t, direct, "Accept"))
	if !r.Ephemeral || strings.Contains(r.Plain(), "Withdraw button") {
		t.Errorf("the author of a challenge made to bob pressing Accept: %q", r.Plain())
	}
}

// TestRefusalDetailsInEveryLanguage: a refusal by the rules names the
// squares (and counts) in every language, read from the engine's error:
// the message keys and details, and once each the words of English,
// Japanese and French.
func TestRefusalDetailsInEveryLanguage(t *testing.T) {
	e := newEnv(t, Config{})
	e.startGame("7")
	public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	public(t, e.cmd("bob", "keep"))
	adjacent := RuleRefusal{Reason: "rule.adjacent", Hint: "hint.adjacent", Squares: []string{"c4", "c5"}}
	count := RuleRefusal{Reason: "rule.count", Hint: "hint.count", Detail: "rule.countdetail", Args: []any{2, 1}}
	for loc, want := range map[string][2]string{
		"": {"Not allowed: shooters may not touch each other, not even diagonally (`c4`, `c5`). Pick squares at least one square apart from every shooter; the `shooters` option suggests legal squares as you type. Nothing was changed.",
			"Not allowed: that is not the number of shooters to place (2 to place, not 1). Use `/veletas board` to see how many shooters to place. Nothing was changed."},
		"ja": {"シューター同士は斜めも含めて隣り合えません（`c4`、`c5`）", "置くシューターの数が違います（置くのは2個で、1個ではありません）"},
		"fr": {"(`c4`, `c5`)", "(il en faut 2, pas 1)"},
	} {
		req := e.req("bob", "setup", "shooters=a7 c4", "stone=g7")
		req.Locale = loc
		r := e.bot.Handle(context.Background(), req)
		ruleRefusedAs(t, r, loc, adjacent)
		refused(t, r, want[0])
		req = e.req("bob", "setup", "shooters=a7", "stone=g7")
		req.Locale = loc
		r = e.bot.Handle(context.Background(), req)
		ruleRefusedAs(t, r, loc, count)
		refused(t, r, want[1])
	}
}
