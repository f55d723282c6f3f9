package discord

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/internal/fakediscord"
)

// BenchmarkPickerStep measures a step of the picker through the adapter,
// from the interaction read to its response encoded with the preview
// image, on a 10x10 Veletas game after its setup: "play" is the Play
// button opening the picker, "choose" a shooter chosen in its menu (the
// next step: the shooter's destinations, with the preview). Neither
// changes the game, so every iteration is the same step.
func BenchmarkPickerStep(b *testing.B) {
	bt, db := benchBot(b)
	playSetup(b, bt, db, "c0", rand.New(rand.NewPCG(1, 1)))
	g, err := db.ActiveGame(b.Context(), "g", "c0")
	if err != nil {
		b.Fatal(err)
	}
	id, rev := strconv.FormatUint(g.ID, 10), strconv.Itoa(g.Revision)
	press := func(customID string, values ...string) *discordgo.Interaction {
		data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
		if len(values) > 0 {
			data.ComponentType, data.Values = discordgo.SelectMenuComponent, values
		}
		return &discordgo.Interaction{
			ID: "1", AppID: fakediscord.AppID, Type: discordgo.InteractionMessageComponent, GuildID: "g", ChannelID: "c0",
			Member:  &discordgo.Member{User: &discordgo.User{ID: g.ToAct(), Username: g.ToAct()}},
			Message: &discordgo.Message{ID: "900"}, Data: data, Token: "tok",
		}
	}
	open := bt.Handle(context.Background(), mustRequest(b, press("veletas:play:"+id+":"+rev)))
	if open.Select == nil || len(open.Images) != 1 {
		b.Fatalf("Play: %s", open.Plain())
	}
	shooter := open.Select.Options[0].Value
	for _, tc := range []struct {
		name string
		in   *discordgo.Interaction
	}{
		{"play", press("veletas:play:" + id + ":" + rev)},
		{"choose", press("veletas:pk:"+id+":"+rev+":s:", shooter)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				req, err := RequestFromInteraction(tc.in)
				if err != nil {
					b.Fatal(err)
				}
				rep := bt.Handle(ctx, req)
				resp := ResponseFor(rep)
				if _, _, err := discordgo.MultipartBodyWithJSON(resp, resp.Data.Files); err != nil {
					b.Fatal(err)
				}
				if rep.Select == nil || len(rep.Images) != 1 {
					b.Fatalf("the step was refused: %s", rep.Plain())
				}
			}
		})
	}
}

func mustRequest(b *testing.B, in *discordgo.Interaction) bot.Request {
	b.Helper()
	req, err := RequestFromInteraction(in)
	if err != nil {
		b.Fatal(err)
	}
	return req
}
