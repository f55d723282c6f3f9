package amazonsmod

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game/amazons"
)

func sq(t *testing.T, s string) amazons.Square {
	t.Helper()
	x, err := amazons.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestParseMove(t *testing.T) {
	want := amazons.Turn{From: sq(t, "d1"), To: sq(t, "d7"), Arrow: sq(t, "g7")}
	for _, opts := range []map[string]string{
		{"amazon": "d1", "to": "d7", "arrow": "g7"},
		{"amazon": " D1 ", "to": "D7", "arrow": "G7"},
		{"turn": "d1-d7/g7"},
		{"turn": " D1-D7/G7 ", "amazon": " "},
	} {
		got, err := ParseMove(opts)
		if err != nil || got != want {
			t.Errorf("ParseMove(%v) = %v, %v; want %v", opts, got, err, want)
		}
	}
}

func TestParseMoveRefusals(t *testing.T) {
	for _, c := range []struct {
		opts map[string]string
		key  string
		args []any
	}{
		{map[string]string{"turn": "d1-d7/g7", "arrow": "g7"}, "amazons.move.both", nil},
		{map[string]string{}, "amazons.move.need", nil},
		{map[string]string{"amazon": "d1", "to": "d7"}, "amazons.move.missing", []any{"`arrow`"}},
		{map[string]string{"to": "d7", "arrow": "g7"}, "amazons.move.missing", []any{"`amazon`"}},
		{map[string]string{"turn": "d1-d7"}, "amazons.move.badturn", []any{"`d1-d7`"}},
		{map[string]string{"turn": "d1-d7/k7"}, "amazons.move.badturn", []any{"`d1-d7/k7`"}},
		{map[string]string{"amazon": "d1", "to": "zz", "arrow": "g7"}, "amazons.square.bad", []any{"`to`", "`zz`"}},
		{map[string]string{"amazon": "d1", "to": "d7", "arrow": "k5"}, "amazons.square.off", []any{"`arrow`", "`k5`"}},
		{map[string]string{"amazon": "a11", "to": "d7", "arrow": "g7"}, "amazons.square.off", []any{"`amazon`", "`a11`"}},
		{map[string]string{"amazon": "a0", "to": "d7", "arrow": "g7"}, "amazons.square.off", []any{"`amazon`", "`a0`"}},
		{map[string]string{"amazon": "d`1", "to": "d7", "arrow": "g7"}, "amazons.square.bad", []any{"`amazon`", "`d?1`"}},
	} {
		_, err := ParseMove(c.opts)
		var r *Refusal
		if !errors.As(err, &r) || !errors.Is(err, ErrInput) {
			t.Errorf("ParseMove(%v) = %v; want a *Refusal", c.opts, err)
			continue
		}
		if r.Key != c.key || !reflect.DeepEqual(r.Args, c.args) && !(len(r.Args) == 0 && len(c.args) == 0) {
			t.Errorf("ParseMove(%v) = %q %v; want %q %v", c.opts, r.Key, r.Args, c.key, c.args)
		}
		for _, l := range Languages {
			if s := Text(l, r.Key, r.Args...); strings.Contains(s, "%!") || strings.Contains(s, "amazons.") {
				t.Errorf("%s: %q words badly: %q", l, r.Key, s)
			}
		}
	}
}

// ruleCase is a turn the rules refuse, in a position, and its wording.
type ruleCase struct {
	pos     string
	turn    amazons.Turn
	rule    error
	reason  string
	squares []string
	detail  string
	args    []any
	hint    string
}

func turnOf(t *testing.T, s string) amazons.Turn {
	t.Helper()
	x, err := amazons.ParseTurn(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// shutIn is a position where White, to move, has no turn: its amazon on
// a1 is walled in by arrows.
const shutIn = "3b2b3/10/10/b8b/10/10/10/10/xx8/wx8 w"

func ruleCases(t *testing.T) []ruleCase {
	start := amazons.StartText
	return []ruleCase{
		{shutIn, turnOf(t, "a1-a2/a3"), amazons.ErrGameOver, "amazons.rule.over", nil,
			"amazons.detail.over", []any{Word("amazons.color.white"), Word("amazons.color.black")}, "amazons.hint.over"},
		{start, amazons.Turn{From: sq(t, "d1"), To: amazons.NoSquare, Arrow: sq(t, "g7")}, amazons.ErrOffBoard, "amazons.rule.offboard", nil, "", nil, "amazons.hint.squares"},
		{start, turnOf(t, "e5-e6/e7"), amazons.ErrNoAmazon, "amazons.rule.noamazon", []string{"`e5`"}, "", nil, "amazons.hint.amazon"},
		{"3b2b3/10/10/b8b/10/10/w8w/10/10/3wx1w3 w", turnOf(t, "e1-e2/e3"), amazons.ErrNoAmazon, "amazons.rule.arrowthere", []string{"`e1`"}, "", nil, "amazons.hint.amazon"},
		{start, turnOf(t, "a7-a6/a5"), amazons.ErrNotYourAmazon, "amazons.rule.notyours", []string{"`a7`"},
			"amazons.detail.notyours", []any{Word("amazons.color.black"), Word("amazons.color.white")}, "amazons.hint.amazon"},
		{start, turnOf(t, "d1-d1/d2"), amazons.ErrZeroMove, "amazons.rule.zeromove", []string{"`d1-d1`"}, "", nil, "amazons.hint.to"},
		{start, turnOf(t, "d1-e3/e4"), amazons.ErrNotQueenLine, "amazons.rule.queen", []string{"`d1-e3`"}, "", nil, "amazons.hint.to"},
		{start, turnOf(t, "a4-a9/a10"), amazons.ErrMoveBlocked, "amazons.rule.blocked", []string{"`a4-a9`"},
			"amazons.detail.piece", []any{Word("amazons.piece.black"), "`a7`"}, "amazons.hint.to"},
		{start, turnOf(t, "a4-a7/a8"), amazons.ErrMoveOccupied, "amazons.rule.occupied", []string{"`a4-a7`"},
			"amazons.detail.piece", []any{Word("amazons.piece.black"), "`a7`"}, "amazons.hint.to"},
		{start, turnOf(t, "d1-d7/e9"), amazons.ErrArrowNotQueenLine, "amazons.rule.arrowqueen", []string{"`d7/e9`"}, "", nil, "amazons.hint.arrow"},
		{start, turnOf(t, "a4-a5/a8"), amazons.ErrArrowBlocked, "amazons.rule.arrowblocked", []string{"`a5/a8`"},
			"amazons.detail.piece", []any{Word("amazons.piece.black"), "`a7`"}, "amazons.hint.arrow"},
		{start, turnOf(t, "a4-a5/a7"), amazons.ErrArrowOccupied, "amazons.rule.arrowoccupied", []string{"`a5/a7`"},
			"amazons.detail.piece", []any{Word("amazons.piece.black"), "`a7`"}, "amazons.hint.arrow"},
		{start, turnOf(t, "d1-d7/d7"), amazons.ErrArrowOccupied, "amazons.rule.arrowself", []string{"`d7/d7`"}, "", nil, "amazons.hint.arrow"},
	}
}

func TestRuleRefusalOf(t *testing.T) {
	for _, c := range ruleCases(t) {
		pos, err := amazons.ParsePosition(c.pos)
		if err != nil {
			t.Fatal(err)
		}
		_, err = pos.Apply(c.turn)
		if !errors.Is(err, c.rule) {
			t.Fatalf("%v in %s: %v; want %v", c.turn, c.pos, err, c.rule)
		}
		rr, ok := RuleRefusalOf(err)
		want := RuleRefusal{Reason: c.reason, Squares: c.squares, Detail: c.detail, Args: c.args, Hint: c.hint}
		if !ok || !reflect.DeepEqual(rr, want) {
			t.Errorf("%v (%v): %#v; want %#v", c.turn, c.rule, rr, want)
		}
		for _, l := range Languages {
			s := rr.Text(l)
			if strings.Contains(s, "%!") || strings.Contains(s, "amazons.") {
				t.Errorf("%s: %v worded badly: %q", l, c.rule, s)
			}
		}
	}
	if _, ok := RuleRefusalOf(errors.New("other")); ok {
		t.Error("RuleRefusalOf took an error that is not the rules'")
	}
}

func TestRuleRefusalText(t *testing.T) {
	_, err := amazons.Start().Apply(turnOf(t, "a4-a9/a10"))
	rr, _ := RuleRefusalOf(err)
	want := map[string]string{
		"en": "Not allowed: the amazon's way is blocked: it cannot pass over an amazon or an arrow (`a4-a9`; Black's amazon on `a7`). " +
			"Pick an empty square you can reach in a straight line without passing over a piece; the `to` option suggests them as you type. Nothing was changed.",
		"fr": "Interdit : le chemin de l'amazone est barré : elle ne peut passer par-dessus une amazone ou une flèche (`a4-a9` ; une amazone noire en `a7`). " +
			"Choisissez une case vide atteignable en ligne droite sans passer par-dessus une pièce ; l'option `to` les propose pendant la saisie. Rien n'a été modifié.",
		"ja": "できません：アマゾンの道がふさがっています。アマゾンや矢は飛び越せません（`a4-a9`；黒のアマゾンが`a7`にあります）。" +
			"駒を飛び越さずにまっすぐ行ける空きマスを選んでください。入力中に `to` の候補に出ます。何も変更していません。",
	}
	for l, w := range want {
		if got := rr.Text(l); got != w {
			t.Errorf("%s:\n got %q\nwant %q", l, got, w)
		}
	}
}

// notationErrors are the engine's errors that no turn given as a Turn
// value breaks: they are refused as input (ParseMove) or never met.
var notationErrors = map[string]bool{"ErrMalformed": true, "ErrBadPosition": true, "ErrRecordTooLong": true}

// engineRules names the engine's rule values, so that a rule added to the
// engine fails TestEveryRuleWorded until it is worded here.
var engineRules = map[string]error{
	"ErrGameOver": amazons.ErrGameOver, "ErrOffBoard": amazons.ErrOffBoard, "ErrNoAmazon": amazons.ErrNoAmazon,
	"ErrNotYourAmazon": amazons.ErrNotYourAmazon, "ErrZeroMove": amazons.ErrZeroMove, "ErrNotQueenLine": amazons.ErrNotQueenLine,
	"ErrMoveBlocked": amazons.ErrMoveBlocked, "ErrMoveOccupied": amazons.ErrMoveOccupied,
	"ErrArrowNotQueenLine": amazons.ErrArrowNotQueenLine, "ErrArrowBlocked": amazons.ErrArrowBlocked,
	"ErrArrowOccupied": amazons.ErrArrowOccupied,
}

// TestEveryRuleWorded reads the engine's errors.go: every Err value is a
// notation error or a rule with a reason and a hint in every language, and
// every rule is met by a case of TestRuleRefusalOf.
func TestEveryRuleWorded(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../../game/amazons/errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, id := range s.(*ast.ValueSpec).Names {
				if !strings.HasPrefix(id.Name, "Err") || notationErrors[id.Name] {
					continue
				}
				n++
				rule, ok := engineRules[id.Name]
				if !ok {
					t.Errorf("the engine's %s is not worded", id.Name)
					continue
				}
				keys, ok := ruleKeys[rule]
				if !ok {
					t.Errorf("%s has no keys", id.Name)
				}
				for _, l := range Languages {
					for _, k := range keys {
						if Texts[l][k] == "" {
							t.Errorf("%s: %s (%s) has no text", l, k, id.Name)
						}
					}
				}
			}
		}
	}
	if n != len(engineRules) || n != len(ruleKeys) {
		t.Errorf("the engine has %d rules, the test names %d, ruleKeys %d", n, len(engineRules), len(ruleKeys))
	}
	met := map[error]bool{}
	for _, c := range ruleCases(t) {
		met[c.rule] = true
	}
	for name, rule := range engineRules {
		if !met[rule] {
			t.Errorf("no case refuses a turn by %s", name)
		}
	}
}
