package bot

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// The picker: a player acts by pointing rather than typing. Every card of
// a game whose rules are a game.Pickable, where a human is to act, has a
// Play button (gameViewFor). Pressed by the player to act, it opens an
// ephemeral message: a select menu of the legal options of the next
// choice (game.Pick: at most 25, a larger choice split into groups), a
// preview of the board with the squares chosen so far marked (the
// module's Previewer, when it has one), and Back and Confirm buttons.
// Each choice updates that message in place (Reply.Update); Confirm, or
// a choice that completes a step of a turn played a step at a time
// (game.Step.Commit), applies the action through store.DB.Act at the
// revision the picker was opened on, with game.Pickable.Act: the same
// transaction, refusals and time limits as a typed command, and the
// public card follows as a new message (Reply.Next).
//
// The picker keeps no state on the server: its state is its components'
// custom ids,
//
//	GAME:pk:ID:REV:OP:V1,V2,...
//
// GAME the game's command, ID the game, REV the revision the picker was
// made for, OP what the component does ("s" the select menu: its value
// is appended; "b" Back: show the choices listed; "c" Confirm: apply
// them) and V1,V2... the values chosen so far (game.Option.Value, group
// choices "~N" included). A press whose game is not the channel's active
// one, or whose REV is not the game's revision (the game moved on, or
// another picker acted), is refused and changes nothing. The values are
// short (squares, words), so a step list fits in Discord's 100
// characters; one that would not is refused with a plain message asking
// for the typed command (pick.toolong), never cut.

// Select is a select menu under a reply: one choice among Options (at
// most MaxSelectOptions), its id a custom id as a button's.
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
}

// SelectOption is one option of a Select: the label shown (at most
// MaxSelectLabel characters) and the value sent back (Request.Values).
type SelectOption struct {
	Label, Value string
}

// Discord's limits on a select menu.
const (
	MaxSelectOptions = 25
	MaxSelectLabel   = 100
)

// Previewer is a module that draws its game's board small, with points
// marked: the picker's preview of the choices made so far.
type Previewer interface {
	// Preview draws g as it stands with marks (squares or points in the
	// game's notation, game.Step.Marks) marked, in a Look.
	Preview(b *Bot, g store.Game, marks []string, lk Look) (Image, error)
}

// The picker's actions: the Play button (a button of the lifecycle) and
// the picker's own components.
const (
	btnPlay    = "play"
	pickAction = "pk"
	opSelect   = "s"
	opBack     = "b"
	opConfirm  = "c"
)

// pickID is the parsed custom id of a picker's component.
type pickID struct {
	game   string // the game's command
	id     uint64
	rev    int
	op     string
	chosen []string
}

func (p pickID) String() string {
	return p.game + ":" + pickAction + ":" + strconv.FormatUint(p.id, 10) + ":" + strconv.Itoa(p.rev) + ":" + p.op + ":" + strings.Join(p.chosen, ",")
}

// parsePickID reads a picker's custom id; false for any other id.
func parsePickID(s string) (pickID, bool) {
	if len(s) > maxCustomID {
		return pickID{}, false
	}
	parts := strings.SplitN(s, ":", 6)
	if len(parts) != 6 || parts[1] != pickAction {
		return pickID{}, false
	}
	if _, ok := reg().byName[parts[0]]; !ok {
		return pickID{}, false
	}
	id, err := strconv.ParseUint(parts[2], 10, 64)
	if err != nil || parts[2] != strconv.FormatUint(id, 10) {
		return pickID{}, false
	}
	rev, err := strconv.Atoi(parts[3])
	if err != nil || rev < 0 || parts[3] != strconv.Itoa(rev) {
		return pickID{}, false
	}
	switch parts[4] {
	case opSelect, opBack, opConfirm:
	default:
		return pickID{}, false
	}
	p := pickID{game: parts[0], id: id, rev: rev, op: parts[4]}
	if parts[5] != "" {
		p.chosen = strings.Split(parts[5], ",")
		for _, v := range p.chosen {
			if !validValue(v) {
				return pickID{}, false
			}
		}
	}
	return p, true
}

// validValue reports whether v may be an option's value: short, printable
// ASCII, without the separators of a custom id.
func validValue(v string) bool {
	if v == "" || len(v) > 24 {
		return false
	}
	for _, r := range v {
		if r <= ' ' || r >= 0x7f || r == ',' || r == ':' {
			return false
		}
	}
	return true
}

// browsing reports whether req is a step of a picker that applies
// nothing: a choice or Back, not Confirm (a choice that completes a
// step played as soon as it is chosen does apply it, through the same
// store transaction, which refuses a stale one).
func browsing(req Request) bool {
	if req.Type != TypeButton {
		return false
	}
	p, ok := parsePickID(req.CustomID)
	return ok && p.op != opConfirm
}

// pickable is the picker of g's game, false when its rules have none.
func pickable(g store.Game) (game.Pickable, bool) {
	m := moduleOf(g.Kind)
	if m == nil {
		return nil, false
	}
	p, ok := m.Rules().(game.Pickable)
	return p, ok
}

// playButton is the Play button of a card of g, for the player to act.
func playButton(loc string, g store.Game) []Button {
	if _, ok := pickable(g); !ok {
		return nil
	}
	return []Button{{Label: tr(loc, "button.play"), CustomID: gameButton(g.Kind, btnPlay, strconv.FormatUint(g.ID, 10), uint64(g.Revision)), Style: Primary}}
}

// pickGame loads the channel's active game for a press about game id at
// revision rev (any revision when rev is negative), pressed by the player
// to act: a press made for another game or revision is refused as out of
// date, one by anyone but the player to act naming whose turn it is.
func (b *Bot) pickGame(ctx context.Context, req Request, id uint64, rev int) (store.Game, game.Pickable, error) {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return store.Game{}, nil, refuse("pick.stale")
		}
		return store.Game{}, nil, err
	}
	if g.ID != id || rev >= 0 && g.Revision != rev {
		return store.Game{}, nil, refuse("pick.stale")
	}
	p, ok := pickable(g)
	if !ok {
		return store.Game{}, nil, refuse("button.notmine")
	}
	if g.ToAct() != req.User.ID {
		if g.AI != "" && g.ToAct() == g.AI {
			return store.Game{}, nil, refuse("pick.notyours", person(req.Locale, g.AI, g.AI))
		}
		return store.Game{}, nil, refuse("pick.notyours", Mention(g.ToAct()))
	}
	return g, p, nil
}

// playPressed opens the picker of the channel's game at its revision, for
// the player to act, as an ephemeral message.
func (b *Bot) playPressed(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	gid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return Reply{}, refuse("button.notmine")
	}
	g, p, err := b.pickGame(ctx, req, gid, -1)
	if err != nil {
		return Reply{}, err
	}
	r, err := b.pickerStep(ctx, req, g, p, nil)
	if err != nil {
		return Reply{}, err
	}
	r.Ephemeral = true
	return r, nil
}

// picked answers a press of a picker's component: the next step, in
// place, or the action applied.
func (b *Bot) picked(ctx context.Context, req Request, pid pickID) (Reply, error) {
	g, p, err := b.pickGame(ctx, req, pid.id, pid.rev)
	if err != nil {
		return Reply{}, err
	}
	chosen := pid.chosen
	if pid.op == opSelect {
		if len(req.Values) != 1 || !validValue(req.Values[0]) {
			return Reply{}, refuse("pick.stale")
		}
		chosen = append(chosen[:len(chosen):len(chosen)], req.Values[0])
	}
	st, err := game.Pick(p, g.State(), chosen)
	if err != nil {
		if errors.Is(err, game.ErrBadChoice) || errors.Is(err, game.ErrNothingToPick) {
			return Reply{}, refuse("pick.stale")
		}
		return Reply{}, err
	}
	switch {
	case pid.op == opConfirm && st.Action != "":
		return b.pickApply(ctx, req, g, p, st)
	case pid.op == opConfirm:
		return Reply{}, refuse("pick.stale")
	case pid.op == opSelect && st.Done() && st.Commit:
		return b.pickApply(ctx, req, g, p, st)
	}
	r, err := b.pickerStep(ctx, req, g, p, chosen)
	if err != nil {
		return Reply{}, err
	}
	r.Update = true
	return r, nil
}

// pickApply applies the action of step st through the store at the
// revision it was picked on; the picker says what was played (or goes on
// with the next step of a turn under way) and the card follows.
func (b *Bot) pickApply(ctx context.Context, req Request, g store.Game, p game.Pickable, st game.Step) (Reply, error) {
	after, view, err := b.applyPicked(ctx, req.Locale, g, p, req.User.ID, st.Action)
	if err != nil {
		return Reply{}, err
	}
	b.aiAfter(&view, after)
	done := Reply{Text: tr(req.Locale, "pick.played", "`"+st.Action+"`")}
	if st.Commit && !after.Over() && after.ToAct() == req.User.ID && after.State().Open() != "" {
		next, err := b.pickerStep(ctx, req, after, p, nil)
		if err == nil {
			done = next
			done.Text = tr(req.Locale, "pick.played", "`"+st.Action+"`") + "\n" + next.Text
		}
	}
	return settled(done, &view), nil
}

// applyPicked applies action, picked by user on g (a step of p's
// Pick), through the store at g's revision: the same transaction,
// refusals and time limits as a typed command. It returns the game after
// it and its public card in the language of loc. The caller starts the AI
// when it is to act (aiAfter once the card is out); when only the card
// fails, the AI is started here and the error returned.
func (b *Bot) applyPicked(ctx context.Context, loc string, g store.Game, p game.Pickable, user, action string) (store.Game, Reply, error) {
	after, err := b.Store.Act(ctx, g.Guild, g.Channel, user, g.Revision, g.Kind, func(s game.State) (game.State, error) {
		return p.Act(s, action)
	})
	if err != nil {
		return store.Game{}, Reply{}, err
	}
	if after.Over() {
		b.Logger.Info("bot: game over", "game", after.ID, "winner", after.Winner, "reason", after.Reason.String())
	}
	view, err := b.gameViewIn(ctx, loc, after, "", true)
	if err != nil {
		b.aiTurn(after)
		return store.Game{}, Reply{}, err
	}
	return after, view, nil
}

// pickerStep is the picker's message for the choices chosen on g: the
// select menu of the next choice, the preview, Back and Confirm.
func (b *Bot) pickerStep(ctx context.Context, req Request, g store.Game, p game.Pickable, chosen []string) (Reply, error) {
	loc := withGame(req.Locale, g.Kind)
	st, err := game.Pick(p, g.State(), chosen)
	if err != nil {
		if errors.Is(err, game.ErrBadChoice) || errors.Is(err, game.ErrNothingToPick) {
			return Reply{}, refuse("pick.stale")
		}
		return Reply{}, err
	}
	mod := moduleOf(g.Kind)
	base := pickID{game: mod.command, id: g.ID, rev: g.Revision, chosen: chosen}
	var lines []string
	if len(chosen) > 0 && len(st.Marks) > 0 {
		lines = append(lines, tr(loc, "pick.sofar", "`"+strings.Join(st.Marks, " ")+"`"))
	}
	r := Reply{}
	if len(st.Options) > 0 {
		what := pickKey(loc, st)
		if st.In != "" {
			what += " (" + st.In + ")"
		}
		lines = append(lines, tr(loc, "pick.choose", what))
		sel := base
		sel.op = opSelect
		s := &Select{CustomID: sel.String(), Placeholder: clipRunes(what, 150)}
		for _, o := range st.Options {
			s.Options = append(s.Options, SelectOption{Label: clipRunes(optionLabel(loc, o), MaxSelectLabel), Value: o.Value})
		}
		r.Select = s
	}
	if st.Action != "" && !st.Commit {
		lines = append(lines, tr(loc, "pick.confirm", "`"+st.Action+"`"))
		c := base
		c.op = opConfirm
		r.Buttons = append(r.Buttons, Button{Label: tr(loc, "button.confirm"), CustomID: c.String(), Style: Success})
	}
	if len(chosen) > 0 {
		back := base
		back.op = opBack
		back.chosen = chosen[:len(chosen)-1]
		r.Buttons = append(r.Buttons, Button{Label: tr(loc, "button.back"), CustomID: back.String(), Style: Secondary})
	}
	for _, bt := range r.Buttons {
		if len(bt.CustomID) > maxCustomID {
			return Reply{}, refuse("pick.toolong", "/"+mod.command)
		}
	}
	if r.Select != nil && len(r.Select.CustomID)+len(",")+24 > maxCustomID {
		return Reply{}, refuse("pick.toolong", "/"+mod.command)
	}
	r.Text = strings.Join(lines, "\n")
	if pv, ok := mod.Module.(Previewer); ok {
		img, err := pv.Preview(b, g, st.Marks, b.lookFor(ctx, g.Guild, req.User.ID, loc))
		if err != nil {
			b.Logger.Warn("bot: drawing the picker's preview failed", "game", g.ID, "err", err)
		} else if img.Name != "" {
			r.Images = []Image{img}
		}
	}
	return r, nil
}

// PickStepKey starts the keys of a module's texts (Module.Texts) that
// word the steps of its picker: PickStepKey+game.Step.Key, such as
// "pick.step.to": "Choose where it goes".
const PickStepKey = "pick.step."

// pickKey words what a step chooses: its module's text of its key
// (PickStepKey), else the key itself, numbered when it is made several
// times in a row.
func pickKey(loc string, st game.Step) string {
	k := tr(loc, PickStepKey+st.Key)
	if st.Key == "" || k == PickStepKey+st.Key {
		k = strings.NewReplacer("-", " ", ".", " ", "_", " ").Replace(st.Key)
	}
	if k == "" {
		k = "…"
	}
	if st.Count > 1 { // "1/1" says nothing
		k += " " + strconv.Itoa(st.Index) + "/" + strconv.Itoa(st.Count)
	}
	return k
}
