package store

import (
	"encoding/json"
	"strings"

	"github.com/veletasbot/veletas/game"
)

// marshal encodes a value as JSON. A game's record is written on one line
// (tokens separated by spaces) to keep archived games small.
func marshal(v any) ([]byte, error) {
	if g, ok := v.(*Game); ok {
		c := *g
		c.Record = strings.TrimSpace(strings.ReplaceAll(c.Record, "\n", " "))
		return json.Marshal(&c)
	}
	return json.Marshal(v)
}

func unmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// load replays Record and writes it back in its canonical form.
func (g *Game) load() error {
	st, err := game.ParseRecordString(g.Record)
	if err != nil {
		return err
	}
	if st.Size() != g.Size {
		return &game.Error{Kind: game.ErrBadSize, Msg: "record size " + st.Size().String() + " differs from the game's " + g.Size.String()}
	}
	g.setState(st)
	return nil
}

func (g *Game) setState(st game.Game) {
	g.state, g.replay = st, true
	g.Record = st.String()
}
