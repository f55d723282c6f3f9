package bot

import (
	"context"
	"errors"
	"time"

	"github.com/veletasbot/veletas/render"
	"github.com/veletasbot/veletas/store"
)

// What the games' modules (bot/games/...) use of the core: its texts,
// refusals, views, images and computer players, exported for them.

// Textn is Text with a count: key's ".one" form when n is 1.
func Textn(locale, key string, n int, args ...any) string { return trn(locale, key, n, args...) }

// Refuse is a refusal worded by the message key and its arguments.
func Refuse(key string, args ...any) error { return refuse(key, args...) }

// BadInput is a refusal of what a user typed, its text made by format.
func BadInput(format string, args ...any) error { return badInput(format, args...) }

// Settled is the reply to a button press that settles its message into r
// (without buttons), next following as a new message when not nil.
func Settled(r Reply, next *Reply) Reply { return settled(r, next) }

// Lang is the catalogue's language of a locale ("en", "ja", "fr").
func Lang(locale string) string { return lang(locale) }

// Person mentions a user, politely in the languages that call for it.
func Person(loc, id, ai string) string { return person(loc, id, ai) }

// LevelText names a computer player's level.
func LevelText(loc, level string) string { return levelText(loc, level) }

// DurationText words a duration.
func DurationText(loc string, d time.Duration) string { return durationText(loc, d) }

// ServerTheme is a server's theme of its boards ("light" or "dark").
func ServerTheme(s store.Settings) string { return serverTheme(s) }

// ThemeSetting is the key of a server's theme in store.Settings.Values.
const ThemeSetting = themeSetting

// DefaultMoveTime is the time per move of a server that has not chosen
// one.
const DefaultMoveTime = defaultMoveTime

// GameButton is the custom id of a button about a game or challenge of
// g's kind.
func GameButton(g store.Game, action, key string, rev uint64) string {
	return gameButton(g.Kind, action, key, rev)
}

// Ending is how an image says a game ended.
func Ending(r store.Reason) render.Ending { return ending(r) }

// GameView is the message that shows g in the language of loc (its card,
// the module filling its parts); ping lets it notify the player to act.
func (b *Bot) GameView(ctx context.Context, loc string, g store.Game, intro string, ping bool) (Reply, error) {
	return b.gameViewIn(ctx, loc, g, intro, ping)
}

// AIAfter lets the computer act in g once r is sent, when it is to act.
func (b *Bot) AIAfter(r *Reply, g store.Game) { b.aiAfter(r, g) }

// AITurn lets the computer act in g now, when it is to act.
func (b *Bot) AITurn(g store.Game) { b.aiTurn(g) }

// FinishedGame loads the finished game a button of its final message
// names.
func (b *Bot) FinishedGame(ctx context.Context, req Request, id ButtonID) (store.Game, error) {
	return b.finishedGame(ctx, req, id)
}

// CachedImage returns the image of g at its revision in a Look, drawn by
// draw the first time (as many at once as there are CPUs) and kept for
// repeated looks.
func (b *Bot) CachedImage(g store.Game, lk Look, draw func() ([]byte, error)) ([]byte, error) {
	return b.cachedPNG(g, lk, func() ([]byte, error) {
		b.renders <- struct{}{}
		defer func() { <-b.renders }()
		if b.cfg.Observer == nil {
			return draw()
		}
		start := time.Now()
		png, err := draw()
		if err == nil {
			b.cfg.Observer.ImageRendered(time.Since(start))
		}
		return png, err
	})
}

// ChallengeAI starts a game of req's user against the computer, opp, with
// the options of req, and answers as the challenge command does.
func (b *Bot) ChallengeAI(ctx context.Context, req Request, opp string) (Reply, error) {
	return b.challengeAI(ctx, req, opp)
}

// RematchSettled answers a press of a button of g's final message that
// made next: the final message keeps its other buttons, line saying what
// was done.
func (b *Bot) RematchSettled(ctx context.Context, req Request, g store.Game, next Reply, line string) (Reply, error) {
	return b.rematchSettled(ctx, req, g, next, line)
}

// ChallengeMessage is the message of challenge c, text with its Accept
// and Decline buttons, recording the message once posted (its buttons
// are settled when the challenge is).
func (b *Bot) ChallengeMessage(ctx context.Context, loc string, c store.Challenge, text string, mentions []string) Reply {
	return b.recordMessage(ctx, Reply{
		Text:     text,
		Mentions: mentions,
		Buttons: []Button{
			{Label: tr(loc, "button.accept"), CustomID: challengeButton(c, btnAccept), Style: Success},
			{Label: tr(loc, "button.decline"), CustomID: challengeButton(c, btnDecline), Style: Danger},
		},
	}, c)
}

// TermsText words whether a game is rated and its time per move.
func TermsText(loc string, rated bool, moveTime time.Duration) string {
	return termsText(loc, rated, moveTime)
}

// RefusalText is the sentence of a refusal made by Refuse or BadInput in
// the language of loc, and false for another error.
func RefusalText(err error, loc string) (string, bool) {
	var ie *inputError
	if !errors.As(err, &ie) {
		return "", false
	}
	return ie.text(loc), true
}
