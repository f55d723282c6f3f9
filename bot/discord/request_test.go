package discord

import (
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/bot/internal/bottest"
	"github.com/veletasbot/veletas/internal/fakediscord"
	"github.com/veletasbot/veletas/store"
)

// TestRequestCarriesLocaleAndPermissions: the Request of an interaction
// carries the user's locale and whether they may manage the server.
func TestRequestCarriesLocaleAndPermissions(t *testing.T) {
	for _, tc := range []struct {
		perms  int64
		locale discordgo.Locale
		manage bool
	}{
		{discordgo.PermissionManageGuild | discordgo.PermissionSendMessages, discordgo.Japanese, true},
		{discordgo.PermissionSendMessages, discordgo.French, false},
		{discordgo.PermissionAdministrator, discordgo.EnglishUS, true},
		{0, discordgo.EnglishGB, false},
	} {
		i := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c",
			Locale: tc.locale, Member: &discordgo.Member{User: &discordgo.User{ID: "123", Username: "u"}, Permissions: tc.perms},
			Data: discordgo.ApplicationCommandInteractionData{Name: "veletas", Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "settings", Type: discordgo.ApplicationCommandOptionSubCommand}}}}
		req, err := RequestFromInteraction(i)
		if err != nil {
			t.Fatal(err)
		}
		if req.ManageServer != tc.manage || req.Locale != string(tc.locale) {
			t.Fatalf("perms %x locale %s: request has ManageServer %v, Locale %q", tc.perms, tc.locale, req.ManageServer, req.Locale)
		}
	}
}

// TestRequestCarriesRoles: the Request of an interaction in a server
// carries the member's role IDs (an unusable one left out), and a role
// option's value (/tournament role role:ID).
func TestRequestCarriesRoles(t *testing.T) {
	i := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c",
		Member: &discordgo.Member{User: &discordgo.User{ID: "123", Username: "u"}, Roles: []string{"111", "bad id", "222"}},
		Data: discordgo.ApplicationCommandInteractionData{Name: bot.TournamentCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
			{Name: "role", Type: discordgo.ApplicationCommandOptionSubCommand, Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "role", Type: discordgo.ApplicationCommandOptionRole, Value: "333"}}}}}}
	req, err := RequestFromInteraction(i)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(req.Roles, ",") != "111,222" || req.Options["role"] != "333" || req.ManageServer {
		t.Fatalf("roles %q, option %q, manage %v", req.Roles, req.Options["role"], req.ManageServer)
	}
	i.Member, i.User = nil, &discordgo.User{ID: "123", Username: "u"}
	if req, err = RequestFromInteraction(i); err != nil || req.Roles != nil {
		t.Fatalf("outside a member: roles %q, %v", req.Roles, err)
	}
}

// TestDiscordNullEntries: an interaction whose data.options holds a null
// entry (which once crashed the process) is refused with a sentence
// saying what is wrong, and the bot answers the next one.
func TestDiscordNullEntries(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	for _, tc := range []struct {
		edit func(in map[string]any)
		want string
	}{
		{func(in map[string]any) { in["data"].(map[string]any)["options"] = []any{nil} }, "I only know `/veletas`"},
		{func(in map[string]any) {
			in["data"].(map[string]any)["options"].([]any)[0].(map[string]any)["options"] = []any{nil}
		}, "the options of /veletas challenge hold an empty entry"},
		{func(in map[string]any) { in["member"].(map[string]any)["user"] = nil }, "interaction without a user"},
		{func(in map[string]any) {
			in["data"].(map[string]any)["options"].([]any)[0].(map[string]any)["options"] = []any{map[string]any{"name": "size", "type": 4, "value": 7}}
		}, "the option size is not a text, a user or a role"},
	} {
		in := fakediscord.Command(de.id(), de.Guild, "c1", alice, fakediscord.NoThreads, "challenge",
			[]fakediscord.Option{fakediscord.Str("size", "7")})
		tc.edit(in)
		m := de.send(t, in)
		if !m.Ephemeral() || !strings.Contains(m.Text(), tc.want) {
			t.Fatalf("want an ephemeral %q, got %+v", tc.want, m)
		}
		ok := de.command(t, "c1", alice, fakediscord.NoThreads, "help", nil)
		if !strings.Contains(ok.Text(), "How to play") {
			t.Fatalf("the next interaction: %+v", ok)
		}
	}
	if c, err := e.DB.Challenge(t.Context(), 1); !errors.Is(err, store.ErrChallengeNotFound) {
		t.Fatalf("a refused interaction made a challenge: %+v %v", c, err)
	}
}

// TestDiscordForgedButton: a custom id copied from a challenge in another
// server (or channel) is refused where it is pressed, and starts no game
// anywhere.
func TestDiscordForgedButton(t *testing.T) {
	e := bottest.NewEnv(t, bot.Config{})
	de := newDiscordEnv(t, nil, e)
	ch := de.command(t, "c1", alice, fakediscord.NoThreads, "challenge",
		[]fakediscord.Option{fakediscord.UserOpt("opponent", bob.ID), fakediscord.Str("size", "7")}, bob)
	accept := buttonOf(t, ch, "Accept")
	for _, where := range [][2]string{{"g2", "c1"}, {"g2", "c9"}, {de.Guild, "c2"}} {
		in := fakediscord.Press(de.id(), where[0], where[1], bob, fakediscord.NoThreads, de.id(), accept)
		m := de.send(t, in)
		if !m.Ephemeral() || !strings.Contains(m.Text(), "not one of mine") {
			t.Fatalf("forged Accept in %v: %+v", where, m)
		}
		if games, err := e.DB.ActiveGames(t.Context(), ""); err != nil || len(games) != 0 {
			t.Fatalf("forged Accept in %v started %d games: %v", where, len(games), err)
		}
	}
	m, _ := de.pressOn(t, "c1", bob, de.stored(t, ch.ID), "Accept")
	de.settledTo(t, m, ch.ID, "accepted", "")
	if _, err := e.DB.ActiveGame(t.Context(), de.Guild, "c1"); err != nil {
		t.Fatalf("the genuine Accept: %v", err)
	}
}
