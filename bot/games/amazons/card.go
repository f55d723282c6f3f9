package amazonsmod

import (
	"bytes"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/amazons"
	"github.com/veletasbot/veletas/render"
	ramazons "github.com/veletasbot/veletas/render/amazons"
)

// The game's parts of a card, as plain functions of the engine's values;
// the bot's card (its embed, mentions, deadline) places them. locale is a
// Discord locale or a language of Texts.

// SideOf is the colour a seat plays: seat 0 (the game's first player)
// is White, who moves first.
func SideOf(s game.Seat) amazons.Side {
	if s == 1 {
		return amazons.Black
	}
	return amazons.White
}

// SeatOf is the seat that plays a colour.
func SeatOf(s amazons.Side) game.Seat {
	if s == amazons.Black {
		return 1
	}
	return 0
}

// Title is the card's title: "Amazons, game 12".
func Title(locale string, id uint64) string { return Text(locale, "amazons.card.title", id) }

// ColorName names a side: "White", "Blancs", "白".
func ColorName(locale string, s amazons.Side) string {
	return Text(locale, string(sideWord(s)))
}

// Player is a player of a card: a user id and the name of their colour.
type Player struct {
	ID, Color string
}

// Players are the players in their colours' order: White (who moves
// first), then Black.
func Players(locale, white, black string) []Player {
	return []Player{
		{ID: white, Color: ColorName(locale, amazons.White)},
		{ID: black, Color: ColorName(locale, amazons.Black)},
	}
}

// LastTurn is the game's last turn in the notation ("d1-d7/g7"), and
// false before the first.
func LastTurn(g amazons.Game) (string, bool) {
	if g.Len() == 0 {
		return "", false
	}
	turns := g.Turns()
	return turns[len(turns)-1].String(), true
}

// Score is the card's score field, its name and value. While the game
// goes on it is each side's moves (amazon and destination pairs, the
// mobility that shrinks as a side is shut in): "Moves", "White 42 –
// Black 38". Once the game is over it is the territory each side controls
// by queen distance, as the image tints it: "Territory", "White 23 –
// Black 17".
func Score(locale string, pos amazons.Position) (name, value string) {
	if pos.Over() {
		t := pos.Territory()
		return Text(locale, "amazons.card.territory"), Text(locale, "amazons.card.score", t.Count[amazons.White], t.Count[amazons.Black])
	}
	return Text(locale, "amazons.card.moves"),
		Text(locale, "amazons.card.score", pos.Mobility(amazons.White), pos.Mobility(amazons.Black))
}

// EndScore is the territory line at the end of a game, under the result:
// "Territory at the end: White 23 – Black 17."
func EndScore(locale string, pos amazons.Position) string {
	t := pos.Territory()
	return Text(locale, "amazons.card.endscore", t.Count[amazons.White], t.Count[amazons.Black])
}

// Prompt tells the player to act (mention, written <@U>) what to do:
// "<@U>, your turn (White): move an amazon, then shoot an arrow: …".
func Prompt(locale, mention string, s amazons.Side) string {
	return Text(locale, "amazons.prompt.turn", mention, ColorName(locale, s))
}

// WinHow words how a side won by the rules, for "**X wins** …!": by
// leaving the opponent no move.
func WinHow(locale string) string { return Text(locale, "amazons.win.noturn") }

// Scene is the image of the game's current position in the language of
// locale: its last turn, the side to move, and the territory hint once
// the game is over.
func Scene(g amazons.Game, locale string) ramazons.Scene {
	s := ramazons.GameScene(g)
	s.Lang = Lang(locale)
	return s
}

// EndScene is the image of a game won off the board (end is
// render.EndResign or render.EndTime) by winner: the strip says so, and
// the territory hint shows how the board stood.
func EndScene(g amazons.Game, locale string, winner amazons.Side, end render.Ending) ramazons.Scene {
	s := Scene(g, locale)
	s.Winner, s.HasWinner, s.End, s.Territory = winner, true, end, true
	return s
}

// PNG draws a scene with r.
func PNG(r *ramazons.Renderer, s ramazons.Scene) ([]byte, error) {
	var b bytes.Buffer
	if err := r.PNG(&b, s); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
