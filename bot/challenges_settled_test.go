package bot

import (
	"context"
	"strings"
	"testing"
)

// edits returns the posts of r that edit a message (Post.Message), by
// message id, checking that each is public, without buttons nor pings.
func edits(tb testing.TB, r Reply) map[string]Post {
	tb.Helper()
	out := map[string]Post{}
	for _, p := range r.Posts {
		if p.Message == "" {
			continue
		}
		if len(p.Reply.Buttons) != 0 || len(p.Reply.Mentions) != 0 || p.Reply.Ephemeral || len(p.Reply.Embeds) != 0 {
			tb.Fatalf("the edit of %s keeps buttons, embeds or pings: %+v", p.Message, p)
		}
		if _, dup := out[p.Message]; dup {
			tb.Fatalf("message %s edited twice: %+v", p.Message, r.Posts)
		}
		out[p.Message] = p
	}
	return out
}

// TestSettledChallengeMessageEdited checks that a challenge settled other
// than by a button on its own message (accepted with /veletas accept,
// declined or withdrawn with /veletas decline, withdrawn as a game starts
// in its channel) has its recorded message edited into a notice without
// buttons, in the language of the one who acted, carried by the reply.
func TestSettledChallengeMessageEdited(t *testing.T) {
	type texts struct {
		accepted, acceptedOpen, declined, withdrawn, withdrawnDave, withdrawnOpen, closedTo, closedOpen string
	}
	for loc, want := range map[string]texts{
		"en": {
			accepted:      "<@alice>'s challenge to <@bob> was accepted.",
			acceptedOpen:  "<@carol>'s open challenge was accepted by <@bob>.",
			declined:      "<@alice>'s challenge to <@bob> was declined.",
			withdrawn:     "<@alice>'s challenge to <@bob> was withdrawn.",
			withdrawnDave: "<@alice>'s challenge to <@dave> was withdrawn.",
			withdrawnOpen: "<@alice>'s open challenge was withdrawn.",
			closedTo:      "<@dave>'s challenge to <@erin> was withdrawn: a game started in this channel.",
			closedOpen:    "<@bob>'s open challenge was withdrawn: a game started in this channel.",
		},
		"fr": {
			accepted:      "Le défi de <@alice> à <@bob> a été accepté.",
			acceptedOpen:  "Le défi ouvert de <@carol> a été accepté par <@bob>.",
			declined:      "Le défi de <@alice> à <@bob> a été refusé.",
			withdrawn:     "Le défi de <@alice> à <@bob> a été retiré.",
			withdrawnDave: "Le défi de <@alice> à <@dave> a été retiré.",
			withdrawnOpen: "Le défi ouvert de <@alice> a été retiré.",
			closedTo:      "Le défi de <@dave> à <@erin> a été retiré : une partie a commencé dans ce salon.",
			closedOpen:    "Le défi ouvert de <@bob> a été retiré : une partie a commencé dans ce salon.",
		},
		"ja": {
			accepted:      "<@alice> さんから <@bob> さんへの挑戦は受諾されました。",
			acceptedOpen:  "<@carol> さんの誰でも受けられる挑戦は <@bob> さんが受けました。",
			declined:      "<@alice> さんから <@bob> さんへの挑戦は断られました。",
			withdrawn:     "<@alice> さんから <@bob> さんへの挑戦は取り下げられました。",
			withdrawnDave: "<@alice> さんから <@dave> さんへの挑戦は取り下げられました。",
			withdrawnOpen: "<@alice> さんの誰でも受けられる挑戦は取り下げられました。",
			closedTo:      "このチャンネルで対局が始まったため、<@dave> さんから <@erin> さんへの挑戦は取り下げられました。",
			closedOpen:    "このチャンネルで対局が始まったため、<@bob> さんの誰でも受けられる挑戦は取り下げられました。",
		},
	} {
		t.Run(loc, func(t *testing.T) {
			e := newEnv(t, Config{})
			n := 0
			// challenge makes a challenge in channel ch whose message is
			// recorded (when record), and returns its message's id.
			challenge := func(ch string, record bool, user string, opts ...string) (Reply, string) {
				t.Helper()
				e.chann = ch
				r := public(t, e.cmd(user, "challenge", opts...))
				n++
				id := "13000000000000000" + string(rune('0'+n/10)) + string(rune('0'+n%10))
				if record {
					r.Posted(id)
				}
				return r, id
			}
			check := func(r Reply, ch string, want map[string]string) {
				t.Helper()
				got := edits(t, public(t, r))
				if len(got) != len(want) {
					t.Fatalf("edits %+v; want %v", r.Posts, want)
				}
				for id, text := range want {
					p, ok := got[id]
					if !ok || p.Channel != ch || p.Reply.Text != text {
						t.Fatalf("edit of %s: %+v; want %q in %s", id, p, text, ch)
					}
				}
			}

			// Accepted with /veletas accept: the challenge to bob, and an
			// open one.
			_, m := challenge("c1", true, "alice", "opponent=bob")
			check(e.in("", loc, "bob", "accept"), "c1", map[string]string{m: want.accepted})
			_, m = challenge("c2", true, "carol")
			check(e.in("", loc, "bob", "accept"), "c2", map[string]string{m: want.acceptedOpen})

			// Declined by the opponent; withdrawn by the challenger with
			// /veletas withdraw: the one to a player named, then all.
			_, m = challenge("c3", true, "alice", "opponent=bob")
			check(e.in("", loc, "bob", "decline"), "c3", map[string]string{m: want.declined})
			_, m = challenge("c3", true, "alice", "opponent=bob")
			_, m2 := challenge("c3", true, "alice")
			_, m3 := challenge("c3", true, "alice", "opponent=dave")
			check(e.in("", loc, "alice", "withdraw", "opponent=bob"), "c3", map[string]string{m: want.withdrawn})
			check(e.in("", loc, "alice", "withdraw"), "c3", map[string]string{m2: want.withdrawnOpen, m3: want.withdrawnDave})
			if cs, err := e.db.Challenges(t.Context(), e.guild, "c3"); err != nil || len(cs) != 0 {
				t.Fatalf("challenges left after withdraw: %+v %v", cs, err)
			}
			if r := e.in("", loc, "alice", "withdraw"); !r.Ephemeral {
				t.Fatalf("withdraw with none open: %+v", r)
			}

			// A game's start withdraws the channel's other challenges:
			// those whose message is recorded are edited; one whose
			// message is unknown is not. (bob's own open challenge is
			// not one he could accept.)
			_, accepted := challenge("c4", true, "alice", "opponent=bob")
			_, open := challenge("c4", true, "bob")
			_, to := challenge("c4", true, "dave", "opponent=erin")
			challenge("c4", false, "gina", "opponent=frank")
			check(e.in("", loc, "bob", "accept"), "c4", map[string]string{
				accepted: want.accepted, open: want.closedOpen, to: want.closedTo})

			// Pressed on its own message, a button's reply replaces that
			// message (Update): no edit. Pressed without the front end
			// naming the message, neither.
			r, m := challenge("c5", true, "alice", "opponent=bob")
			req := Request{Type: TypeButton, Guild: e.guild, Channel: "c5", User: User{ID: "bob", Name: "bob"},
				CustomID: button(t, r, "Accept"), Message: m, Locale: loc}
			pressed := e.bot.Handle(context.Background(), req)
			if !pressed.Update {
				t.Fatalf("the press did not update its message: %+v", pressed)
			}
			check(pressed, "c5", nil)
			r, _ = challenge("c6", true, "alice", "opponent=bob")
			pressed = e.press("bob", button(t, r, "Decline"))
			if !pressed.Update {
				t.Fatalf("the press did not update its message: %+v", pressed)
			}
			check(pressed, "c6", nil)

			// Accepted from the list /veletas accept shows when several
			// are open: the challenge's own message is edited.
			_, m = challenge("c7", true, "alice", "opponent=bob")
			_, m2 = challenge("c7", true, "dave", "opponent=bob")
			list := e.in("", loc, "bob", "accept")
			if !list.Ephemeral || len(list.Buttons) != 2 {
				t.Fatalf("no list of the challenges: %+v", list)
			}
			req = Request{Type: TypeButton, Guild: e.guild, Channel: "c7", User: User{ID: "bob", Name: "bob"},
				CustomID: list.Buttons[1].CustomID, Message: "1399999999999999999", Locale: loc}
			picked := e.bot.Handle(context.Background(), req)
			got := edits(t, public(t, picked))
			if p := got[m]; len(got) != 2 || !strings.Contains(p.Reply.Text, "<@alice>") || got[m2].Reply.Text == "" {
				t.Fatalf("accepting from the list: edits %+v; want alice's (withdrawn) and dave's (accepted)", picked.Posts)
			}
		})
	}
}

// TestAIGameWithdrawsEditsMessages checks that a game against the computer
// withdraws the channel's challenges and edits their recorded messages.
func TestAIGameWithdrawsEditsMessages(t *testing.T) {
	e := newEnv(t, Config{})
	e.startAI(AIConfig{Workers: 1, NewPlayer: veletasPlayers(seededAI(10))})
	r := public(t, e.cmd("dave", "challenge", "opponent=erin"))
	r.Posted("1300000000000000042")
	start := public(t, e.cmd("alice", "challenge", "opponent="+aiName, "level=easy", "size=7"))
	got := edits(t, start)
	want := "<@dave>'s challenge to <@erin> was withdrawn: a game started in this channel."
	if p, ok := got["1300000000000000042"]; len(got) != 1 || !ok || p.Channel != e.chann || p.Reply.Text != want {
		t.Fatalf("edits %+v; want %q", start.Posts, want)
	}
}

// TestWithdrawCommand checks that /fanorona withdraw withdraws only the
// user's Fanorona challenges, and the refusals of /veletas withdraw.
func TestWithdrawCommand(t *testing.T) {
	e := newEnv(t, Config{})
	public(t, e.cmd("alice", "challenge", "opponent=bob"))
	fr := public(t, e.in("fanorona", "", "alice", "challenge", "opponent=bob"))
	fr.Posted("1300000000000000077")
	r := public(t, e.in("fanorona", "", "alice", "withdraw"))
	if r.Text != "<@alice> withdrew the challenge to <@bob>." || len(r.Mentions) != 1 || r.Mentions[0] != "bob" {
		t.Fatalf("/fanorona withdraw: %+v", r)
	}
	got := edits(t, r)
	if p := got["1300000000000000077"]; len(got) != 1 || p.Reply.Text != "<@alice>'s challenge to <@bob> was withdrawn." {
		t.Fatalf("/fanorona withdraw edits %+v", r.Posts)
	}
	cs, err := e.db.Challenges(t.Context(), e.guild, e.chann)
	if err != nil || len(cs) != 1 || cs[0].Kind != kindVeletas {
		t.Fatalf("left: %+v %v; want the Veletas challenge", cs, err)
	}
	refused(t, e.cmd("alice", "withdraw", "opponent=carol"), "no open challenge to <@carol>")
	refused(t, e.cmd("alice", "withdraw", "opponent=not an id"), "as a mention")
	refused(t, e.cmd("bob", "withdraw"), "no open challenge in this channel")
	if cs, err := e.db.Challenges(t.Context(), e.guild, e.chann); err != nil || len(cs) != 1 {
		t.Fatalf("a refused withdraw changed the challenges: %+v %v", cs, err)
	}
}
