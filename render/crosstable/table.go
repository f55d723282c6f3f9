package crosstable

import (
	"fmt"
	"math"
	"strconv"

	"github.com/veletasbot/veletas/tournament"
)

// Mode is how the cells of a Table are laid out.
type Mode uint8

// The modes.
const (
	// ByRound has a column per round: each cell is the opponent's rank,
	// the player's colour and the result, as Swiss crosstables are.
	ByRound Mode = iota
	// ByOpponent has a column per player, in rank order: each cell holds
	// the results against that opponent (two in a double round robin),
	// the diagonal is blank.
	ByOpponent
)

// Colour is the side a player had in a game of a cell.
type Colour uint8

// The colours. NoColour is a bye, a forfeit or a cell of a ByOpponent table.
const (
	NoColour Colour = iota
	White
	Black
)

// Mark is one result in a cell, from the row's player's side.
type Mark string

// The marks.
const (
	Win         Mark = "1"
	Draw        Mark = "½"
	Loss        Mark = "0"
	ForfeitWin  Mark = "+" // the opponent forfeited
	ForfeitLoss Mark = "−" // the player forfeited (also both, a double forfeit)
	ByeMark     Mark = "bye"
	Pending     Mark = "*" // paired, no result yet
)

// Cell is one cell of a row: an opponent (by rank, 0 for none), the
// player's colour (none for a forfeit or a bye) and the results. A cell without marks is empty (a round
// the player was not paired in, or the ByOpponent diagonal).
type Cell struct {
	Opponent int
	Colour   Colour
	Marks    []Mark
}

// Row is a player's line, in rank order.
type Row struct {
	Rank      int
	Name      string // the display name, any script
	Withdrawn bool
	Points    string   // "4½"
	TieBreaks []string // one per Table.TieBreaks
	Cells     []Cell   // one per column: Table.Columns
}

// Table is a crosstable as plain data: what PNG draws. Build it with
// FromTournament, or by hand.
type Table struct {
	Title    string // the headline, e.g. the tournament's name
	Subtitle string // a second line, e.g. "Swiss · round 5 of 5"
	Mode     Mode
	// Columns is the number of cells of every row: the rounds (ByRound)
	// or the players (ByOpponent).
	Columns   int
	TieBreaks []string // the tie-breaks' headings, e.g. "BH", "SB"
	Rows      []Row
}

// MaxOpponentColumns is the most players FromTournament lays out by
// opponent (a round robin); larger round robins and every Swiss are laid
// out by round.
const MaxOpponentColumns = 16

// FromTournament builds the crosstable of t in the order of
// tournament.Standings: names maps player IDs to display names (an ID
// without a name shows the ID). Round robins of at most
// MaxOpponentColumns players are laid out ByOpponent, other tournaments
// ByRound. The tie-breaks are Buchholz and Sonneborn–Berger, and direct
// encounter when it separated anyone. The Title is "Standings"; the
// caller may change it.
func FromTournament(t tournament.Tournament, names map[string]string) Table {
	rows := tournament.Crosstable(t)
	rank := make(map[string]int, len(rows))
	de := false
	for _, r := range rows {
		rank[r.ID] = r.Rank
		de = de || r.DirectEncounter != 0
	}
	tb := Table{Title: "Standings", Subtitle: subtitle(t), TieBreaks: []string{"BH", "SB"}}
	if de {
		tb.TieBreaks = append(tb.TieBreaks, "DE")
	}
	if t.Format != tournament.Swiss && len(rows) <= MaxOpponentColumns {
		tb.Mode, tb.Columns = ByOpponent, len(rows)
	} else {
		tb.Mode, tb.Columns = ByRound, max(len(t.Rounds), t.TotalRounds())
	}
	for _, r := range rows {
		name := names[r.ID]
		if name == "" {
			name = r.ID
		}
		row := Row{
			Rank: r.Rank, Name: name, Withdrawn: r.Withdrawn,
			Points:    Points(r.Points),
			TieBreaks: []string{Points(r.Buchholz), Points(r.SonnebornBerger)},
			Cells:     make([]Cell, tb.Columns),
		}
		if de {
			row.TieBreaks = append(row.TieBreaks, Points(r.DirectEncounter))
		}
		switch tb.Mode {
		case ByRound:
			for _, e := range r.ByRound {
				if e.Round-1 < len(row.Cells) {
					row.Cells[e.Round-1] = cellOf(e, rank)
				}
			}
		case ByOpponent:
			for id, es := range r.Against {
				c := Cell{Opponent: rank[id]}
				for _, e := range es {
					c.Marks = append(c.Marks, markOf(e))
				}
				row.Cells[rank[id]-1] = c
			}
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}

func subtitle(t tournament.Tournament) string {
	f := "Round robin"
	switch t.Format {
	case tournament.DoubleRoundRobin:
		f = "Double round robin"
	case tournament.Swiss:
		f = "Swiss"
	}
	total := t.TotalRounds()
	switch {
	case t.Finished():
		return fmt.Sprintf("%s · %d rounds · final", f, total)
	case !t.Started():
		return fmt.Sprintf("%s · %d rounds · not started", f, total)
	}
	return fmt.Sprintf("%s · round %d of %d", f, len(t.Rounds), total)
}

func cellOf(e tournament.CrossEntry, rank map[string]int) Cell {
	c := Cell{Opponent: rank[e.Opponent]}
	switch e.Colour {
	case tournament.White:
		c.Colour = White
	case tournament.Black:
		c.Colour = Black
	}
	if e.Opponent == "" && e.Result == tournament.Unplayed {
		return Cell{} // not paired: after a withdrawal
	}
	c.Marks = []Mark{markOf(e)}
	if e.Result != tournament.Unplayed && !e.Result.Played() {
		c.Colour = NoColour // a forfeit: nobody played a colour
	}
	return c
}

func markOf(e tournament.CrossEntry) Mark {
	switch {
	case e.Result == tournament.Bye:
		return ByeMark
	case e.Result == tournament.Unplayed:
		return Pending
	case !e.Result.Played():
		if e.Points > 0 {
			return ForfeitWin
		}
		return ForfeitLoss
	case e.Points == 1:
		return Win
	case e.Points == 0.5:
		return Draw
	}
	return Loss
}

// Points writes a score or a tie-break with vulgar fractions for its
// quarters (Sonneborn–Berger has them): "4½", "½", "12", "7¾".
func Points(p float64) string {
	q := int(math.Round(p * 4))
	whole, frac := q/4, q%4
	if frac == 0 {
		return strconv.Itoa(whole)
	}
	f := [4]string{"", "¼", "½", "¾"}[frac]
	if whole == 0 {
		return f
	}
	return strconv.Itoa(whole) + f
}
