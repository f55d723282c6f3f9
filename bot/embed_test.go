package bot

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// checkLimits fails unless es keeps every one of Discord's embed limits.
func checkLimits(t *testing.T, es []Embed) {
	t.Helper()
	if len(es) > MaxEmbeds {
		t.Fatalf("%d embeds", len(es))
	}
	n := utf8.RuneCountInString
	for i, e := range es {
		if n(e.Title) > MaxEmbedTitle || n(e.Description) > MaxEmbedDescription || n(e.Author) > MaxEmbedAuthor ||
			n(e.Footer) > MaxEmbedFooter || len(e.Fields) > MaxEmbedFields {
			t.Fatalf("embed %d over a limit: %d %d %d %d %d", i, n(e.Title), n(e.Description), n(e.Author), n(e.Footer), len(e.Fields))
		}
		for _, f := range e.Fields {
			if n(f.Name) > MaxFieldName || n(f.Value) > MaxFieldValue || strings.TrimSpace(f.Name) == "" && f.Name != blank ||
				strings.TrimSpace(f.Value) == "" && f.Value != blank {
				t.Fatalf("field %q: %q", f.Name, f.Value)
			}
		}
	}
	if embedsLen(es) > MaxEmbedTotal {
		t.Fatalf("total %d", embedsLen(es))
	}
}

func TestFitEmbedsKeepsWhatFits(t *testing.T) {
	e := []Embed{{Title: "Veletas 7x7, game 1", Description: "d", Fields: []Field{{Name: "Black", Value: "<@1>", Inline: true}}, Image: "b.png"}}
	got := FitEmbeds(e)
	if len(got) != 1 || got[0].Title != e[0].Title || got[0].Fields[0] != e[0].Fields[0] || got[0].Image != "b.png" {
		t.Fatalf("%+v", got)
	}
	// Over the total: the last parts go first, and the first embed stays whole.
	big := []Embed{{Title: "first", Description: strings.Repeat("a", 4000)}, {Title: "second", Description: strings.Repeat("b", 4000)}}
	got = FitEmbeds(big)
	checkLimits(t, got)
	if got[0].Description != big[0].Description || embedsLen(got) != MaxEmbedTotal || !strings.HasSuffix(got[1].Description, "…") {
		t.Fatalf("total %d, first kept %v", embedsLen(got), got[0].Description == big[0].Description)
	}
}

func FuzzFitEmbeds(f *testing.F) {
	f.Add("title", "description", "name", "value", "footer", 3, 2)
	f.Add(strings.Repeat("x", 300), strings.Repeat("é", 5000), "", " ", strings.Repeat("f", 3000), 12, 30)
	f.Fuzz(func(t *testing.T, title, desc, name, value, footer string, embeds, fields int) {
		embeds, fields = min(max(embeds, 0), 20), min(max(fields, 0), 40)
		var es []Embed
		for range embeds {
			e := Embed{Title: title, Description: desc, Footer: footer, Author: title}
			for range fields {
				e.Fields = append(e.Fields, Field{Name: name, Value: value})
			}
			es = append(es, e)
		}
		checkLimits(t, FitEmbeds(es))
	})
}
