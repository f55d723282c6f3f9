package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// The games' own words on the pages. What a page shows from a game's
// data (the picker's steps and its options that are words, the seats'
// colours, the game's name and terms, how it ended) is worded by the
// hosting bot's catalogues, where each game's module words its own, in
// the page's language (requestLanguage: ?lang=, else Accept-Language).
// The State and the Step carry those words; without a Wording, or for a
// text it lacks, the page shows the game's raw words as before.

// Wording words a game's texts in a language: the bot's catalogues
// (*bot.Bot; cmd/veletasbot wires it in Options.Wording).
type Wording interface {
	// GameText returns the text of key about a game of kind in the
	// language of lang ("en", "fr", "ja"), its verbs filled from args;
	// false when no catalogue has it. The keys the pages ask are
	// "pick.step." and a step's key (game.Step.Key), "pick.option." and
	// an option's label with its spaces as dashes, and "color." and a
	// piece (game.PieceWhite, game.PieceBlack); "game.name" is the
	// game's name.
	GameText(kind game.Kind, lang, key string, args ...any) (string, bool)
	// GameTitle names g in lang: its game's name and the name of its
	// terms ("" when they say nothing more), "" and "" for a game the
	// bot does not host.
	GameTitle(g store.Game, lang string) (name, terms string)
	// GameEnding says how g ended in lang ("resignation", the game's
	// own words for an end by its rules), "" for a game not over.
	GameEnding(g store.Game, lang string) string
}

// The keys of the texts the pages ask of a Wording.
const (
	stepKey   = "pick.step."
	optionKey = "pick.option."
	colorKey  = "color."
	nameKey   = "game.name"
)

// Words are a game's words in a page's language, in its State.
type Words struct {
	Lang string `json:"lang"`
	// Title is the game's name, Terms what its terms are ("7x7"), ""
	// when they say nothing more.
	Title string `json:"title"`
	Terms string `json:"terms,omitempty"`
	// Colors name the colours the seats play (Player.Color), "" for a
	// colour the game does not word.
	Colors [2]string `json:"colors"`
	// Outcome says who won and how, or that the game is drawn; "" for a
	// game not over.
	Outcome string `json:"outcome,omitempty"`
}

// gameText is the Wording's text of key about kind in lang, def when
// there is none.
func (s *Server) gameText(kind game.Kind, lang, key, def string) string {
	if s.opts.Wording != nil {
		if t, ok := s.opts.Wording.GameText(kind, lang, key); ok && t != "" {
			return t
		}
	}
	return def
}

// title names g in lang: its name and what its terms are.
func (s *Server) title(g store.Game, lang string) (name, terms string) {
	if s.opts.Wording != nil {
		name, terms = s.opts.Wording.GameTitle(g, lang)
	}
	if name == "" {
		name = kindTitle(g.Kind)
	}
	return name, terms
}

// heading is a game's title with its terms, as the page's heading shows
// it: "Name · terms".
func heading(name, terms string) string {
	if terms == "" {
		return name
	}
	return name + " · " + terms
}

// words are the words of st, the State of g, in lang.
func (s *Server) words(g store.Game, st State, lang string) *Words {
	w := &Words{Lang: lang}
	w.Title, w.Terms = s.title(g, lang)
	for i, p := range st.Players {
		if p.Color != "" {
			w.Colors[i] = s.gameText(g.Kind, lang, colorKey+p.Color, "")
		}
	}
	if st.Over {
		how := ""
		if s.opts.Wording != nil {
			how = s.opts.Wording.GameEnding(g, lang)
		}
		if how == "" && st.Reason != "" {
			how = text(lang, "reason."+st.Reason)
		}
		if st.Winner >= 0 && int(st.Winner) < len(st.Players) {
			w.Outcome = text(lang, "won", "name", st.Players[st.Winner].Name)
		} else {
			w.Outcome = text(lang, "drawn")
		}
		if how != "" {
			w.Outcome += text(lang, "outcomeHow", "how", how)
		}
	}
	return w
}

// wordStep words the prompt of step out, of a game of kind, in lang
// (none when the game has no words for its key: the page then shows the
// key), and its options that are words rather than squares.
func (s *Server) wordStep(kind game.Kind, lang string, out *Step) {
	if out.Key != "" {
		if what := s.gameText(kind, lang, stepKey+out.Key, ""); what != "" {
			if out.Count > 1 { // "1/1" says nothing
				what += " " + strconv.Itoa(out.Index) + "/" + strconv.Itoa(out.Count)
			}
			out.Prompt = what
		}
	}
	for i, o := range out.Options {
		if o.Label == "" || o.Label == o.Value && squareLike(o.Label) {
			continue
		}
		out.Options[i].Label = s.gameText(kind, lang, optionKey+strings.ReplaceAll(o.Label, " ", "-"), o.Label)
	}
}

// squareLike reports whether label names a square or point ("c5",
// "j10"): a letter and digits, which no catalogue words.
func squareLike(label string) bool {
	return len(label) >= 2 && label[0] >= 'a' && label[0] <= 'z' &&
		!slices.ContainsFunc([]byte(label[1:]), func(c byte) bool { return c < '0' || c > '9' })
}
