package store

import (
	"fmt"

	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
)

// What the store must know of each kind of game, behind one small
// interface: how to replay a stored record into a Game, whether the rules
// have ended it, whose turn it is, and how to take back the last turn.
// Everything else (challenges, the optimistic change, time limits,
// resignations, the archive, the standings) is the same for every kind.
// A kind's actions are its own methods: Apply for Veletas (play.go), the
// Fanorona ones in fanorona.go.
type rules interface {
	// replay replays g.Record (and a Fanorona turn under way, g.Open)
	// into g's state and writes the record back in its canonical form.
	replay(g *Game) error
	// over reports whether the rules have ended the replayed game;
	// toAct returns the user to act in it, which is not over.
	over(g *Game) bool
	toAct(g *Game) string
	// canTakeBack reports whether the last action is a whole turn that
	// may be taken back; takeBack undoes it.
	canTakeBack(g *Game) bool
	takeBack(g *Game) error
}

// kindRules are the rules of each kind.
var kindRules = map[Kind]rules{
	Veletas:  veletasRules{},
	Fanorona: fanoronaRules{},
}

// rulesOf returns the rules of g's kind, an error for an unknown kind.
func rulesOf(g *Game) (rules, error) {
	r, ok := kindRules[g.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown game kind %q", string(g.Kind))
	}
	return r, nil
}

// veletasRules are Veletas's: the record of game/veletas, setups and the
// side choice included.
type veletasRules struct{}

func (veletasRules) replay(g *Game) error {
	st, err := veletas.ParseRecordString(g.Record)
	if err != nil {
		return err
	}
	if st.Size() != g.Size {
		return &veletas.Error{Kind: veletas.ErrBadSize, Msg: "record size " + st.Size().String() + " differs from the game's " + g.Size.String()}
	}
	g.setState(st)
	return nil
}

func (veletasRules) over(g *Game) bool { return g.State().Position().Over() }

func (veletasRules) toAct(g *Game) string { return g.PlayerOf(g.Position().ToMove()) }

// canTakeBack: a turn, not a setup or the side choice.
func (veletasRules) canTakeBack(g *Game) bool {
	last, ok := g.state.LastAction()
	return ok && last.Kind == veletas.KindTurn
}

func (veletasRules) takeBack(g *Game) error {
	g.setState(g.state.Undo(1))
	return nil
}

// fanoronaRules are Fanorona's and Véla's: a record of whole turns, and
// the steps of the turn under way.
type fanoronaRules struct{}

func (fanoronaRules) replay(g *Game) error { return g.loadFanorona() }

func (fanoronaRules) over(g *Game) bool {
	return g.FanoronaPosition().Result() != fanorona.Ongoing
}

func (fanoronaRules) toAct(g *Game) string {
	return g.FanoronaPlayer(g.FanoronaPosition().ToMove())
}

// canTakeBack: a whole turn, with no step of the next one made since.
func (fanoronaRules) canTakeBack(g *Game) bool { return g.fan.Len() > 0 && g.Open == "" }

// takeBack replays the record without its last turn.
func (fanoronaRules) takeBack(g *Game) error {
	turns := g.fan.Turns()
	fg := fanorona.NewGame(g.fan.Variant())
	for _, t := range turns[:len(turns)-1] {
		var err error
		if fg, err = fg.Play(t); err != nil {
			return err
		}
	}
	g.setFanorona(fg, fg.Position(), "")
	return nil
}
