package fakediscord

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Embeds: the fake keeps the embeds of every message and refuses, as
// Discord does (400 Bad Request, code 50035 "Invalid Form Body"), a
// message that breaks Discord's limits: content over 2000 characters, more
// than 10 embeds, a title over 256, a description over 4096, more than 25
// fields, a field name over 256 or value over 1024, a footer over 2048,
// an author name over 256, an empty field name or value, or all the
// embeds' text over 6000 characters together.

// Embed is an embed of a message as the bot sent it.
type Embed struct {
	Title       string `json:"title"`
	Description string `json:"description"`
	URL         string `json:"url"`
	Color       int    `json:"color"`
	Author      *struct {
		Name string `json:"name"`
	} `json:"author"`
	Footer *struct {
		Text string `json:"text"`
	} `json:"footer"`
	Image *struct {
		URL string `json:"url"`
	} `json:"image"`
	Thumbnail *struct {
		URL string `json:"url"`
	} `json:"thumbnail"`
	Fields []EmbedField `json:"fields"`
}

// EmbedField is a field of an embed.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline"`
}

// ImageURL is the embed's image address ("" when none), such as
// attachment://board.png.
func (e Embed) ImageURL() string {
	if e.Image == nil {
		return ""
	}
	return e.Image.URL
}

// FooterText is the embed's footer ("" when none).
func (e Embed) FooterText() string {
	if e.Footer == nil {
		return ""
	}
	return e.Footer.Text
}

// Field returns the value of the embed's field with that name.
func (e Embed) Field(name string) (string, bool) {
	for _, f := range e.Fields {
		if f.Name == name {
			return f.Value, true
		}
	}
	return "", false
}

// Discord's limits, in characters.
const (
	maxContent     = 2000
	maxEmbeds      = 10
	maxTitle       = 256
	maxDescription = 4096
	maxFields      = 25
	maxFieldName   = 256
	maxFieldValue  = 1024
	maxFooter      = 2048
	maxAuthor      = 256
	maxEmbedTotal  = 6000
)

// FormError is Discord's answer to a payload that breaks its rules: 400
// Bad Request with code 50035 and, under errors, the path of each
// offending part.
type FormError struct {
	// Errors maps a path such as "embeds.0.title" to Discord's error code
	// there (BASE_TYPE_MAX_LENGTH, BASE_TYPE_REQUIRED,
	// MAX_EMBED_SIZE_EXCEEDED).
	Errors map[string]formProblem
}

type formProblem struct{ code, message string }

func (e *FormError) Error() string {
	return fmt.Sprintf("fakediscord: 400 Invalid Form Body: %v", e.Errors)
}

func (e *FormError) add(path, code, message string) {
	if e.Errors == nil {
		e.Errors = map[string]formProblem{}
	}
	e.Errors[path] = formProblem{code, message}
}

// body is the JSON body Discord sends: {"code": 50035, "errors": {...},
// "message": "Invalid Form Body"}, with nested objects along each path
// and "_errors" at its end.
func (e *FormError) body() map[string]any {
	root := map[string]any{}
	for path, p := range e.Errors {
		node := root
		for _, key := range splitPath(path) {
			next, ok := node[key].(map[string]any)
			if !ok {
				next = map[string]any{}
				node[key] = next
			}
			node = next
		}
		node["_errors"] = []map[string]string{{"code": p.code, "message": p.message}}
	}
	return map[string]any{"code": 50035, "errors": root, "message": "Invalid Form Body"}
}

func splitPath(p string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(p); i++ {
		if i == len(p) || p[i] == '.' {
			out = append(out, p[start:i])
			start = i + 1
		}
	}
	return out
}

func writeFormError(w http.ResponseWriter, fe *FormError) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	json.NewEncoder(w).Encode(fe.body())
}

// check returns the FormError of a message's content and embeds, nil when
// Discord would take them. prefix is "data." for an interaction
// callback's body.
func check(content string, embeds []Embed, prefix string) *FormError {
	fe := &FormError{}
	n := utf8.RuneCountInString
	tooLong := func(path string, s string, max int) {
		if n(s) > max {
			fe.add(prefix+path, "BASE_TYPE_MAX_LENGTH", "Must be "+strconv.Itoa(max)+" or fewer in length.")
		}
	}
	tooLong("content", content, maxContent)
	if len(embeds) > maxEmbeds {
		fe.add(prefix+"embeds", "BASE_TYPE_MAX_LENGTH", "Must be 10 or fewer in length.")
	}
	total := 0
	for i, e := range embeds {
		p := "embeds." + strconv.Itoa(i) + "."
		tooLong(p+"title", e.Title, maxTitle)
		tooLong(p+"description", e.Description, maxDescription)
		total += n(e.Title) + n(e.Description)
		if e.Author != nil {
			tooLong(p+"author.name", e.Author.Name, maxAuthor)
			total += n(e.Author.Name)
		}
		if e.Footer != nil {
			tooLong(p+"footer.text", e.Footer.Text, maxFooter)
			total += n(e.Footer.Text)
		}
		if len(e.Fields) > maxFields {
			fe.add(prefix+p+"fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
		}
		for j, f := range e.Fields {
			fp := p + "fields." + strconv.Itoa(j) + "."
			if f.Name == "" {
				fe.add(prefix+fp+"name", "BASE_TYPE_REQUIRED", "This field is required")
			}
			if f.Value == "" {
				fe.add(prefix+fp+"value", "BASE_TYPE_REQUIRED", "This field is required")
			}
			tooLong(fp+"name", f.Name, maxFieldName)
			tooLong(fp+"value", f.Value, maxFieldValue)
			total += n(f.Name) + n(f.Value)
		}
	}
	if total > maxEmbedTotal {
		fe.add(prefix+"embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")
	}
	if len(fe.Errors) == 0 {
		return nil
	}
	return fe
}

// Text is what the message says, as the bot's Reply.Plain writes it: its
// content, then each embed's author, title (in bold), description, fields
// ("name: value") and footer, one a line.
func (m Message) Text() string {
	var sb strings.Builder
	sb.WriteString(m.Content)
	line := func(s string) {
		if s == "" {
			return
		}
		if sb.Len() > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(s)
	}
	for _, e := range m.Embeds {
		if e.Author != nil {
			line(e.Author.Name)
		}
		if e.Title != "" {
			line("**" + e.Title + "**")
		}
		line(e.Description)
		for _, f := range e.Fields {
			name, value := strings.TrimPrefix(f.Name, "\u200b"), strings.TrimPrefix(f.Value, "\u200b")
			switch {
			case name == "":
				line(value)
			case value == "":
				line(name)
			default:
				line(name + ": " + value)
			}
		}
		line(e.FooterText())
	}
	return sb.String()
}

// String names the file and its size (not its bytes, in test failures).
func (f File) String() string {
	return fmt.Sprintf("%s (%s, %d bytes)", f.Name, f.ContentType, len(f.Data))
}
