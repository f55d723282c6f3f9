package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

// fanoronaGame is Fanorona and Véla behind the gameModule interface:
// /fanorona, whose move plays a whole turn (path:d2-e3A-e4W) or one step
// (from:d2 to:e3, then to:e4 ... and stop), draw offers, the Véla offer at
// the end of a Fanorona game, the images of render/fanorona.go and the
// computer player of game/fanorona/ai. Véla games are never rated (a
// handicap game).
type fanoronaGame struct {
	// untimed plays the computer without its time cap (its levels are
	// bounded by visited positions already), so that games repeat.
	untimed bool
}

func (fanoronaGame) Rules() game.Rules { return fanorona.Definition{} }

func (fanoronaGame) Commands() []Command {
	return []Command{
		{Name: "move", Handler: handler((*Bot).fanoronaMove), Acts: true},
		{Name: "stop", Handler: handler((*Bot).fanoronaStop), Acts: true},
		{Name: "draw", Handler: handler((*Bot).offerDraw), Acts: true},
	}
}

// Button actions of Fanorona.
const (
	btnVela    = "vela"    // the loser of a Fanorona game offers Véla
	btnDrawYes = "drawyes" // answer a draw offer
	btnDrawNo  = "drawno"
)

func (fanoronaGame) ButtonActions() map[string]ButtonHandler {
	return map[string]ButtonHandler{
		btnVela:    buttonHandler((*Bot).velaButton),
		btnDrawYes: buttonHandler((*Bot).drawButton),
		btnDrawNo:  buttonHandler((*Bot).drawButton),
	}
}

func (fanoronaGame) Texts() Catalogue { return nil }

func (fanoronaGame) AILevel(typed string) (string, bool) {
	if typed == "" {
		return fai.Easy.String(), true
	}
	l, err := fai.ParseLevel(typed)
	return l.String(), err == nil
}

func (fanoronaGame) AICostly(level string) bool { return level == fai.Hard.String() }

func (fanoronaGame) Options() map[string][]string { return fanoronaOptions }

var fanoronaOptions = map[string][]string{
	"challenge": {"opponent", "variant", "side", "rated", "time", "level"},
	"move":      {"path", "from", "to", "capture"},
}

func (fanoronaGame) Completers() map[string]Completer { return fanoronaCompleters }

// FanoronaRenderer draws Fanorona's boards and replays.
// *fanoronarender.Renderer implements it.
type FanoronaRenderer interface {
	PNG(w io.Writer, s fanoronarender.Scene) error
	GIF(w io.Writer, g fanorona.Game) error
}

// themedFanorona is a Fanorona renderer that has renderers of the other
// themes; *fanoronarender.Renderer is one.
type themedFanorona interface {
	InTheme(t render.Theme) (*fanoronarender.Renderer, error)
}

// fanoronaThemed is fr's renderer of a theme (fr when it has no other;
// nil for a nil fr).
func (b *Bot) fanoronaThemed(fr FanoronaRenderer, theme render.Theme) FanoronaRenderer {
	tr, ok := fr.(themedFanorona)
	if !ok {
		return fr
	}
	o, err := tr.InTheme(theme)
	if err != nil {
		b.Logger.Warn("bot: no renderer of the theme; drawing in the default one", "theme", theme.String(), "err", err)
		return fr
	}
	return o
}

// FanoronaActor chooses the computer's turns in Fanorona and Véla;
// *ai.Player of game/fanorona/ai implements it.
type FanoronaActor interface {
	Act(g fanorona.Game) (fanorona.Turn, error)
}

// challengeTerms reads a Fanorona challenge's variant and side: the
// challenger's colour, White (who moves first), Black or, by default,
// drawn at random. A Véla challenge is never rated.
func (fanoronaGame) ChallengeTerms(ctx context.Context, b *Bot, req Request, c *store.Challenge) error {
	v, err := optVariant(req)
	if err != nil {
		return err
	}
	black, err := optSide(req, "black")
	if err != nil {
		return err
	}
	c.Kind, c.Terms, c.Rated = kindFanorona, fanorona.MakeTerms(v, false), v == fanorona.Fanorona
	c.OpponentFirst = black // the first player is White
	return nil
}

// optVariant reads the variant option (Fanorona by default).
func optVariant(req Request) (fanorona.Variant, error) {
	s := strings.TrimSpace(req.Options["variant"])
	if s == "" {
		return fanorona.Fanorona, nil
	}
	v, err := fanorona.ParseVariant(s)
	if err != nil || len(s) > 10 {
		return 0, refuse("fchallenge.badvariant", Quote(s))
	}
	return v, nil
}

// optSide reads the side option: true when the user plays Black; random
// (or absent) draws it, unless def names "white" or "black".
func optSide(req Request, def string) (bool, error) {
	s := strings.ToLower(strings.TrimSpace(req.Options["side"]))
	if s == "" {
		s = def
	}
	switch s {
	case "white":
		return false, nil
	case "black":
		return true, nil
	case "random":
		return rand.IntN(2) == 1, nil
	}
	return false, refuse("fchallenge.badside", Quote(s))
}

func (fanoronaGame) RematchTerms(g store.Game) store.Challenge {
	return store.Challenge{Kind: kindFanorona, Terms: fanorona.MakeTerms(fmatch(g).Variant(), false)}
}

// aiRematch: the same variant and level, the human taking the other side.
func (fanoronaGame) AIRematch(g store.Game) map[string]string {
	side := "black"
	if c, _ := fcolor(g, g.Players[0]); c == fanorona.Black {
		side = "white"
	}
	return map[string]string{"level": g.AILevel, "variant": fmatch(g).Game().Variant().String(), "side": side}
}

func (fanoronaGame) StartAI(ctx context.Context, b *Bot, req Request, self, level string) (store.Game, error) {
	v, err := optVariant(req)
	if err != nil {
		return store.Game{}, err
	}
	black, err := optSide(req, "random")
	if err != nil {
		return store.Game{}, err
	}
	st, ok := b.Store.(AIStore)
	if !ok {
		return store.Game{}, refuse("ai.off")
	}
	return st.StartAIGame(ctx, req.Guild, req.Channel, req.User.ID, self, level, kindFanorona, fanorona.MakeTerms(v, black), false)
}

// variantName is "Fanorona" or "Véla".
func variantName(loc string, v string) string {
	if v == fanorona.Vela.String() {
		return tr(loc, "fanorona.vela")
	}
	return tr(loc, "fanorona.fanorona")
}

// challengeName is "Fanorona" or "Véla"; for an open challenge, whose
// text names no one as White, with the challenger's side.
func (fanoronaGame) ChallengeName(loc string, c store.Challenge) string {
	name := variantName(loc, fvariant(c).String())
	switch {
	case c.Opponent != "":
		return name
	case c.OpponentFirst:
		return tr(loc, "fopen.black", name)
	}
	return tr(loc, "fopen.white", name)
}

func (fanoronaGame) GameName(loc string, g store.Game) string {
	return variantName(loc, fmatch(g).Game().Variant().String())
}

// card is a Fanorona game's part of its card: the players by colour
// (White first, who moves first), the piece counts, the last turn (or the
// steps of the turn under way, drawn as its path), the prompt, in Véla's
// first phase a note on what it allows, and the board.
func (fanoronaGame) Card(b *Bot, loc string, g store.Game, lk Look) (GameCard, CardParts, error) {
	fg, pos := fmatch(g).Game(), fmatch(g).Position()
	c := GameCard{
		Title: tr(loc, "card.title@fanorona", variantName(loc, fg.Variant().String()), g.ID),
		Players: []CardPlayer{
			{ID: fplayer(g, fanorona.White), Color: tr(loc, "color.white")},
			{ID: fplayer(g, fanorona.Black), Color: tr(loc, "color.black")},
		},
		ScoreName: tr(loc, "fcard.pieces"),
		Score:     tr(loc, "fcard.score", pos.Count(fanorona.White), pos.Count(fanorona.Black)),
	}
	scene := fanoronarender.GameScene(fg)
	if g.Open != "" {
		if t, err := fanorona.ParseTurn(g.Open); err == nil {
			scene.Last, scene.Captured = t, fanoronarender.Captured(fg.Position(), pos)
			scene.Position = pos
		}
		c.Last, c.LastBy = g.Open+" …", g.ToAct()
	} else if turns := fg.Turns(); len(turns) > 0 {
		mover := fanorona.White
		if len(turns)%2 == 0 {
			mover = fanorona.Black
		}
		c.Last, c.LastBy = turns[len(turns)-1].String(), fplayer(g, mover)
	}
	p := CardParts{ColorToAct: sideColor(pos.ToMove() == fanorona.White)}
	switch {
	case pos.FirstPhase():
		p.Note = tr(loc, "fview.phase1", pos.Count(fanorona.Black))
	case fg.Variant() == fanorona.Vela:
		p.Note = tr(loc, "fview.phase2")
	}
	if who := g.ToAct(); who != "" {
		key := "fprompt.turn"
		if pos.InSequence() {
			key = "fprompt.sequence"
		}
		p.Prompt = tr(loc, key, Mention(who), colorWord(loc, pos.ToMove()))
	}
	if wc, ok := fcolor(g, g.Winner); ok && g.Winner != "" {
		p.ColorWinner = sideColor(wc == fanorona.White)
		p.WinHow = tr(loc, "fview.noturn")
		if pos.Count(wc.Other()) == 0 {
			p.WinHow = tr(loc, "fview.allcaptured")
		}
		if g.Reason == store.ReasonResign || g.Reason == store.ReasonTimeout {
			scene.Winner, scene.HasWinner = wc, true
		}
	}
	png, err := b.fanoronaPNG(g, scene, lk)
	if err != nil {
		return GameCard{}, CardParts{}, err
	}
	c.Image = Image{Name: fmt.Sprintf("fanorona-%d-%d.png", g.ID, g.Revision), PNG: png}
	return c, p, nil
}

// colorWord names a Fanorona side.
func colorWord(loc string, c fanorona.Color) string {
	if c == fanorona.White {
		return tr(loc, "color.white")
	}
	return tr(loc, "color.black")
}

// fanoronaPNG draws a scene of a stored game in a look (the theme of the
// user it is for), once per revision and look.
func (b *Bot) fanoronaPNG(g store.Game, s fanoronarender.Scene, lk Look) ([]byte, error) {
	fr := b.fanoronaThemed(b.cfg.Fanorona, lk.Theme)
	if fr == nil {
		return nil, errors.New("bot: the renderer cannot draw Fanorona")
	}
	s.Lang = lk.Lang // the strip's words, as the card's
	return b.cachedPNG(g, lk, func() ([]byte, error) {
		b.renders <- struct{}{}
		defer func() { <-b.renders }()
		var buf bytes.Buffer
		buf.Grow(48 << 10)
		if err := fr.PNG(&buf, s); err != nil {
			return nil, fmt.Errorf("bot: drawing the board: %w", err)
		}
		return buf.Bytes(), nil
	})
}

// finalButtons are the buttons a game's final message adds to Record and
// Rematch: after a Fanorona game won by someone, Véla, which its loser
// presses to offer the winner a Véla game.
func (fanoronaGame) FinalButtons(loc string, g store.Game) []Button {
	if g.Kind != kindFanorona || g.Winner == "" || fmatch(g).Game().Variant() != fanorona.Fanorona || g.Loser() == g.AI {
		return nil // no Véla offer: no loser, or the computer lost
	}
	return []Button{{Label: tr(loc, "button.vela"), CustomID: gameButton(g.Kind, btnVela, strconv.FormatUint(g.ID, 10), 0), Style: Success}}
}

func (fanoronaGame) Replay(b *Bot, g store.Game, lk Look) func() ([]byte, error) {
	fr := b.cfg.FanoronaReplay
	if fr == nil {
		fr = b.cfg.Fanorona
	}
	if fr = b.fanoronaThemed(fr, lk.Theme); fr == nil {
		return nil
	}
	fg := fmatch(g).Game()
	if fg.Len() == 0 {
		return nil
	}
	return func() ([]byte, error) {
		var buf bytes.Buffer
		err := fr.GIF(&buf, fg)
		return buf.Bytes(), err
	}
}

// record is the record with its variant header; a turn under way follows
// as a comment line, which a record may hold.
func (fanoronaGame) Record(g store.Game) string {
	r := fmatch(g).Game().String()
	if g.Open != "" {
		r += "# under way: " + g.Open + "\n"
	}
	return r
}

// aiDecide lets the computer choose a whole turn; if it fails, or its
// turn is refused, a random legal turn is played instead, so that a bug
// never leaves a game stuck.
func (m fanoronaGame) AIDecide(ctx context.Context, b *Bot, g store.Game) (store.Game, string, error) {
	r := b.ai.Load()
	log := r.b.Logger.With("game", g.ID)
	lv, err := fai.ParseLevel(g.AILevel)
	if err != nil {
		return store.Game{}, "", fmt.Errorf("bot: AI game with an unknown level %q", g.AILevel)
	}
	random := func() (fanorona.Turn, error) {
		turns := fmatch(g).Position().LegalTurns(nil)
		if len(turns) == 0 {
			return fanorona.Turn{}, errors.New("bot: no legal turn")
		}
		return turns[rand.IntN(len(turns))], nil
	}
	t, err := r.fanoronaAct(m.newPlayer(r, lv, g), g)
	if err != nil {
		log.Error("bot: the AI found no turn; playing a random one", "err", err)
		if t, err = random(); err != nil {
			return store.Game{}, "", err
		}
	}
	play := func(t fanorona.Turn) (store.Game, error) {
		return r.b.playFanorona(ctx, g.Guild, g.Channel, g.AI, g.Revision, func(m fanorona.Match) (fanorona.Match, error) { return m.PlayTurn(t) })
	}
	g2, err := play(t)
	if errors.Is(err, store.ErrIllegal) {
		log.Error("bot: the AI chose an illegal turn; playing a random one", "turn", t.String(), "err", err)
		if t, err = random(); err == nil {
			g2, err = play(t)
		}
	}
	return g2, t.String(), err
}

// fanoronaAct asks an actor for a turn, turning a panic into an error
// (logged with its stack).
func (r *aiRunner) fanoronaAct(p FanoronaActor, g store.Game) (t fanorona.Turn, err error) {
	defer func() {
		if v := recover(); v != nil {
			r.b.logPanic(v, "in the AI's decision", Request{ID: "ai-game-" + strconv.FormatUint(g.ID, 10)})
			err = fmt.Errorf("bot: the AI panicked: %v", v)
		}
	}()
	return p.Act(fmatch(g).Game())
}

// fanoronaStore is what the Fanorona handlers need from the store besides
// Store (its actions are Store.Act's). *store.DB implements it.
type fanoronaStore interface {
	OfferDraw(ctx context.Context, guild, channel, user string) (store.Game, error)
	AnswerDraw(ctx context.Context, guild, channel, user string, accept bool) (store.Game, error)
}

// fanoronaGameOf returns the store's Fanorona methods and the channel's
// game, refusing a game of another kind.
func (b *Bot) fanoronaGameOf(ctx context.Context, req Request) (fanoronaStore, store.Game, error) {
	st, ok := b.Store.(fanoronaStore)
	if !ok {
		return nil, store.Game{}, errors.New("bot: the store cannot play Fanorona")
	}
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return nil, store.Game{}, err
	}
	if err := InGame(req, g); err != nil {
		return nil, store.Game{}, err
	}
	return st, g, nil
}

// fanoronaMove plays `/fanorona move`: a whole turn (path) or one step
// (from, to, capture; from is implied while a capture sequence is under
// way). The rules are checked by the store through game/fanorona.
func (b *Bot) fanoronaMove(ctx context.Context, req Request) (Reply, error) {
	_, g, err := b.fanoronaGameOf(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if g.ToAct() != req.User.ID && g.IsPlayer(req.User.ID) {
		return Reply{}, refuse("err.notyourturn")
	}
	m, err := parseFanoronaMove(fmatch(g).Position(), req.Options)
	if err != nil {
		return Reply{}, err
	}
	var after store.Game
	if m.Whole {
		after, err = b.playFanorona(ctx, req.Guild, req.Channel, req.User.ID, -1, func(fm fanorona.Match) (fanorona.Match, error) { return fm.PlayTurn(m.Turn) })
		if err != nil {
			err = pathRefused{err}
		}
	} else {
		after, err = b.playFanorona(ctx, req.Guild, req.Channel, req.User.ID, -1, func(fm fanorona.Match) (fanorona.Match, error) { return fm.PlayStep(m.Step) })
	}
	if err != nil {
		return Reply{}, err
	}
	return b.showPlayed(ctx, req, after)
}

// pathRefused is the refusal of a whole turn (path:…), nothing of which
// was played; refusal words its hint for that (pathHint).
type pathRefused struct{ error }

func (e pathRefused) Unwrap() error { return e.error }

func (b *Bot) fanoronaStop(ctx context.Context, req Request) (Reply, error) {
	if _, _, err := b.fanoronaGameOf(ctx, req); err != nil {
		return Reply{}, err
	}
	after, err := b.playFanorona(ctx, req.Guild, req.Channel, req.User.ID, -1, func(m fanorona.Match) (fanorona.Match, error) { return m.StopTurn() })
	if err != nil {
		return Reply{}, err
	}
	return b.showPlayed(ctx, req, after)
}

// showPlayed shows a game after an action, with the AI queued once the
// reply is out when it is to act.
func (b *Bot) showPlayed(ctx context.Context, req Request, g store.Game) (Reply, error) {
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	r, err := b.gameViewIn(ctx, req.Locale, g, "", true)
	if err != nil {
		b.aiTurn(g)
		return Reply{}, err
	}
	b.aiAfter(&r, g)
	return r, nil
}

// offerDraw offers a draw to the opponent, who answers with the buttons.
func (b *Bot) offerDraw(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	st, g, err := b.fanoronaGameOf(ctx, req)
	if err != nil {
		return Reply{}, err
	}
	if g.AI != "" && g.IsPlayer(req.User.ID) {
		return Reply{}, refuse("ai.draw")
	}
	// One offer at a time: offered again, it is refused; offered by the
	// other player while one is open, it accepts that one (as Rematch
	// does), rather than crossing offers.
	if g.IsPlayer(req.User.ID) && g.DrawBy != "" && g.DrawRev == g.Revision {
		if g.DrawBy == req.User.ID {
			return Reply{}, refuse("draw.already", Mention(g.Opponent(req.User.ID)))
		}
		return b.acceptDraw(ctx, req, st, g.DrawBy)
	}
	g, err = st.OfferDraw(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return Reply{}, err
	}
	opp := g.Opponent(req.User.ID)
	key := strconv.FormatUint(g.ID, 10)
	rev := uint64(g.DrawRev)
	return Reply{
		Text:     tr(loc, "draw.offered", Mention(opp), Mention(req.User.ID)),
		Mentions: []string{opp},
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: gameButton(g.Kind, btnDrawYes, key, rev), Style: Success},
			{Label: tr(loc, "button.decline"), CustomID: gameButton(g.Kind, btnDrawNo, key, rev), Style: Danger},
		},
	}, nil
}

// acceptDraw accepts, by a command, the open draw offer of asker: the
// game ends drawn, shown with a line saying who accepted whose offer.
func (b *Bot) acceptDraw(ctx context.Context, req Request, st fanoronaStore, asker string) (Reply, error) {
	after, err := st.AnswerDraw(ctx, req.Guild, req.Channel, req.User.ID, true)
	if err != nil {
		return Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", after.ID, "reason", after.Reason.String())
	return b.gameViewIn(ctx, req.Locale, after, tr(req.Locale, "draw.accepted", Mention(req.User.ID), Mention(asker)), true)
}

// drawButton answers a draw offer; accepting ends the game drawn.
func (b *Bot) drawButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	loc := req.Locale
	st, g, err := b.fanoronaGameOf(ctx, req)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return Reply{}, refuse("draw.gone")
		}
		return Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key || uint64(g.Revision) != id.Rev || g.DrawBy == "" {
		return Reply{}, refuse("draw.gone")
	}
	asker := g.DrawBy
	accept := id.Action == btnDrawYes
	after, err := st.AnswerDraw(ctx, req.Guild, req.Channel, req.User.ID, accept)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNoDrawOffer):
			return Reply{}, refuse("draw.gone")
		case errors.Is(err, store.ErrNotPlayer) && g.IsPlayer(req.User.ID):
			return Reply{}, refuse("draw.own")
		}
		return Reply{}, err
	}
	if !accept {
		return settled(Reply{Text: tr(loc, "draw.declined", Mention(req.User.ID), Mention(asker)), Mentions: []string{asker}}, nil), nil
	}
	b.Logger.Info("bot: game over", "game", after.ID, "reason", after.Reason.String())
	view, err := b.gameViewIn(ctx, loc, after, "", true)
	if err != nil {
		return Reply{}, err
	}
	return settled(Reply{Text: tr(loc, "draw.accepted", Mention(req.User.ID), Mention(asker)), Mentions: []string{asker}}, &view), nil
}

// velaButton is the tradition at the end of a Fanorona game: its loser
// offers the winner a Véla game in which the loser is White (and moves
// first); the winner accepts it as a rematch. Only the loser may press the
// button, against a person or the computer (which never offers one).
// Against the computer the Véla game starts at once.
func (b *Bot) velaButton(ctx context.Context, req Request, id ButtonID) (Reply, error) {
	loc := req.Locale
	g, err := b.finishedGame(ctx, req, id)
	if err != nil {
		return Reply{}, err
	}
	if g.Kind != kindFanorona || g.Winner == "" || fmatch(g).Game().Variant() != fanorona.Fanorona {
		return Reply{}, refuse("button.notmine")
	}
	loser := g.Loser()
	if req.User.ID != loser || loser == g.AI {
		return Reply{}, refuse("vela.notloser")
	}
	if g.AI != "" {
		// The human lost: they are White.
		again := req
		again.Channel = g.Channel
		again.Options = map[string]string{"level": g.AILevel, "variant": "vela", "side": "white"}
		next, err := b.challengeAI(ctx, again, g.AI)
		if err != nil {
			return Reply{}, err
		}
		return b.rematchSettled(ctx, req, g, next, tr(loc, "vela.asked", Mention(req.User.ID)))
	}
	winner := g.Winner
	if c, err := b.Store.PendingChallenge(ctx, g.Guild, g.Channel, winner); err == nil && c.Challenger == loser && c.Kind == kindFanorona {
		return Reply{}, refuse("rematch.already", Mention(winner))
	}
	moveTime := g.MoveTime
	if moveTime == 0 {
		moveTime = -1
	}
	c, err := b.Store.CreateChallenge(ctx, store.Challenge{Guild: g.Guild, Channel: g.Channel, Challenger: loser, Opponent: winner,
		Kind: kindFanorona, Terms: fanorona.MakeTerms(fanorona.Vela, false), MoveTime: moveTime})
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return Reply{}, refuse("rematch.busy")
		}
		return Reply{}, err
	}
	return b.rematchSettled(ctx, req, g, b.recordMessage(ctx, Reply{
		Text:     tr(loc, "vela.offer", Mention(winner), Mention(loser), g.ID, Mention(loser), termsText(loc, c.Rated, c.MoveTime), c.Expires.Unix()),
		Mentions: []string{winner},
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: challengeButton(c, btnAccept), Style: Success},
			{Label: tr(loc, "button.decline"), CustomID: challengeButton(c, btnDecline), Style: Danger},
		},
	}, c), tr(loc, "vela.asked", Mention(req.User.ID)))
}

// kindFanorona is Fanorona's (and Véla's) game.Kind.
const kindFanorona = fanorona.GameKind

// fmatch is the Fanorona game g replayed (a game built by hand is replayed
// from its record and Open; the empty Fanorona board when that fails).
func fmatch(g store.Game) fanorona.Match {
	if m, ok := g.State().(fanorona.Match); ok {
		return m
	}
	if m, err := fanorona.ReplayMatch(g.Terms, g.Record, g.Open); err == nil {
		return m
	}
	return fanorona.NewMatch(fanorona.NewGame(fanorona.Fanorona), false)
}

// fplayer returns the user ID of the player of colour c in a Fanorona game.
func fplayer(g store.Game, c fanorona.Color) string { return g.Player(fmatch(g).SeatOf(c)) }

// fcolor returns the colour user plays in a Fanorona game, and false for
// a non-player.
func fcolor(g store.Game, user string) (fanorona.Color, bool) {
	s, ok := g.Seat(user)
	if !ok {
		return fanorona.White, false
	}
	return fmatch(g).ColorOf(s), true
}

// fvariant is the variant of a Fanorona challenge.
func fvariant(c store.Challenge) fanorona.Variant {
	v, _, err := fanorona.ParseTerms(c.Terms)
	if err != nil {
		return fanorona.Fanorona
	}
	return v
}

// playFanorona applies a Fanorona action of user (fn, on the match) to
// the game of a channel.
func (b *Bot) playFanorona(ctx context.Context, guild, channel, user string, rev int, fn func(m fanorona.Match) (fanorona.Match, error)) (store.Game, error) {
	return b.Store.Act(ctx, guild, channel, user, rev, kindFanorona, func(s game.State) (game.State, error) {
		m, ok := s.(fanorona.Match)
		if !ok {
			return nil, store.ErrOtherKind
		}
		return fn(m)
	})
}

// FanoronaModule is Fanorona's module, until it moves to its own package
// (bot/games lists it).
// With untimed, its computer player has no time cap (the console's
// -ai-iterations, for games that repeat).
func FanoronaModule(untimed bool) Module { return fanoronaGame{untimed: untimed} }

// newPlayer makes the computer player of a decision: AIConfig's when set.
func (m fanoronaGame) newPlayer(r *aiRunner, l fai.Level, g store.Game) FanoronaActor {
	seed := g.ID<<16 + uint64(fmatch(g).Game().Len())
	switch {
	case r.cfg.NewFanoronaPlayer != nil:
		return r.cfg.NewFanoronaPlayer(l, g)
	case m.untimed:
		o := l.Options()
		o.Time, o.Seed = 0, seed
		return fai.New(o)
	}
	return fai.NewLevel(l, seed)
}

var _ Module = fanoronaGame{}
var (
	_ Completions   = fanoronaGame{}
	_ ButtonActions = fanoronaGame{}
	_ FinalButtons  = fanoronaGame{}
	_ Replayer      = fanoronaGame{}
	_ AIPlayer      = fanoronaGame{}
)
