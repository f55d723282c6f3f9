package bot

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Embeds: the cards under a message (Discord's embeds), free of any
// Discord type. The game message is one (card.go), the standings and a
// player's stats are others (stats.go). The front ends map them: the
// Discord adapter and the HTTP endpoint to Discord's embeds, the console
// to lines of text (Reply.Plain).

// Embed is one card under a message.
type Embed struct {
	Title       string
	Description string
	// Color is the bar on the card's left, 0xRRGGBB; 0 shows none.
	Color  int
	Author string
	Fields []Field
	// Image names an image of the same reply (Image.Name), shown inside
	// the card (attachment://NAME on Discord) instead of below it.
	Image  string
	Footer string
}

// Field is one titled value of an embed; Inline fields sit side by side.
type Field struct {
	Name, Value string
	Inline      bool
}

// Discord's limits on embeds, in characters (Unicode code points).
// FitEmbeds keeps every reply within them.
const (
	MaxEmbeds           = 10   // embeds in one message
	MaxEmbedTitle       = 256  // title
	MaxEmbedDescription = 4096 // description
	MaxEmbedFields      = 25   // fields in one embed
	MaxFieldName        = 256  // a field's name
	MaxFieldValue       = 1024 // a field's value
	MaxEmbedFooter      = 2048 // footer text
	MaxEmbedAuthor      = 256  // author name
	MaxEmbedTotal       = 6000 // title, description, field names and values, footer and author of all the embeds of a message
)

// blank stands for an empty field name or value, which Discord refuses.
const blank = "\u200b"

// FitEmbeds returns es cut to Discord's limits: at most MaxEmbeds
// embeds, each part within its limit (cut with "…"), empty field names and
// values made a zero-width space, and the whole within MaxEmbedTotal (the
// later embeds' descriptions and fields shortened or dropped first). Every
// embed a reply carries goes through it (the builders in card.go and
// stats.go, and the front ends again before sending).
func FitEmbeds(es []Embed) []Embed {
	if len(es) == 0 {
		return nil
	}
	if len(es) > MaxEmbeds {
		es = es[:MaxEmbeds]
	}
	out := make([]Embed, len(es))
	for i, e := range es {
		e.Title = clipRunes(e.Title, MaxEmbedTitle)
		e.Description = clipRunes(e.Description, MaxEmbedDescription)
		e.Author = clipRunes(e.Author, MaxEmbedAuthor)
		e.Footer = clipRunes(e.Footer, MaxEmbedFooter)
		if len(e.Fields) > MaxEmbedFields {
			e.Fields = e.Fields[:MaxEmbedFields]
		}
		fs := make([]Field, len(e.Fields))
		for j, f := range e.Fields {
			f.Name = clipRunes(orBlank(f.Name), MaxFieldName)
			f.Value = clipRunes(orBlank(f.Value), MaxFieldValue)
			fs[j] = f
		}
		e.Fields = fs
		out[i] = e
	}
	// Over the total: shorten from the last embed backwards, fields from
	// the last, then the description, then the footer.
	over := embedsLen(out) - MaxEmbedTotal
	for i := len(out) - 1; i >= 0 && over > 0; i-- {
		e := &out[i]
		for len(e.Fields) > 0 && over > 0 {
			f := e.Fields[len(e.Fields)-1]
			n := runes(f.Name) + runes(f.Value)
			e.Fields = e.Fields[:len(e.Fields)-1]
			over -= n
		}
		for _, s := range []*string{&e.Description, &e.Footer, &e.Author, &e.Title} {
			if over <= 0 {
				break
			}
			n := runes(*s)
			if target := n - over; target > 1 {
				*s = clipRunes(*s, target)
			} else {
				*s = ""
			}
			over -= n - runes(*s)
		}
	}
	return out
}

// embedsLen is the length Discord counts against MaxEmbedTotal.
func embedsLen(es []Embed) int {
	n := 0
	for _, e := range es {
		n += runes(e.Title) + runes(e.Description) + runes(e.Author) + runes(e.Footer)
		for _, f := range e.Fields {
			n += runes(f.Name) + runes(f.Value)
		}
	}
	return n
}

func runes(s string) int { return utf8.RuneCountInString(s) }

func orBlank(s string) string {
	if strings.TrimSpace(s) == "" {
		return blank
	}
	return s
}

// Plain writes the reply's text and its embeds as lines of text, the
// fields' names and values joined in English ("White: <@alice>"): tests
// read what a message says this way.
func (r Reply) Plain() string { return r.PlainIn("en") }

// PlainIn is Plain with the fields' names and values joined as the
// language of locale writes a label: "Noirs : <@bob>" in French (with a
// non-breaking space), "黒：<@bob>" in Japanese. The console prints
// replies this way.
func (r Reply) PlainIn(locale string) string {
	colon := tr(locale, "sep.label")
	after := colon
	if lang(locale) != "ja" { // the full-width colon holds its own space
		after += " "
	}
	var sb strings.Builder
	sb.WriteString(r.Text)
	line := func(s string) {
		if s == "" {
			return
		}
		if sb.Len() > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(s)
	}
	for _, e := range r.Embeds {
		line(e.Author)
		if e.Title != "" {
			line("**" + e.Title + "**")
		}
		line(e.Description)
		for _, f := range e.Fields {
			name, value := strings.TrimPrefix(f.Name, blank), strings.TrimPrefix(f.Value, blank)
			switch {
			case name == "":
				line(value)
			case value == "":
				line(name)
			case strings.Contains(value, "\n") || strings.HasPrefix(value, "•"):
				line(name + colon + "\n" + value) // a list under its name
			default:
				line(name + after + value)
			}
		}
		line(e.Footer)
	}
	return sb.String()
}

// String names the image and its size, not its bytes (in logs and test
// failures).
func (im Image) String() string { return fmt.Sprintf("%s (%d bytes)", im.Name, len(im.PNG)) }
