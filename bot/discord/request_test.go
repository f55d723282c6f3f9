package discord

import (
	"testing"

	"github.com/bwmarrin/discordgo"
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
			Data: discordgo.ApplicationCommandInteractionData{Name: CommandName, Options: []*discordgo.ApplicationCommandInteractionDataOption{
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
