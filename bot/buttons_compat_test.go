package bot

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// Buttons already posted keep working: every custom id format that this
// and earlier code wrote is pressed here, for every button action, and
// the outcome is checked in the store. The formats, from the history of
// ButtonID.String and its callers (git log -S customIDPrefix, -S
// gameButton, -S challengeButton), are all "PREFIX:ACTION:KEY:REV":
//
//   - PREFIX "veletas", the product's (ButtonID.Game ""): Veletas's
//     buttons, from the first commit on; PREFIX the game's command
//     (ButtonID.Game "fanorona"): every button of a Fanorona game or
//     challenge, since Fanorona came with the game modules. No code wrote
//     a Fanorona button with PREFIX "veletas", and such a button is
//     refused as forged (TestPostedButtonOfAnotherGame);
//   - REV 0 on a challenge's Accept and Decline (a rematch or Véla offer's
//     too): before the challenge's expiry was carried in REV; the expiry
//     since.
//
// KEY has always been the challenge's or the game's id, and REV of the
// other buttons the game's revision (swap, keep, drawyes, drawno), the
// takeback's (tbyes, tbno) or 0 (rematch, record, vela).

// buttonFormat rewrites the custom id today's code writes into one
// written by earlier code.
type buttonFormat struct {
	name    string
	rewrite func(id ButtonID) ButtonID
}

// formatsOf are the formats of game's buttons of action (see above).
func formatsOf(game, action string) []buttonFormat {
	prefix, name := "", "without the game prefix" // "veletas:", Veletas's
	if game != "veletas" {
		prefix, name = game, "with the game prefix"
	}
	fs := []buttonFormat{{name, func(id ButtonID) ButtonID { id.Game = prefix; return id }}}
	if action == btnAccept || action == btnDecline {
		fs = append(fs, buttonFormat{name + ", revision 0", func(id ButtonID) ButtonID { id.Game, id.Rev = prefix, 0; return id }})
	}
	return fs
}

// asPosted rewrites today's custom id in format f.
func asPosted(tb testing.TB, f buttonFormat, customID string) string {
	tb.Helper()
	id, err := parseCustomID(customID)
	if err != nil {
		tb.Fatalf("today's button %q: %v", customID, err)
	}
	old := f.rewrite(id)
	prefix := old.Game
	if prefix == "" {
		prefix = "veletas"
	}
	// Written out, not by ButtonID.String: the format is what was posted.
	return prefix + ":" + old.Action + ":" + old.Key + ":" + strconv.FormatUint(old.Rev, 10)
}

// eachFormat runs check in a new env for every format of game's buttons
// of action.
func eachFormat(t *testing.T, game, action string, check func(t *testing.T, e *env, posted func(id string) string)) {
	for _, f := range formatsOf(game, action) {
		t.Run(game+"/"+action+"/"+f.name, func(t *testing.T) {
			e := newEnv(t, Config{})
			check(t, e, func(id string) string {
				if p, err := parseCustomID(id); err != nil || p.Action != action {
					t.Fatalf("the button %q is not a %s button (%v)", id, action, err)
				}
				return asPosted(t, f, id)
			})
		})
	}
}

// challenge has alice challenge bob to game (alice White in Fanorona).
func (e *env) challenge(game string) Reply {
	e.tb.Helper()
	if game == "fanorona" {
		return public(e.tb, e.fcmd("alice", "challenge", "opponent=bob", "side=white"))
	}
	return public(e.tb, e.cmd("alice", "challenge", "opponent=bob", "size=7"))
}

// activeGame is the channel's game, which must be of kind k.
func (e *env) activeGame(k game.Kind) store.Game {
	e.tb.Helper()
	g, err := e.db.ActiveGame(e.tb.Context(), e.guild, e.chann)
	if err != nil || g.Kind != k {
		e.tb.Fatalf("no %v game in the channel: %v %+v", k, err, g)
	}
	return g
}

func kindOf(game string) game.Kind {
	if game == "fanorona" {
		return fanorona.GameKind
	}
	return veletas.GameKind
}

func TestPostedAcceptButtons(t *testing.T) {
	for _, game := range []string{"veletas", "fanorona"} {
		eachFormat(t, game, btnAccept, func(t *testing.T, e *env, posted func(string) string) {
			id := button(t, e.challenge(game), "Accept")
			public(t, e.press("bob", posted(id)))
			g := e.activeGame(kindOf(game))
			if g.Players != [2]string{"alice", "bob"} || !g.Rated {
				t.Fatalf("the accepted challenge's game: %+v", g)
			}
			pid, _ := parseCustomID(id)
			if cid, _ := strconv.ParseUint(pid.Key, 10, 64); cid == 0 {
				t.Fatalf("challenge key %q", pid.Key)
			} else if _, err := e.db.Challenge(t.Context(), cid); !errors.Is(err, store.ErrChallengeNotFound) {
				t.Fatalf("the accepted challenge is still open: %v", err)
			}
		})
	}
}

func TestPostedDeclineButtons(t *testing.T) {
	for _, game := range []string{"veletas", "fanorona"} {
		eachFormat(t, game, btnDecline, func(t *testing.T, e *env, posted func(string) string) {
			id := button(t, e.challenge(game), "Decline")
			r := e.press("bob", posted(id))
			if r.Ephemeral || !r.Update || !strings.Contains(r.Plain(), "declined") {
				t.Fatalf("decline: %+v", r)
			}
			pid, _ := parseCustomID(id)
			cid, _ := strconv.ParseUint(pid.Key, 10, 64)
			if _, err := e.db.Challenge(t.Context(), cid); !errors.Is(err, store.ErrChallengeNotFound) {
				t.Fatalf("the declined challenge %d is still open: %v", cid, err)
			}
			if _, err := e.db.ActiveGame(t.Context(), e.guild, e.chann); err == nil {
				t.Fatal("a declined challenge started a game")
			}
		})
	}
}

// TestPostedSwapKeepButtons: the second player's choice, Veletas's.
func TestPostedSwapKeepButtons(t *testing.T) {
	for _, tc := range []struct {
		action, label string
		swapped       bool
	}{{btnSwap, "Swap", true}, {btnKeep, "Keep", false}} {
		eachFormat(t, "veletas", tc.action, func(t *testing.T, e *env, posted func(string) string) {
			e.startGame("7")
			choice := public(t, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
			public(t, e.press("bob", posted(button(t, choice, tc.label))))
			pos := vmatch(e.activeGame(veletas.GameKind)).Position()
			if pos.Phase() != veletas.PhaseSetup2 || pos.Swapped() != tc.swapped {
				t.Fatalf("after %s: phase %v, swapped %v", tc.label, pos.Phase(), pos.Swapped())
			}
		})
	}
}

// takebackAsked plays one turn of alice's in game and has her ask to take
// it back; it returns the request and the game's length of record.
func (e *env) takebackAsked(game string) (Reply, int) {
	e.tb.Helper()
	if game == "fanorona" {
		e.startFanorona("")
		public(e.tb, e.fcmd("alice", "move", "path=d2-e3A"))
		return public(e.tb, e.fcmd("alice", "takeback")), fmatch(e.fgame()).Game().Len()
	}
	e.startGame("7")
	public(e.tb, e.cmd("alice", "setup", "shooters=c5", "stone=d2"))
	public(e.tb, e.cmd("bob", "keep"))
	public(e.tb, e.cmd("bob", "setup", "shooters=a1 g7", "stone=e4"))
	public(e.tb, e.cmd("alice", "move", "shooter=c5", "shoot=c6"))
	return public(e.tb, e.cmd("alice", "takeback")), vstate(e.activeGame(veletas.GameKind)).Len()
}

// recordLen is the length of the record of the channel's game.
func (e *env) recordLen(game string) int {
	if game == "fanorona" {
		return fmatch(e.fgame()).Game().Len()
	}
	return vstate(e.activeGame(veletas.GameKind)).Len()
}

func TestPostedTakebackButtons(t *testing.T) {
	for _, game := range []string{"veletas", "fanorona"} {
		for _, tc := range []struct {
			action, label string
			undone        bool
		}{{btnTakebackYes, "Accept", true}, {btnTakebackNo, "Decline", false}} {
			eachFormat(t, game, tc.action, func(t *testing.T, e *env, posted func(string) string) {
				ask, n := e.takebackAsked(game)
				r := e.press("bob", posted(button(t, ask, tc.label)))
				if r.Ephemeral || !r.Update {
					t.Fatalf("%s: %+v", tc.label, r)
				}
				want, toAct := n, "bob"
				if tc.undone {
					want, toAct = n-1, "alice"
				}
				if got := e.recordLen(game); got != want || e.activeGame(kindOf(game)).ToAct() != toAct {
					t.Fatalf("after %s: %d actions, %s to act; want %d, %s", tc.label, got, e.activeGame(kindOf(game)).ToAct(), want, toAct)
				}
			})
		}
	}
}

// ended plays game to its end by a resignation (bob's, after one turn
// of alice's in Fanorona; alice's in Veletas) and returns the final
// message and the game.
func (e *env) ended(game string) (Reply, store.Game) {
	e.tb.Helper()
	if game == "fanorona" {
		e.startFanorona("")
		public(e.tb, e.fcmd("alice", "move", "path=d2-e3A"))
		g := e.fgame()
		return public(e.tb, e.fcmd("bob", "resign")), g
	}
	e.startGame("7")
	g := e.activeGame(veletas.GameKind)
	return public(e.tb, e.cmd("alice", "resign")), g
}

func TestPostedRecordButtons(t *testing.T) {
	for _, game := range []string{"veletas", "fanorona"} {
		eachFormat(t, game, btnRecord, func(t *testing.T, e *env, posted func(string) string) {
			end, g := e.ended(game)
			r := e.press("carol", posted(button(t, end, "Record")))
			if !r.Ephemeral || !strings.Contains(r.Plain(), "Record of game "+strconv.FormatUint(g.ID, 10)) {
				t.Fatalf("record: %+v", r)
			}
		})
	}
}

func TestPostedRematchButtons(t *testing.T) {
	for _, game := range []string{"veletas", "fanorona"} {
		eachFormat(t, game, btnRematch, func(t *testing.T, e *env, posted func(string) string) {
			end, old := e.ended(game)
			offer := followed(t, public(t, e.press("alice", posted(button(t, end, "Rematch")))))
			if !strings.Contains(offer.Plain(), "offers a rematch of game "+strconv.FormatUint(old.ID, 10)) {
				t.Fatalf("rematch offer: %q", offer.Plain())
			}
			public(t, e.press("bob", button(t, offer, "Accept")))
			g := e.activeGame(kindOf(game))
			if g.ID == old.ID || g.Players != [2]string{old.Players[1], old.Players[0]} {
				t.Fatalf("the rematch: %+v after %+v", g, old)
			}
		})
	}
}

func TestPostedVelaButtons(t *testing.T) {
	eachFormat(t, "fanorona", btnVela, func(t *testing.T, e *env, posted func(string) string) {
		end, _ := e.ended("fanorona")
		off := e.press("bob", posted(button(t, end, "Véla")))
		if !off.Update || off.Next == nil || !strings.Contains(off.Next.Plain(), "offers you a game of Véla") {
			t.Fatalf("Véla offer: %+v", off)
		}
		public(t, e.press("alice", button(t, *off.Next, "Accept")))
		g := e.fgame()
		if fmatch(g).Variant() != fanorona.Vela || fplayer(g, fanorona.White) != "bob" || g.Rated {
			t.Fatalf("the Véla game: %+v", g)
		}
	})
}

func TestPostedDrawButtons(t *testing.T) {
	for _, tc := range []struct {
		action, label string
		drawn         bool
	}{{btnDrawYes, "Accept", true}, {btnDrawNo, "Decline", false}} {
		eachFormat(t, "fanorona", tc.action, func(t *testing.T, e *env, posted func(string) string) {
			e.startFanorona("")
			off := public(t, e.fcmd("alice", "draw"))
			r := e.press("bob", posted(button(t, off, tc.label)))
			if r.Ephemeral || !r.Update {
				t.Fatalf("%s: %+v", tc.label, r)
			}
			if !tc.drawn {
				if g := e.fgame(); g.Over() || g.DrawBy != "" {
					t.Fatalf("after a declined draw: over %v, offer by %q", g.Over(), g.DrawBy)
				}
				return
			}
			done, err := e.db.FinishedGames(t.Context(), e.guild, "", 1)
			if err != nil || len(done) != 1 || done[0].Kind != fanorona.GameKind || done[0].Winner != "" || !done[0].Over() {
				t.Fatalf("after an accepted draw: %+v %v", done, err)
			}
		})
	}
}

// TestPostedButtonOfAnotherGame: a Fanorona challenge's Accept written
// with Veletas's prefix, which no code wrote, is refused as forged and
// leaves the challenge open.
func TestPostedButtonOfAnotherGame(t *testing.T) {
	e := newEnv(t, Config{})
	id, err := parseCustomID(button(t, e.challenge("fanorona"), "Accept"))
	if err != nil || id.Game != "fanorona" {
		t.Fatalf("today's Fanorona Accept: %+v %v", id, err)
	}
	id.Game = ""
	refused(t, e.press("bob", id.String()), "not one of mine")
	cid, _ := strconv.ParseUint(id.Key, 10, 64)
	if _, err := e.db.Challenge(t.Context(), cid); err != nil {
		t.Fatalf("the challenge after the refused press: %v", err)
	}
}
