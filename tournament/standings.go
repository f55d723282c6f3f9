package tournament

import (
	"cmp"
	"slices"
)

// Standing is one player's line of the standings.
type Standing struct {
	Rank      int     `json:"rank"` // 1-based, distinct
	ID        string  `json:"id"`
	Rating    float64 `json:"rating"`
	Withdrawn bool    `json:"withdrawn,omitempty"`
	Points    float64 `json:"points"`
	// Buchholz: the sum of the opponents' points over the player's played
	// games, plus the player's own points for every other begun round
	// (bye, forfeit either way, not paired).
	Buchholz float64 `json:"buchholz"`
	// SonnebornBerger: the points of each opponent the player beat over the
	// board plus half the points of each opponent drawn; unplayed games
	// count nothing.
	SonnebornBerger float64 `json:"sonneborn_berger"`
	// DirectEncounter: points scored in games among the players tied with
	// this one on points, Buchholz and Sonneborn–Berger, when every two of
	// them have met; 0 otherwise (and when nobody is tied).
	DirectEncounter float64 `json:"direct_encounter"`
}

// Standings ranks the players: points, then Buchholz, Sonneborn–Berger,
// direct encounter, rating (highest first) and last join order. Games
// without a result yet are left out.
func Standings(t Tournament) []Standing {
	n := len(t.Players)
	idx := map[string]int{}
	for i, p := range t.Players {
		idx[p.ID] = i
	}
	st := make([]Standing, n)
	for i, p := range t.Players {
		st[i] = Standing{ID: p.ID, Rating: p.Rating, Withdrawn: p.Withdrawn}
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			wp, bp := g.Result.Points()
			st[idx[g.White]].Points += wp
			if !g.IsBye() {
				st[idx[g.Black]].Points += bp
			}
		}
	}
	for i := range st {
		for _, r := range t.Rounds {
			g, ok := gameOf(r, st[i].ID)
			if ok && g.Result == Unplayed {
				continue
			}
			if !ok || !g.Result.Played() {
				st[i].Buchholz += st[i].Points
				continue
			}
			mine, opp := g.White, g.Black
			if mine != st[i].ID {
				mine, opp = opp, mine
			}
			op := st[idx[opp]].Points
			st[i].Buchholz += op
			st[i].SonnebornBerger += op * pointsOf(g, mine)
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	before := func(a, b int) int {
		return cmp.Or(
			cmp.Compare(st[b].Points, st[a].Points),
			cmp.Compare(st[b].Buchholz, st[a].Buchholz),
			cmp.Compare(st[b].SonnebornBerger, st[a].SonnebornBerger),
		)
	}
	slices.SortStableFunc(order, before)
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && before(order[lo], order[hi]) == 0 {
			hi++
		}
		if hi-lo > 1 {
			directEncounter(t, st, order[lo:hi])
		}
		lo = hi
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(before(a, b),
			cmp.Compare(st[b].DirectEncounter, st[a].DirectEncounter),
			cmp.Compare(st[b].Rating, st[a].Rating),
			cmp.Compare(a, b))
	})
	out := make([]Standing, n)
	for k, i := range order {
		out[k] = st[i]
		out[k].Rank = k + 1
	}
	return out
}

// directEncounter fills DirectEncounter for a tied group when every two of
// its players have a scored game between them.
func directEncounter(t Tournament, st []Standing, group []int) {
	in := map[string]int{}
	for _, i := range group {
		in[st[i].ID] = i
	}
	met := map[[2]string]bool{}
	pts := map[int]float64{}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			wi, wok := in[g.White]
			bi, bok := in[g.Black]
			if !wok || !bok || g.IsBye() || g.Result == Unplayed || g.Result == DoubleForfeit {
				continue
			}
			met[[2]string{g.White, g.Black}], met[[2]string{g.Black, g.White}] = true, true
			wp, bp := g.Result.Points()
			pts[wi] += wp
			pts[bi] += bp
		}
	}
	for _, a := range group {
		for _, b := range group {
			if a != b && !met[[2]string{st[a].ID, st[b].ID}] {
				return
			}
		}
	}
	for _, i := range group {
		st[i].DirectEncounter = pts[i]
	}
}

func gameOf(r Round, id string) (Game, bool) {
	for _, g := range r.Games {
		if g.White == id || g.Black == id {
			return g, true
		}
	}
	return Game{}, false
}

func pointsOf(g Game, id string) float64 {
	w, b := g.Result.Points()
	if g.White == id {
		return w
	}
	return b
}

// CrossEntry is one round of a player in the crosstable.
type CrossEntry struct {
	Round    int     `json:"round"`
	Opponent string  `json:"opponent,omitempty"` // "" for a bye or not paired
	Colour   Colour  `json:"colour,omitempty"`   // the player's colour; none for a bye or not paired
	Result   Result  `json:"result,omitempty"`   // the game's result, from White's side
	Points   float64 `json:"points"`             // what the player scored
}

// CrossRow is a player's row of the crosstable: the standing, every round,
// and the games against each opponent (two in a double round robin).
type CrossRow struct {
	Standing
	ByRound []CrossEntry            `json:"by_round"`
	Against map[string][]CrossEntry `json:"against"`
}

// Crosstable returns a row per player in the order of Standings.
func Crosstable(t Tournament) []CrossRow {
	st := Standings(t)
	rows := make([]CrossRow, len(st))
	for k, s := range st {
		row := CrossRow{Standing: s, Against: map[string][]CrossEntry{}}
		for _, r := range t.Rounds {
			e := CrossEntry{Round: r.Number}
			if g, ok := gameOf(r, s.ID); ok {
				e.Result = g.Result
				e.Points = pointsOf(g, s.ID)
				switch s.ID {
				case g.White:
					e.Opponent, e.Colour = g.Black, White
				default:
					e.Opponent, e.Colour = g.White, Black
				}
				if g.IsBye() {
					e.Colour = NoColour
				}
			}
			row.ByRound = append(row.ByRound, e)
			if e.Opponent != "" {
				row.Against[e.Opponent] = append(row.Against[e.Opponent], e)
			}
		}
		rows[k] = row
	}
	return rows
}
