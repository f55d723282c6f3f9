package discord

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// openFake is an adapter connected to a fake Discord that answers
// nothing (for tests that send messages themselves).
func openFake(t *testing.T) (*fakediscord.Server, *Adapter) {
	t.Helper()
	fake := fakediscord.New()
	t.Cleanup(fake.Close)
	d, err := New(testToken, fake.URL(), idleHandler{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return fake, d
}

// TestFakeRefusesWhatDiscordRefuses: each of Discord's embed limits,
// broken by one character, gets Discord's 400 with code 50035 and the
// path of the part; the message is not stored. At the limit it is taken.
func TestFakeRefusesWhatDiscordRefuses(t *testing.T) {
	fake, d := openFake(t)
	s := d.Session
	x := func(n int) string { return strings.Repeat("é", n) } // one character, two bytes
	fields := func(n int) []*discordgo.MessageEmbedField {
		var fs []*discordgo.MessageEmbedField
		for range n {
			fs = append(fs, &discordgo.MessageEmbedField{Name: "n", Value: "v"})
		}
		return fs
	}
	many := func(n int) []*discordgo.MessageEmbed {
		var es []*discordgo.MessageEmbed
		for range n {
			es = append(es, &discordgo.MessageEmbed{Title: "t"})
		}
		return es
	}
	for _, c := range []struct {
		name    string
		content string
		embeds  []*discordgo.MessageEmbed
		path    string // "" when Discord takes it
		code    string
	}{
		{"content 2000", x(2000), nil, "", ""},
		{"content 2001", x(2001), nil, "content", "BASE_TYPE_MAX_LENGTH"},
		{"title 256", "", []*discordgo.MessageEmbed{{Title: x(256)}}, "", ""},
		{"title 257", "", []*discordgo.MessageEmbed{{Title: x(257)}}, "embeds.0.title", "BASE_TYPE_MAX_LENGTH"},
		{"description 4097", "", []*discordgo.MessageEmbed{{Description: x(4097)}}, "embeds.0.description", "BASE_TYPE_MAX_LENGTH"},
		{"25 fields", "", []*discordgo.MessageEmbed{{Fields: fields(25)}}, "", ""},
		{"26 fields", "", []*discordgo.MessageEmbed{{Fields: fields(26)}}, "embeds.0.fields", "BASE_TYPE_MAX_LENGTH"},
		{"field name 257", "", []*discordgo.MessageEmbed{{Fields: []*discordgo.MessageEmbedField{{Name: x(257), Value: "v"}}}}, "embeds.0.fields.0.name", "BASE_TYPE_MAX_LENGTH"},
		{"field value 1025", "", []*discordgo.MessageEmbed{{Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: x(1025)}}}}, "embeds.0.fields.0.value", "BASE_TYPE_MAX_LENGTH"},
		{"empty field value", "", []*discordgo.MessageEmbed{{Fields: []*discordgo.MessageEmbedField{{Name: "n", Value: ""}}}}, "embeds.0.fields.0.value", "BASE_TYPE_REQUIRED"},
		{"footer 2049", "", []*discordgo.MessageEmbed{{Footer: &discordgo.MessageEmbedFooter{Text: x(2049)}}}, "embeds.0.footer.text", "BASE_TYPE_MAX_LENGTH"},
		{"author 257", "", []*discordgo.MessageEmbed{{Author: &discordgo.MessageEmbedAuthor{Name: x(257)}}}, "embeds.0.author.name", "BASE_TYPE_MAX_LENGTH"},
		{"10 embeds", "", many(10), "", ""},
		{"11 embeds", "", many(11), "embeds", "BASE_TYPE_MAX_LENGTH"},
		{"total 6000", "", []*discordgo.MessageEmbed{{Description: x(4000)}, {Description: x(2000)}}, "", ""},
		{"total 6001", "", []*discordgo.MessageEmbed{{Description: x(4000)}, {Description: x(2000), Title: "t"}}, "embeds", "MAX_EMBED_SIZE_EXCEEDED"},
	} {
		channel := "c-" + strings.ReplaceAll(c.name, " ", "-")
		msg, err := s.ChannelMessageSendComplex(channel, &discordgo.MessageSend{Content: c.content, Embeds: c.embeds})
		got, werr := fake.NextPost(channel, 5*time.Second)
		if werr != nil {
			t.Fatalf("%s: %v", c.name, werr)
		}
		if c.path == "" {
			if err != nil || got.Kind != "post" || len(got.Embeds) != len(c.embeds) {
				t.Fatalf("%s: refused: %v %+v", c.name, err, got)
			}
			if _, ok := fake.Message(msg.ID); !ok {
				t.Fatalf("%s: not stored", c.name)
			}
			continue
		}
		var re *discordgo.RESTError
		if !errors.As(err, &re) || re.Response.StatusCode != http.StatusBadRequest || got.Kind != "refused" {
			t.Fatalf("%s: want a 400, got %v (%+v)", c.name, err, got)
		}
		// Discord's shape: {"code": 50035, "errors": {path...: {"_errors": [{"code": ...}]}}, "message": "Invalid Form Body"}
		var body struct {
			Code    int            `json:"code"`
			Message string         `json:"message"`
			Errors  map[string]any `json:"errors"`
		}
		if err := json.Unmarshal(re.ResponseBody, &body); err != nil || body.Code != 50035 || body.Message != "Invalid Form Body" {
			t.Fatalf("%s: body %s", c.name, re.ResponseBody)
		}
		node := any(body.Errors)
		for _, k := range strings.Split(c.path, ".") {
			m, _ := node.(map[string]any)
			node = m[k]
		}
		errs, _ := node.(map[string]any)["_errors"].([]any)
		if len(errs) != 1 || errs[0].(map[string]any)["code"] != c.code {
			t.Fatalf("%s: want %s at %s, body %s", c.name, c.code, c.path, re.ResponseBody)
		}
	}
}

// TestAdapterKeepsEmbedsWithinLimits: a reply whose every embed part is
// far over Discord's limits, with too many embeds and fields, goes out
// through each path of the adapter (a channel post, an interaction's
// response, a follow-up) and Discord (the fake) takes it: the adapter
// cuts it with bot.FitEmbeds.
func TestAdapterKeepsEmbedsWithinLimits(t *testing.T) {
	huge := func(n int) string { return strings.Repeat("漢", n) }
	var es []bot.Embed
	for range 12 {
		e := bot.Embed{Title: huge(300), Description: huge(5000), Author: huge(300), Footer: huge(3000), Image: "board.png"}
		for range 30 {
			e.Fields = append(e.Fields, bot.Field{Name: huge(300), Value: huge(2000)})
		}
		e.Fields = append(e.Fields, bot.Field{Name: "", Value: " "})
		es = append(es, e)
	}
	r := bot.Reply{Text: huge(2500), Embeds: es, Images: []bot.Image{{Name: "board.png", PNG: []byte("\x89PNG")}}}
	fake, d := openFake(t)
	fake.CheckConformance(t)
	if err := d.Send(context.Background(), "big", r); err != nil {
		t.Fatalf("send: %v", err)
	}
	got, err := fake.NextPost("big", 5*time.Second)
	if err != nil || got.Kind != "post" {
		t.Fatalf("post: %+v %v", got, err)
	}
	total := 0
	for _, e := range got.Embeds {
		total += utf8.RuneCountInString(e.Title + e.Description + e.FooterText())
		if e.Author != nil {
			total += utf8.RuneCountInString(e.Author.Name)
		}
		for _, f := range e.Fields {
			total += utf8.RuneCountInString(f.Name + f.Value)
		}
		if e.ImageURL() != "attachment://board.png" {
			t.Fatalf("image %q", e.ImageURL())
		}
	}
	if len(got.Embeds) != bot.MaxEmbeds || total > bot.MaxEmbedTotal || total < bot.MaxEmbedTotal-10 || utf8.RuneCountInString(got.Content) != 2000 {
		t.Fatalf("%d embeds, %d characters, content %d", len(got.Embeds), total, utf8.RuneCountInString(got.Content))
	}
	// The same through an interaction's first response (ResponseFor).
	resp := ResponseFor(r)
	if len(resp.Data.Embeds) != bot.MaxEmbeds || resp.Data.Embeds[0].Image.URL != "attachment://board.png" {
		t.Fatalf("response embeds %+v", resp.Data.Embeds)
	}
}

// BenchmarkCardEmbed measures what a game card's embed adds to a reply:
// fitting it to Discord's limits, mapping it to discordgo's embed and
// encoding it as JSON (the card of a 10x10 game in play).
func BenchmarkCardEmbed(b *testing.B) {
	es := []bot.Embed{{
		Title:       "Veletas 10x10, game 123",
		Description: "<@200000000000000011>, your turn (White): `/veletas move shooter:… shoot:…` (add `to:…` to move the shooter first).",
		Color:       bot.ColorWhite,
		Fields: []bot.Field{
			{Name: "Black", Value: "<@200000000000000022>", Inline: true},
			{Name: "White", Value: "<@200000000000000011>", Inline: true},
			{Name: "Claims", Value: "Black 2 – White 1 (first to 4 of 7 wins)", Inline: true},
			{Name: "Last action", Value: "`d4-d7/f9` by <@200000000000000022>", Inline: true},
			{Name: "Time left", Value: "due <t:1772625600:R> (<t:1772625600:f>), 3 days per move", Inline: true},
		},
		Image: "veletas-123-45.png",
	}}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(embeds(es)); err != nil {
			b.Fatal(err)
		}
	}
}
