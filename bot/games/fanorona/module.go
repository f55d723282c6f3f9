package fanoronamod

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/veletasbot/veletas/bot"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/game/fanorona"
	fai "github.com/veletasbot/veletas/game/fanorona/ai"
	"github.com/veletasbot/veletas/render"
	fanoronarender "github.com/veletasbot/veletas/render/fanorona"
	"github.com/veletasbot/veletas/store"
)

// Module is Fanorona and Véla behind the bot.Module interface:
// /fanorona, whose move plays a whole turn (path:d2-e3A-e4W) or one step
// (from:d2 to:e3, then to:e4 ... and stop), draw offers, the Véla offer at
// the end of a Fanorona game, the images of render/fanorona.go and the
// computer player of game/fanorona/ai. Véla games are never rated (a
// handicap game).
type Module struct {
	// untimed plays the computer without its time cap (its levels are
	// bounded by visited positions already), so that games repeat.
	untimed bool
}

func (Module) Rules() game.Rules { return fanorona.Definition{} }

func (Module) Commands() []bot.Command {
	return []bot.Command{
		{Name: "move", Handler: fanoronaMove, Acts: true},
		{Name: "stop", Handler: fanoronaStop, Acts: true},
		{Name: "draw", Handler: offerDraw, Acts: true},
	}
}

// Button actions of Fanorona.
const (
	btnVela    = "vela"    // the loser of a Fanorona game offers Véla
	btnDrawYes = "drawyes" // answer a draw offer
	btnDrawNo  = "drawno"
)

func (Module) ButtonActions() map[string]bot.ButtonHandler {
	return map[string]bot.ButtonHandler{
		btnVela:    velaButton,
		btnDrawYes: drawButton,
		btnDrawNo:  drawButton,
	}
}

func (Module) AILevel(typed string) (string, bool) {
	if typed == "" {
		return fai.Easy.String(), true
	}
	l, err := fai.ParseLevel(typed)
	return l.String(), err == nil
}

func (Module) AICostly(level string) bool { return level == fai.Hard.String() }

func (Module) Options() map[string][]string { return fanoronaOptions }

var fanoronaOptions = map[string][]string{
	"challenge": {"opponent", "variant", "side", "rated", "time", "level"},
	"move":      {"path", "from", "to", "capture"},
}

func (Module) Completers() map[string]bot.Completer { return fanoronaCompleters }

// drawers are the drawers of Fanorona's images by the options the bot
// gives (bot.Config.Render and Replay), each made once and shared.
var drawers = bot.Drawers[*fanoronarender.Renderer]{New: fanoronarender.New}

// drawer is the drawer of options o in a theme (o's own, logged when warn,
// when it has none of the theme).
func drawer(b *bot.Bot, o render.Options, theme render.Theme, warn bool) (*fanoronarender.Renderer, error) {
	r, err := drawers.Get(o)
	if err != nil {
		return nil, fmt.Errorf("bot: the renderer cannot draw Fanorona: %w", err)
	}
	t, err := r.InTheme(theme)
	if err != nil {
		if warn {
			b.Logger.Warn("bot: no renderer of the theme; drawing in the default one", "theme", theme.String(), "err", err)
		}
		return r, nil
	}
	return t, nil
}

// FanoronaActor chooses the computer's turns in Fanorona and Véla;
// *ai.Player of game/fanorona/ai implements it.
type FanoronaActor interface {
	Act(g fanorona.Game) (fanorona.Turn, error)
}

// challengeTerms reads a Fanorona challenge's variant and side: the
// challenger's colour, White (who moves first), Black or, by default,
// drawn at random. A Véla challenge is never rated.
func (Module) ChallengeTerms(ctx context.Context, b *bot.Bot, req bot.Request, c *store.Challenge) error {
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
func optVariant(req bot.Request) (fanorona.Variant, error) {
	s := strings.TrimSpace(req.Options["variant"])
	if s == "" {
		return fanorona.Fanorona, nil
	}
	v, err := fanorona.ParseVariant(s)
	if err != nil || len(s) > 10 {
		return 0, bot.Refuse("fchallenge.badvariant", bot.Quote(s))
	}
	return v, nil
}

// optSide reads the side option: true when the user plays Black; random
// (or absent) draws it, unless def names "white" or "black".
func optSide(req bot.Request, def string) (bool, error) {
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
	return false, bot.Refuse("fchallenge.badside", bot.Quote(s))
}

func (Module) RematchTerms(g store.Game) store.Challenge {
	return store.Challenge{Kind: kindFanorona, Terms: fanorona.MakeTerms(fmatch(g).Variant(), false)}
}

// aiRematch: the same variant and level, the human taking the other side.
func (Module) AIRematch(g store.Game) map[string]string {
	side := "black"
	if c, _ := fcolor(g, g.Players[0]); c == fanorona.Black {
		side = "white"
	}
	return map[string]string{"level": g.AILevel, "variant": fmatch(g).Game().Variant().String(), "side": side}
}

func (Module) StartAI(ctx context.Context, b *bot.Bot, req bot.Request, self, level string) (store.Game, error) {
	v, err := optVariant(req)
	if err != nil {
		return store.Game{}, err
	}
	black, err := optSide(req, "random")
	if err != nil {
		return store.Game{}, err
	}
	st, ok := b.Store.(bot.AIStore)
	if !ok {
		return store.Game{}, bot.Refuse("ai.off")
	}
	return st.StartAIGame(ctx, req.Guild, req.Channel, req.User.ID, self, level, kindFanorona, fanorona.MakeTerms(v, black), false)
}

// variantName is "Fanorona" or "Véla".
func variantName(loc string, v string) string {
	if v == fanorona.Vela.String() {
		return bot.Text(loc, "fanorona.vela")
	}
	return bot.Text(loc, "fanorona.fanorona")
}

// challengeName is "Fanorona" or "Véla"; for an open challenge, whose
// text names no one as White, with the challenger's side.
func (Module) ChallengeName(loc string, c store.Challenge) string {
	name := variantName(loc, fvariant(c).String())
	switch {
	case c.Opponent != "":
		return name
	case c.OpponentFirst:
		return bot.Text(loc, "fopen.black", name)
	}
	return bot.Text(loc, "fopen.white", name)
}

func (Module) GameName(loc string, g store.Game) string {
	return variantName(loc, fmatch(g).Game().Variant().String())
}

// card is a Fanorona game's part of its card: the players by colour
// (White first, who moves first), the piece counts, the last turn (or the
// steps of the turn under way, drawn as its path), the prompt, in Véla's
// first phase a note on what it allows, and the board.
func (Module) Card(b *bot.Bot, loc string, g store.Game, lk bot.Look) (bot.GameCard, bot.CardParts, error) {
	fg, pos := fmatch(g).Game(), fmatch(g).Position()
	c := bot.GameCard{
		Title: bot.Text(loc, "card.title", variantName(loc, fg.Variant().String()), g.ID),
		Players: []bot.CardPlayer{
			{ID: fplayer(g, fanorona.White), Color: bot.Text(loc, "color.white")},
			{ID: fplayer(g, fanorona.Black), Color: bot.Text(loc, "color.black")},
		},
		ScoreName: bot.Text(loc, "fcard.pieces"),
		Score:     bot.Text(loc, "fcard.score", pos.Count(fanorona.White), pos.Count(fanorona.Black)),
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
	p := bot.CardParts{ColorToAct: bot.SideColor(pos.ToMove() == fanorona.White)}
	switch {
	case pos.FirstPhase():
		p.Note = bot.Text(loc, "fview.phase1", pos.Count(fanorona.Black))
	case fg.Variant() == fanorona.Vela:
		p.Note = bot.Text(loc, "fview.phase2")
	}
	if who := g.ToAct(); who != "" {
		key := "fprompt.turn"
		if pos.InSequence() {
			key = "fprompt.sequence"
		}
		p.Prompt = bot.Text(loc, key, bot.Mention(who), colorWord(loc, pos.ToMove()))
	}
	if wc, ok := fcolor(g, g.Winner); ok && g.Winner != "" {
		p.ColorWinner = bot.SideColor(wc == fanorona.White)
		p.WinHow = bot.Text(loc, "fview.noturn")
		if pos.Count(wc.Other()) == 0 {
			p.WinHow = bot.Text(loc, "fview.allcaptured")
		}
		if g.Reason == store.ReasonResign || g.Reason == store.ReasonTimeout {
			scene.Winner, scene.HasWinner = wc, true
		}
	}
	png, err := fanoronaPNG(b, g, scene, lk)
	if err != nil {
		return bot.GameCard{}, bot.CardParts{}, err
	}
	c.Image = bot.Image{Name: fmt.Sprintf("fanorona-%d-%d.png", g.ID, g.Revision), PNG: png}
	return c, p, nil
}

// colorWord names a Fanorona side.
func colorWord(loc string, c fanorona.Color) string {
	if c == fanorona.White {
		return bot.Text(loc, "color.white")
	}
	return bot.Text(loc, "color.black")
}

// fanoronaPNG draws a scene of a stored game in a look (the theme of the
// user it is for), once per revision and look.
func fanoronaPNG(b *bot.Bot, g store.Game, s fanoronarender.Scene, lk bot.Look) ([]byte, error) {
	s.Lang = lk.Lang // the strip's words, as the card's
	return b.CachedImage(g, lk, func() ([]byte, error) {
		fr, err := drawer(b, b.RenderOptions(), lk.Theme, true)
		if err != nil {
			return nil, err
		}
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
func (Module) FinalButtons(loc string, g store.Game) []bot.Button {
	if g.Kind != kindFanorona || g.Winner == "" || fmatch(g).Game().Variant() != fanorona.Fanorona || g.Loser() == g.AI {
		return nil // no Véla offer: no loser, or the computer lost
	}
	return []bot.Button{{Label: bot.Text(loc, "button.vela"), CustomID: bot.GameButton(g, btnVela, strconv.FormatUint(g.ID, 10), 0), Style: bot.Success}}
}

func (Module) Replay(b *bot.Bot, g store.Game, lk bot.Look) func() ([]byte, error) {
	fg := fmatch(g).Game()
	if fg.Len() == 0 {
		return nil
	}
	// The last frame says who won off the board, as the final card does,
	// and the strip is in the card's language.
	end := fanoronarender.Scene{Lang: lk.Lang}
	if wc, ok := fcolor(g, g.Winner); ok && g.Winner != "" && (g.Reason == store.ReasonResign || g.Reason == store.ReasonTimeout) {
		end.Winner, end.HasWinner = wc, true
	}
	return func() ([]byte, error) {
		fr, err := drawer(b, b.ReplayOptions(), lk.Theme, false)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		err = fr.GIFIn(&buf, fg, end)
		return buf.Bytes(), err
	}
}

// record is the record with its variant header; a turn under way follows
// as a comment line, which a record may hold.
func (Module) Record(g store.Game) string {
	r := fmatch(g).Game().String()
	if g.Open != "" {
		r += "# under way: " + g.Open + "\n"
	}
	return r
}

// aiDecide lets the computer choose a whole turn; if it fails, or its
// turn is refused, a random legal turn is played instead, so that a bug
// never leaves a game stuck.
func (m Module) AIDecide(ctx context.Context, b *bot.Bot, g store.Game) (store.Game, string, error) {
	log := b.Logger.With("game", g.ID)
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
	p, ok := b.TakeAIPlayer(g, func() any { return m.newPlayer(lv, g) }).(FanoronaActor)
	if !ok { // an injected player of another game
		p = m.newPlayer(lv, g)
	}
	var t fanorona.Turn
	err = b.AIGuard(g.ID, func() (err error) {
		t, err = p.Act(fmatch(g).Game())
		return err
	})
	if err != nil {
		log.Error("bot: the AI found no turn; playing a random one", "err", err)
		if t, err = random(); err != nil {
			return store.Game{}, "", err
		}
	}
	play := func(t fanorona.Turn) (store.Game, error) {
		return playFanorona(ctx, b, g.Guild, g.Channel, g.AI, g.Revision, func(m fanorona.Match) (fanorona.Match, error) { return m.PlayTurn(t) })
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

// fanoronaStore is what the Fanorona handlers need from the store besides
// Store (its actions are Store.Act's). *store.DB implements it.
type fanoronaStore interface {
	OfferDraw(ctx context.Context, guild, channel, user string) (store.Game, error)
	AnswerDraw(ctx context.Context, guild, channel, user string, accept bool) (store.Game, error)
}

// fanoronaGameOf returns the store's Fanorona methods and the channel's
// game, refusing a game of another kind.
func fanoronaGameOf(ctx context.Context, b *bot.Bot, req bot.Request) (fanoronaStore, store.Game, error) {
	st, ok := b.Store.(fanoronaStore)
	if !ok {
		return nil, store.Game{}, errors.New("bot: the store cannot play Fanorona")
	}
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil {
		return nil, store.Game{}, err
	}
	if err := bot.InGame(req, g); err != nil {
		return nil, store.Game{}, err
	}
	return st, g, nil
}

// fanoronaMove plays `/fanorona move`: a whole turn (path) or one step
// (from, to, capture; from is implied while a capture sequence is under
// way). The rules are checked by the store through game/fanorona.
func fanoronaMove(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	_, g, err := fanoronaGameOf(ctx, b, req)
	if err != nil {
		return bot.Reply{}, err
	}
	if g.ToAct() != req.User.ID && g.IsPlayer(req.User.ID) {
		return bot.Reply{}, bot.Refuse("err.notyourturn")
	}
	m, err := parseFanoronaMove(fmatch(g).Position(), req.Options)
	if err != nil {
		return bot.Reply{}, err
	}
	var after store.Game
	if m.Whole {
		after, err = playFanorona(ctx, b, req.Guild, req.Channel, req.User.ID, -1, func(fm fanorona.Match) (fanorona.Match, error) { return fm.PlayTurn(m.Turn) })
		if err != nil {
			err = pathRefused{err}
		}
	} else {
		after, err = playFanorona(ctx, b, req.Guild, req.Channel, req.User.ID, -1, func(fm fanorona.Match) (fanorona.Match, error) { return fm.PlayStep(m.Step) })
	}
	if err != nil {
		return bot.Reply{}, err
	}
	return showPlayed(ctx, b, req, after)
}

// pathRefused is the refusal of a whole turn (path:…), nothing of which
// was played; refusal words its hint for that (pathHint).
type pathRefused struct{ error }

func (e pathRefused) Unwrap() error { return e.error }

func fanoronaStop(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	if _, _, err := fanoronaGameOf(ctx, b, req); err != nil {
		return bot.Reply{}, err
	}
	after, err := playFanorona(ctx, b, req.Guild, req.Channel, req.User.ID, -1, func(m fanorona.Match) (fanorona.Match, error) { return m.StopTurn() })
	if err != nil {
		return bot.Reply{}, err
	}
	return showPlayed(ctx, b, req, after)
}

// showPlayed shows a game after an action, with the AI queued once the
// reply is out when it is to act.
func showPlayed(ctx context.Context, b *bot.Bot, req bot.Request, g store.Game) (bot.Reply, error) {
	if g.Over() {
		b.Logger.Info("bot: game over", "game", g.ID, "winner", g.Winner, "reason", g.Reason.String())
	}
	r, err := b.GameView(ctx, req.Locale, g, "", true)
	if err != nil {
		b.AITurn(g)
		return bot.Reply{}, err
	}
	b.AIAfter(&r, g)
	return r, nil
}

// offerDraw offers a draw to the opponent, who answers with the buttons.
func offerDraw(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	loc := req.Locale
	st, g, err := fanoronaGameOf(ctx, b, req)
	if err != nil {
		return bot.Reply{}, err
	}
	if g.AI != "" && g.IsPlayer(req.User.ID) {
		return bot.Reply{}, bot.Refuse("ai.draw")
	}
	// One offer at a time: offered again, it is refused; offered by the
	// other player while one is open, it accepts that one (as Rematch
	// does), rather than crossing offers.
	if g.IsPlayer(req.User.ID) && g.DrawBy != "" && g.DrawRev == g.Revision {
		if g.DrawBy == req.User.ID {
			return bot.Reply{}, bot.Refuse("draw.already", bot.Mention(g.Opponent(req.User.ID)))
		}
		return acceptDraw(ctx, b, req, st, g.DrawBy)
	}
	g, err = st.OfferDraw(ctx, req.Guild, req.Channel, req.User.ID)
	if err != nil {
		return bot.Reply{}, err
	}
	opp := g.Opponent(req.User.ID)
	key := strconv.FormatUint(g.ID, 10)
	rev := uint64(g.DrawRev)
	return bot.Reply{
		Text:     bot.Text(loc, "draw.offered", bot.Mention(opp), bot.Mention(req.User.ID)),
		Mentions: []string{opp},
		Buttons: []bot.Button{
			{Label: bot.Text(loc, "button.accept"), CustomID: bot.GameButton(g, btnDrawYes, key, rev), Style: bot.Success},
			{Label: bot.Text(loc, "button.decline"), CustomID: bot.GameButton(g, btnDrawNo, key, rev), Style: bot.Danger},
		},
	}, nil
}

// acceptDraw accepts, by a command, the open draw offer of asker: the
// game ends drawn, shown with a line saying who accepted whose offer.
func acceptDraw(ctx context.Context, b *bot.Bot, req bot.Request, st fanoronaStore, asker string) (bot.Reply, error) {
	after, err := st.AnswerDraw(ctx, req.Guild, req.Channel, req.User.ID, true)
	if err != nil {
		return bot.Reply{}, err
	}
	b.Logger.Info("bot: game over", "game", after.ID, "reason", after.Reason.String())
	return b.GameView(ctx, req.Locale, after, bot.Text(req.Locale, "draw.accepted", bot.Mention(req.User.ID), bot.Mention(asker)), true)
}

// drawButton answers a draw offer; accepting ends the game drawn.
func drawButton(ctx context.Context, b *bot.Bot, req bot.Request, id bot.ButtonID) (bot.Reply, error) {
	loc := req.Locale
	st, g, err := fanoronaGameOf(ctx, b, req)
	if err != nil {
		if errors.Is(err, store.ErrNoGame) {
			return bot.Reply{}, bot.Refuse("draw.gone")
		}
		return bot.Reply{}, err
	}
	if strconv.FormatUint(g.ID, 10) != id.Key || uint64(g.Revision) != id.Rev || g.DrawBy == "" {
		return bot.Reply{}, bot.Refuse("draw.gone")
	}
	asker := g.DrawBy
	accept := id.Action == btnDrawYes
	after, err := st.AnswerDraw(ctx, req.Guild, req.Channel, req.User.ID, accept)
	if err != nil {
		switch {
		case errors.Is(err, store.ErrNoDrawOffer):
			return bot.Reply{}, bot.Refuse("draw.gone")
		case errors.Is(err, store.ErrNotPlayer) && g.IsPlayer(req.User.ID):
			return bot.Reply{}, bot.Refuse("draw.own")
		}
		return bot.Reply{}, err
	}
	if !accept {
		return bot.Settled(bot.Reply{Text: bot.Text(loc, "draw.declined", bot.Mention(req.User.ID), bot.Mention(asker)), Mentions: []string{asker}}, nil), nil
	}
	b.Logger.Info("bot: game over", "game", after.ID, "reason", after.Reason.String())
	view, err := b.GameView(ctx, loc, after, "", true)
	if err != nil {
		return bot.Reply{}, err
	}
	return bot.Settled(bot.Reply{Text: bot.Text(loc, "draw.accepted", bot.Mention(req.User.ID), bot.Mention(asker)), Mentions: []string{asker}}, &view), nil
}

// velaButton is the tradition at the end of a Fanorona game: its loser
// offers the winner a Véla game in which the loser is White (and moves
// first); the winner accepts it as a rematch. Only the loser may press the
// button, against a person or the computer (which never offers one).
// Against the computer the Véla game starts at once.
func velaButton(ctx context.Context, b *bot.Bot, req bot.Request, id bot.ButtonID) (bot.Reply, error) {
	loc := req.Locale
	g, err := b.FinishedGame(ctx, req, id)
	if err != nil {
		return bot.Reply{}, err
	}
	if g.Kind != kindFanorona || g.Winner == "" || fmatch(g).Game().Variant() != fanorona.Fanorona {
		return bot.Reply{}, bot.Refuse("button.notmine")
	}
	loser := g.Loser()
	if req.User.ID != loser || loser == g.AI {
		return bot.Reply{}, bot.Refuse("vela.notloser")
	}
	if g.AI != "" {
		// The human lost: they are White.
		again := req
		again.Channel = g.Channel
		again.Options = map[string]string{"level": g.AILevel, "variant": "vela", "side": "white"}
		next, err := b.ChallengeAI(ctx, again, g.AI)
		if err != nil {
			return bot.Reply{}, err
		}
		return b.RematchSettled(ctx, req, g, next, bot.Text(loc, "vela.asked", bot.Mention(req.User.ID)))
	}
	winner := g.Winner
	if c, err := b.Store.PendingChallenge(ctx, g.Guild, g.Channel, winner); err == nil && c.Challenger == loser && c.Kind == kindFanorona {
		return bot.Reply{}, bot.Refuse("rematch.already", bot.Mention(winner))
	}
	moveTime := g.MoveTime
	if moveTime == 0 {
		moveTime = -1
	}
	c, err := b.Store.CreateChallenge(ctx, store.Challenge{Guild: g.Guild, Channel: g.Channel, Challenger: loser, Opponent: winner,
		Kind: kindFanorona, Terms: fanorona.MakeTerms(fanorona.Vela, false), MoveTime: moveTime})
	if err != nil {
		if errors.Is(err, store.ErrChannelBusy) {
			return bot.Reply{}, bot.Refuse("rematch.busy")
		}
		return bot.Reply{}, err
	}
	offer := b.ChallengeMessage(ctx, loc, c, bot.Text(loc, "vela.offer", bot.Mention(winner), bot.Mention(loser), g.ID, bot.Mention(loser),
		bot.TermsText(loc, c.Rated, c.MoveTime), c.Expires.Unix()), []string{winner})
	return b.RematchSettled(ctx, req, g, offer, bot.Text(loc, "vela.asked", bot.Mention(req.User.ID)))
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
func playFanorona(ctx context.Context, b *bot.Bot, guild, channel, user string, rev int, fn func(m fanorona.Match) (fanorona.Match, error)) (store.Game, error) {
	return b.Store.Act(ctx, guild, channel, user, rev, kindFanorona, func(s game.State) (game.State, error) {
		m, ok := s.(fanorona.Match)
		if !ok {
			return nil, store.ErrOtherKind
		}
		return fn(m)
	})
}

// New returns Fanorona's module. With untimed, its computer player has
// no time cap (its levels are bounded by visited positions already): the
// console's -ai-iterations, for games that repeat.
func New(untimed bool) *Module { return &Module{untimed: untimed} }

// newPlayer makes the computer player of a decision.
func (m Module) newPlayer(l fai.Level, g store.Game) FanoronaActor {
	seed := g.ID<<16 + uint64(fmatch(g).Game().Len())
	if m.untimed {
		o := l.Options()
		o.Time, o.Seed = 0, seed
		return fai.New(o)
	}
	return fai.NewLevel(l, seed)
}

var (
	_ bot.Module        = (*Module)(nil)
	_ bot.Completions   = (*Module)(nil)
	_ bot.ButtonActions = (*Module)(nil)
	_ bot.FinalButtons  = (*Module)(nil)
	_ bot.Replayer      = (*Module)(nil)
	_ bot.AIPlayer      = (*Module)(nil)
	_ bot.Refusals      = (*Module)(nil)
	_ bot.Wording       = (*Module)(nil)
)

// Refusal words an error of game/fanorona (bot.Refusals).
func (Module) Refusal(err error) (bot.RuleRefusal, bool) {
	var fe *fanorona.Error
	if !errors.As(err, &fe) {
		return bot.RuleRefusal{}, false
	}
	return fanoronaRefusal(err, fe), true
}

// RecordPlayers are Black, then White.
func (Module) RecordPlayers(g store.Game) (string, string) {
	return fplayer(g, fanorona.Black), fplayer(g, fanorona.White)
}

// RecentName is the variant.
func (m Module) RecentName(loc string, g store.Game) string { return m.GameName(loc, g) }

// NoticeName is the variant.
func (m Module) NoticeName(loc string, g store.Game) string { return m.GameName(loc, g) }

// RulesEnding says, in detail, how the rules ended a game, from its final
// position: every piece of the loser captured, the loser left without a
// legal turn, or (drawn) 100 turns in a row without a capture; the stored
// game keeps only store.ReasonRules, so games stored before these words
// read the same way.
func (Module) RulesEnding(loc string, g store.Game, detail bool) string {
	if !detail {
		return ""
	}
	pos := fmatch(g).Position()
	lc, ok := fcolor(g, g.Loser())
	switch {
	case !pos.Over(): // a record that does not read: no detail
	case g.Winner == "":
		return bot.Text(loc, "reason.nocapture", fanorona.DrawCount)
	case ok && pos.Count(lc) == 0:
		return bot.Text(loc, "reason.allcaptured")
	case ok:
		return bot.Text(loc, "reason.noturn")
	}
	return ""
}
