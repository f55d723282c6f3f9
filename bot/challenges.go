package bot

// Challenges: /GAME challenge (to someone, or open to anyone), its
// Accept, Decline and Withdraw buttons, /GAME accept and decline, and
// the terms a challenge sets (rated, time per move). A game against the
// computer starts at once instead (aigames.go).

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/veletasbot/veletas/store"
)

func (b *Bot) challenge(ctx context.Context, req Request) (Reply, error) {
	opp := strings.TrimSpace(req.Options["opponent"])
	if opp != "" && !ValidID(opp) {
		return Reply{}, refuse("challenge.name")
	}
	if b.isSelf(opp) || strings.TrimSpace(req.Options["level"]) != "" {
		return b.challengeAI(ctx, req, opp) // a game against the AI (aigames.go)
	}
	if u, ok := req.Users[opp]; ok && u.Bot {
		return Reply{}, refuse("challenge.bot", Mention(opp))
	}
	mod := req.module()
	c := store.Challenge{Guild: req.Guild, Channel: req.Channel, Challenger: req.User.ID, Opponent: opp}
	if err := mod.ChallengeTerms(ctx, b, req, &c); err != nil {
		return Reply{}, err
	}
	rated, moveTime, err := b.challengeTerms(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	c.Rated = c.Rated && rated // a game may rule rating out (a handicap variant)
	c.MoveTime = moveTime
	if err := b.sameChallenge(ctx, req, c); err != nil {
		return Reply{}, err
	}
	c, err = b.Store.CreateChallenge(ctx, c)
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return Reply{}, b.busy(ctx, req)
		}
		return Reply{}, err
	}
	if opp == "" {
		return b.recordMessage(ctx, openChallengeReply(req, c), c), nil // anyone may accept (endgame.go)
	}
	first := c.Challenger
	if c.OpponentFirst {
		first = c.Opponent
	}
	return b.recordMessage(ctx, Reply{
		Text: tr(req.Locale, "challenge.text", Mention(opp), Mention(req.User.ID), mod.ChallengeName(req.Locale, c), Mention(first),
			termsText(req.Locale, c.Rated, c.MoveTime), c.Expires.Unix()),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: tr(req.Locale, "button.accept"), CustomID: challengeButton(c, btnAccept), Style: Success},
			{Label: tr(req.Locale, "button.decline"), CustomID: challengeButton(c, btnDecline), Style: Danger},
		},
	}, c), nil
}

// recordMessage makes r, the message of challenge c, record the id of the
// message it becomes (Reply.Posted, called by the front end), so that the
// sweep can edit that message when c expires (timelimits.go). An id that
// cannot be one is not recorded. The record is made after the request's
// reply is sent, when its ctx may have ended: it is bounded by
// PostTimeout instead (ctx's values are kept).
func (b *Bot) recordMessage(ctx context.Context, r Reply, c store.Challenge) Reply {
	r.Posted = func(message string) {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), PostTimeout)
		defer cancel()
		defer func() {
			if v := recover(); v != nil {
				b.logPanic(v, "recording a challenge's message", Request{Guild: c.Guild, Channel: c.Channel})
			}
		}()
		if !ValidID(message) {
			b.Logger.Warn("bot: a challenge's message id is not an id; not recorded", "challenge", c.ID, "message", clipName(message))
			return
		}
		if _, err := b.Store.SetChallengeMessage(ctx, c.ID, message); err != nil && !errors.Is(err, store.ErrChallengeNotFound) {
			b.Logger.Error("bot: recording a challenge's message failed", "challenge", c.ID, "err", err)
		}
	}
	return r
}

// sameChallenge refuses a challenge when its challenger has one open in
// the channel already to the same opponent (or open to anyone) for the
// same game, pointing to it: one stands at a time, so that an answer is
// never in doubt.
func (b *Bot) sameChallenge(ctx context.Context, req Request, c store.Challenge) error {
	open, err := b.Store.Challenges(ctx, c.Guild, c.Channel)
	if err != nil {
		return err
	}
	for _, o := range open {
		if o.Challenger != c.Challenger || o.Opponent != c.Opponent || o.Kind != c.Kind {
			continue
		}
		name := moduleOf(o.Kind).ChallengeName(req.Locale, o)
		if o.Opponent == "" {
			return refuse("challenge.dupopen", name, o.Expires.Unix())
		}
		return refuse("challenge.already", Mention(o.Opponent), name, o.Expires.Unix())
	}
	return nil
}

// busy explains that the channel has a game and points to it.
func (b *Bot) busy(ctx context.Context, req Request) error {
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err == nil && g.Thread != "" && g.Thread != req.Channel {
		return refuse("busy.thread", ChannelMention(g.Thread))
	}
	return refuse("busy.channel")
}

// acceptCommand accepts the one challenge open to the user in the
// channel, saying whose it was and on what terms; when several are open,
// it accepts none and lists them, each with a button to accept it.
func (b *Bot) acceptCommand(ctx context.Context, req Request) (Reply, error) {
	open, err := b.Store.Challenges(ctx, req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	var mine []store.Challenge
	for _, c := range open {
		if c.Opponent == req.User.ID || c.Opponent == "" && c.Challenger != req.User.ID {
			mine = append(mine, c)
		}
	}
	switch {
	case len(mine) == 1:
		return b.acceptAs(ctx, req, mine[0].ID, &mine[0])
	case len(mine) > 1:
		return pickChallenge(req, mine), nil
	}
	// None is open: PendingChallenge tells an expired one apart.
	c, err := b.Store.PendingChallenge(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) {
			return Reply{}, refuse("accept.none")
		}
		return Reply{}, err
	}
	return b.acceptAs(ctx, req, c.ID, &c)
}

// maxPicked bounds the challenges pickChallenge lists (a row of buttons).
const maxPicked = 5

// pickChallenge is the answer to /GAME accept when several challenges
// are open to the user: the list, numbered, with whose each is and its
// terms, and a button to accept each (the first maxPicked).
func pickChallenge(req Request, open []store.Challenge) Reply {
	r := Reply{Ephemeral: true}
	var lines []string
	for i, c := range open[:min(len(open), maxPicked)] {
		loc := withGame(req.Locale, c.Kind)
		lines = append(lines, tr(loc, "accept.item", i+1, Mention(c.Challenger), moduleOf(c.Kind).ChallengeName(loc, c), termsText(loc, c.Rated, c.MoveTime)))
		r.Buttons = append(r.Buttons, Button{Label: tr(loc, "accept.pick", i+1),
			CustomID: challengeButton(c, btnAccept), Style: Success})
	}
	r.Text = tr(req.Locale, "accept.several", len(open), strings.Join(lines, "\n"))
	return r
}

func (b *Bot) acceptButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	cid, err := b.buttonChallenge(ctx, req, id)
	if err == nil {
		var r Reply
		if r, err = b.accept(ctx, req, cid); err == nil {
			return r, nil
		}
	}
	return b.expiredPress(req, id, err)
}

// challengeButton is the custom id of a challenge's Accept or Decline
// button. Its revision is the challenge's expiry (Unix seconds), so that
// a press after the expired challenge was purged is still told it
// expired (expiredPress).
func challengeButton(c store.Challenge, action string) string {
	return gameButton(c.Kind, action, strconv.FormatUint(c.ID, 10), uint64(max(c.Expires.Unix(), 0)))
}

// expiredPress answers a press of a challenge's button that failed with
// err: when the challenge expired (still kept, or purged after the expiry
// its button carries), the pressed message is replaced by one saying so,
// without buttons; any other error is returned.
func (b *Bot) expiredPress(req Request, id ButtonID, err error) (Reply, error) {
	purged := errors.Is(err, store.ErrChallengeNotFound) && id.Rev != 0 && b.Now().Unix() >= int64(id.Rev)
	if !purged && !errors.Is(err, store.ErrChallengeExpired) {
		return Reply{}, err
	}
	return settled(Reply{Text: tr(req.Locale, "err.expired")}, nil), nil
}

// buttonChallenge returns the challenge an Accept or Decline button names,
// refusing a button pressed outside the server and channel of its
// challenge (a forged custom id), and one whose challenge expired
// (store.ErrChallengeExpired).
func (b *Bot) buttonChallenge(ctx context.Context, req Request, id ButtonID) (uint64, error) {
	cid, err := strconv.ParseUint(id.Key, 10, 64)
	if err != nil {
		return 0, refuse("button.notmine")
	}
	c, err := b.Store.Challenge(ctx, cid)
	if err != nil {
		return 0, err
	}
	if c.Guild != req.Guild || c.Channel != req.Channel || c.Kind != req.module().kind {
		return 0, refuse("button.notmine")
	}
	if c.Expired(b.Now()) {
		return 0, fmt.Errorf("bot: challenge %d: %w", cid, store.ErrChallengeExpired)
	}
	return cid, nil
}

// accept starts the game of challenge cid, in a new thread when the front
// end can make one, else in the channel.
func (b *Bot) accept(ctx context.Context, req Request, cid uint64) (Reply, error) {
	return b.acceptAs(ctx, req, cid, nil)
}

// acceptAs is accept, whose message, when named is the challenge, says
// whose it was and on what terms (for /GAME accept, which names none).
func (b *Bot) acceptAs(ctx context.Context, req Request, cid uint64, named *store.Challenge) (Reply, error) {
	// The challenge as it stands, for its message (Challenge.Message),
	// which the reply edits when the challenge is not accepted from it.
	var c store.Challenge
	if named != nil {
		c = *named
	} else if rc, err := b.Store.Challenge(ctx, cid); err == nil {
		c = rc
	}
	g, err := b.Store.AcceptChallenge(ctx, cid, req.User.ID)
	if err != nil {
		return Reply{}, b.challengeRefusal(ctx, cid, err)
	}
	mod := moduleOf(g.Kind)
	loc := withGame(req.Locale, g.Kind)
	var edits []Post
	if c.ID == cid {
		edits = settledEdit(req, c, acceptedText(loc, c, req.User.ID))
	}
	b.Logger.Info("bot: game started", "game", g.ID, "kind", string(g.Kind), "guild", g.Guild, "channel", g.Channel, "name", mod.GameName("", g))
	// The opponent (who accepted) and the challenger, whichever plays first.
	acceptor, challenger := g.Players[1], g.Players[0]
	if req.User.ID == g.Players[0] {
		acceptor, challenger = g.Players[0], g.Players[1]
	}
	intro := tr(loc, "accept.intro", Mention(acceptor), Mention(challenger))
	if named != nil {
		intro = tr(loc, "accept.named", Mention(acceptor), Mention(challenger), mod.ChallengeName(loc, *named), termsText(loc, named.Rated, named.MoveTime))
	}
	others, withdrawn := b.withdrawOthers(ctx, loc, g)
	intro += others
	edits = append(edits, withdrawn...)
	if req.Threads != nil {
		name := tr(loc, "thread.name", threadTitle(loc, g), b.name(g.Players[0]), b.name(g.Players[1]))
		thread, err := req.Threads.StartThread(g.Channel, name)
		if err == nil {
			g2, err := b.Store.SetGameThread(ctx, g.Guild, g.Channel, thread)
			if err == nil {
				view, err := b.gameViewIn(ctx, loc, g2, tr(loc, "game.starts"), true)
				if err != nil {
					return Reply{}, err
				}
				// The post in the thread pings the first player (which
				// also adds them to the thread); this one need not.
				r := Reply{
					Text:  tr(loc, "accept.inthread", intro, ChannelMention(thread)),
					Posts: []Post{{Channel: thread, Reply: view}},
				}
				if req.Type == TypeButton {
					r = settled(r, nil) // the challenge's message says so, without buttons
				}
				r.Posts = append(r.Posts, edits...)
				return r, nil
			}
			b.Logger.Warn("bot: recording the game's thread failed; playing in the channel", "game", g.ID, "err", err)
		} else {
			b.Logger.Info("bot: no thread for the game; playing in the channel", "game", g.ID, "err", err)
		}
	}
	if req.Type == TypeButton {
		// The challenge's message says it was accepted, without buttons;
		// the board follows as a new message that pings the first player.
		view, err := b.gameViewIn(ctx, loc, g, tr(loc, "game.starts"), true)
		if err != nil {
			return Reply{}, err
		}
		r := settled(Reply{Text: intro}, &view)
		r.Posts = append(r.Posts, edits...)
		return r, nil
	}
	r, err := b.gameViewIn(ctx, loc, g, intro, true)
	if err != nil {
		return Reply{}, err
	}
	r.Posts = append(r.Posts, edits...)
	return r, nil
}

// settledEdit returns the post that edits the message of challenge c,
// which req settled, into text, without buttons and without pinging
// anyone (Post.Message), so that its buttons cannot be pressed again:
// none when c's message is not recorded, or when req is a press of a
// button on that message (its reply replaces it, Reply.Update) or on a
// message the front end does not name.
func settledEdit(req Request, c store.Challenge, text string) []Post {
	if c.Message == "" || req.Type == TypeButton && (req.Message == "" || req.Message == c.Message) {
		return nil
	}
	return []Post{{Channel: c.Channel, Message: c.Message, Reply: Reply{Text: text}}}
}

// acceptedText says that challenge c was accepted, naming its players
// (and, for an open challenge, who accepted it).
func acceptedText(loc string, c store.Challenge, by string) string {
	if c.Opponent == "" {
		return tr(loc, "settled.accepted.open", Mention(c.Challenger), Mention(by))
	}
	return tr(loc, "settled.accepted.to", Mention(c.Challenger), Mention(c.Opponent))
}

// declinedText says that challenge c was declined by its opponent, or
// withdrawn by its challenger (by).
func declinedText(loc string, c store.Challenge, by string) string {
	switch {
	case c.Opponent == "":
		return tr(loc, "settled.withdrawn.open", Mention(c.Challenger))
	case by == c.Challenger:
		return tr(loc, "settled.withdrawn.to", Mention(c.Challenger), Mention(c.Opponent))
	}
	return tr(loc, "settled.declined", Mention(c.Challenger), Mention(c.Opponent))
}

// closedText says that challenge c was withdrawn because a game started
// in its channel (withdrawOthers).
func closedText(loc string, c store.Challenge) string {
	if c.Opponent == "" {
		return tr(loc, "settled.closed.open", Mention(c.Challenger))
	}
	return tr(loc, "settled.closed.to", Mention(c.Challenger), Mention(c.Opponent))
}

// withdrawOthers withdraws the challenges left in the channel of g, a
// game that has just started: a channel with a game holds no challenge
// (CreateChallenge refuses one, AcceptChallenge cannot start it), so they
// could not be accepted until the game is over, when their players may
// have moved on. It returns the line that says so ("" when none was
// left), to follow the game's first message, and the posts that edit
// the messages of those withdrawn, when recorded, into a notice that says
// so, without buttons (Post.Message), for the reply to carry.
func (b *Bot) withdrawOthers(ctx context.Context, loc string, g store.Game) (line string, edits []Post) {
	open, err := b.Store.Challenges(ctx, g.Guild, g.Channel)
	if err != nil {
		b.Logger.Warn("bot: listing the challenges left in a channel failed", "game", g.ID, "err", err)
		return "", nil
	}
	var names []string
	for _, c := range open {
		if _, err := b.Store.DeclineChallenge(ctx, c.ID, c.Challenger); err != nil {
			continue // answered meanwhile
		}
		b.Logger.Info("bot: challenge withdrawn as its channel has a game", "challenge", c.ID, "game", g.ID)
		names = append(names, whose(loc, c))
		edits = append(edits, settledEdit(Request{Type: TypeCommand}, c, closedText(withGame(loc, c.Kind), c))...)
	}
	if len(names) == 0 {
		return "", nil
	}
	return "\n" + tr(loc, "accept.withdrawn", strings.Join(names, tr(loc, "list.sep"))), edits
}

// challengeRefusal words the store's refusals of a challenge answer.
func (b *Bot) challengeRefusal(ctx context.Context, cid uint64, err error) error {
	switch {
	case errors.Is(err, store.ErrNotPlayer):
		if c, cerr := b.Store.Challenge(ctx, cid); cerr == nil && c.Opponent != "" {
			return refuse("challenge.forother", Mention(c.Opponent))
		}
		return refuse("challenge.notyours")
	case errors.Is(err, store.ErrSelfChallenge):
		// Name the button the challenger sees: Withdraw on an open
		// challenge, Decline on one made to someone.
		button := "button.decline"
		if c, cerr := b.Store.Challenge(ctx, cid); cerr == nil && c.Opponent == "" {
			button = "button.withdraw"
		}
		return refuse("challenge.own", trKey(button))
	case errors.Is(err, store.ErrChannelBusy):
		return refuse("challenge.busy")
	}
	return err
}

func (b *Bot) declineCommand(ctx context.Context, req Request) (Reply, error) {
	c, err := b.Store.PendingChallenge(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		if errors.Is(err, store.ErrChallengeNotFound) || errors.Is(err, store.ErrChallengeExpired) {
			return Reply{}, refuse("decline.none")
		}
		return Reply{}, err
	}
	return b.decline(ctx, req, c.ID)
}

// withdrawCommand withdraws the user's challenges open in the channel for
// req's game (only the one to opponent, when named), saying so; the
// message of each, when recorded, is edited to say it was withdrawn,
// without buttons (settledEdit).
func (b *Bot) withdrawCommand(ctx context.Context, req Request) (Reply, error) {
	opp := strings.TrimSpace(req.Options["opponent"])
	if opp != "" && !ValidID(opp) {
		return Reply{}, refuse("withdraw.name")
	}
	open, err := b.Store.Challenges(ctx, req.Guild, req.Channel)
	if err != nil {
		return Reply{}, err
	}
	kind := req.module().kind
	var (
		r     Reply
		lines []string
	)
	for _, c := range open {
		if c.Challenger != req.User.ID || c.Kind != kind || opp != "" && c.Opponent != opp {
			continue
		}
		one, err := b.decline(ctx, req, c.ID)
		if err != nil {
			continue // answered meanwhile
		}
		lines = append(lines, one.Text)
		r.Mentions = append(r.Mentions, one.Mentions...)
		r.Posts = append(r.Posts, one.Posts...)
	}
	if len(lines) == 0 {
		if opp != "" {
			return Reply{}, refuse("withdraw.noneto", Mention(opp))
		}
		return Reply{}, refuse("withdraw.none")
	}
	r.Text = strings.Join(lines, "\n")
	return r, nil
}

func (b *Bot) declineButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	cid, err := b.buttonChallenge(ctx, req, id)
	if err != nil {
		return b.expiredPress(req, id, err)
	}
	r, err := b.decline(ctx, req, cid)
	if err != nil {
		return b.expiredPress(req, id, err)
	}
	return settled(r, nil), nil // the challenge's message says so, without buttons
}

func (b *Bot) decline(ctx context.Context, req Request, cid uint64) (Reply, error) {
	c, err := b.Store.DeclineChallenge(ctx, cid, req.User.ID)
	if err != nil {
		return Reply{}, b.challengeRefusal(ctx, cid, err)
	}
	// The challenge's message, answered other than by its own buttons,
	// says so too, without buttons.
	edits := settledEdit(req, c, declinedText(withGame(req.Locale, c.Kind), c, req.User.ID))
	if req.User.ID == c.Challenger && c.Opponent == "" {
		return Reply{Text: tr(req.Locale, "decline.withdrewall", Mention(c.Challenger)), Posts: edits}, nil
	}
	if req.User.ID == c.Challenger {
		return Reply{Text: tr(req.Locale, "decline.withdrew", Mention(c.Challenger), Mention(c.Opponent)),
			Mentions: []string{c.Opponent}, Posts: edits}, nil
	}
	return Reply{Text: tr(req.Locale, "decline.declined", Mention(req.User.ID), Mention(c.Challenger)),
		Mentions: []string{c.Challenger}, Posts: edits}, nil
}

// openChallengeReply is the message of an open challenge: anyone but the
// challenger may accept it.
func openChallengeReply(req Request, c store.Challenge) Reply {
	loc := withGame(req.Locale, c.Kind)
	return Reply{
		Text: strings.Join([]string{
			tr(loc, "open.challenge", Mention(c.Challenger), moduleOf(c.Kind).ChallengeName(loc, c), termsText(loc, c.Rated, c.MoveTime)),
			tr(loc, "open.how", c.Expires.Unix()),
		}, "\n"),
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: challengeButton(c, btnAccept), Style: Success},
			{Label: tr(loc, "button.withdraw"), CustomID: challengeButton(c, btnDecline), Style: Danger},
		},
	}
}

// threadTitle starts the name of a game's thread, in the game's words
// (thread.title).
func threadTitle(loc string, g store.Game) string {
	return tr(loc, "thread.title", moduleOf(g.Kind).GameName(loc, g))
}

// challengeTerms reads a challenge's rated and time options; a challenge
// without a time takes the server's default (3 days unless changed with
// the settings subcommand).
func (b *Bot) challengeTerms(ctx context.Context, req Request) (rated bool, moveTime time.Duration, err error) {
	rated, moveTime, err = challengeTerms(req)
	if err != nil || moveTime != 0 {
		return rated, moveTime, err
	}
	set, err := b.Store.Settings(ctx, req.Guild)
	if err != nil {
		return false, 0, err
	}
	if set.MoveTime == 0 {
		moveTime = defaultMoveTime
	}
	return rated, moveTime, nil // a negative setting: the store makes it none
}

// challengeTerms reads the rated and time options of a challenge: rated is
// true unless rated:false; moveTime is 0 for the server's default, -1 for
// no limit.
func challengeTerms(req Request) (rated bool, moveTime time.Duration, err error) {
	rated = true
	if v := strings.TrimSpace(req.Options["rated"]); v != "" {
		switch strings.ToLower(v) {
		case "true", "yes", "on", "1":
		case "false", "no", "off", "0":
			rated = false
		default:
			return false, 0, badInput("%s", tr(req.Locale, "challenge.badrated", Quote(v)))
		}
	}
	if v := strings.TrimSpace(req.Options["time"]); v != "" {
		d, err := ParseMoveTime(v)
		if err != nil {
			return false, 0, badInput("%s", tr(req.Locale, "time.bad", Quote(v)))
		}
		moveTime = d
		if d == 0 {
			moveTime = -1
		}
	}
	return rated, moveTime, nil
}

// whose names a challenge by its players: "<@a>'s challenge to <@b>",
// "<@a>'s open challenge".
func whose(loc string, c store.Challenge) string {
	if c.Opponent == "" {
		return tr(loc, "withdrawn.open", Mention(c.Challenger))
	}
	return tr(loc, "withdrawn.to", Mention(c.Challenger), Mention(c.Opponent))
}
