package bot

import (
	"strings"
	"time"
)

// The game card: the message that shows a game, as an embed. A game
// module fills a GameCard with what is its own (the title, the players'
// colours, the score, the last action in its notation, the colour to act,
// the board image); cardReply makes the message the same way for every
// game: its content is only the mention of the player to act (which is
// what notifies them), the embed carries the rest.

// GameCard is one moment of a game as its message shows it.
type GameCard struct {
	Title string // "<game> 10x10, game 12"
	// Intro says what just happened, first in the description ("X
	// accepted Y's challenge").
	Intro   string
	Players []CardPlayer // in their colours' order (Black, then White)
	// ScoreName and Score are the score's field: "Claims", "2 – 1 (4 of
	// 7 wins)".
	ScoreName, Score string
	Last             string // the last action in the game's notation; "" before any
	LastBy           string // the user who made it
	// Prompt tells the player to act what to do; Result, at the end, who
	// won and how (it replaces Prompt).
	Prompt, Result string
	// ToAct is the user the message notifies: the player to act; "" when
	// the computer acts. At the end Winner and Loser are notified.
	ToAct         string
	Winner, Loser string
	// Computer is the computer player's user, if it plays: the message
	// neither mentions nor notifies it.
	Computer string
	// Color is the bar of the card: the colour of the side to act, or of
	// the winner.
	Color int
	// Deadline is when the player to act runs out of time (zero: no
	// limit); MoveTime the time per move.
	Deadline time.Time
	MoveTime time.Duration
	Image    Image // the board, shown inside the card
}

// CardPlayer is a player of a card: their user id and colour's name.
type CardPlayer struct {
	ID, Color string
}

// The colour bars of the sides.
const (
	ColorBlack = 0x23272A
	ColorWhite = 0xF2F3F5
)

// cardReply is the message that shows a card. ping lets it notify the
// player to act (both players at the end).
func cardReply(loc string, c GameCard, ping bool) Reply {
	e := Embed{Title: c.Title, Color: c.Color}
	var desc []string
	if c.Intro != "" {
		desc = append(desc, c.Intro)
	}
	if c.Result != "" {
		desc = append(desc, c.Result)
	} else if c.Prompt != "" {
		desc = append(desc, c.Prompt)
	}
	e.Description = strings.Join(desc, "\n")
	for _, p := range c.Players {
		e.Fields = append(e.Fields, Field{Name: p.Color, Value: Mention(p.ID), Inline: true})
	}
	if c.Score != "" {
		e.Fields = append(e.Fields, Field{Name: c.ScoreName, Value: c.Score, Inline: true})
	}
	if c.Last != "" {
		v := "`" + c.Last + "`"
		if c.LastBy != "" {
			v = tr(loc, "card.lastby", v, Mention(c.LastBy))
		}
		e.Fields = append(e.Fields, Field{Name: tr(loc, "card.last"), Value: v, Inline: true})
	}
	if c.Result == "" && !c.Deadline.IsZero() {
		u := c.Deadline.Unix()
		e.Fields = append(e.Fields, Field{Name: tr(loc, "card.time"),
			Value: tr(loc, "card.timeleft", u, u, durationText(loc, c.MoveTime)), Inline: true})
	}
	r := Reply{}
	if c.Image.Name != "" {
		r.Images = []Image{c.Image}
		e.Image = c.Image.Name
	}
	var who []string
	switch {
	case c.Result != "":
		who = []string{c.Winner, c.Loser}
	case c.ToAct != "":
		who = []string{c.ToAct}
	}
	var ms []string
	for _, id := range who {
		if id != "" && id != c.Computer {
			ms = append(ms, Mention(id))
			if ping {
				r.Mentions = append(r.Mentions, id)
			}
		}
	}
	r.Text = strings.Join(ms, " ")
	r.Embeds = FitEmbeds([]Embed{e})
	return r
}
