package bot

import (
	"errors"

	"github.com/veletasbot/veletas/game"
	"github.com/veletasbot/veletas/store"
)

// refusals words the store's and the game's errors for players: why the
// command was refused and what to do. The first match wins.
var refusals = []struct {
	err  error
	text string
}{
	{store.ErrNoGame, "There is no game in this channel. Start one with `/veletas challenge opponent:@someone`."},
	{store.ErrNotPlayer, "You are not playing this game: only its two players can act on it. You can watch with `/veletas board`, or challenge someone yourself in another channel."},
	{store.ErrNotYourTurn, "It is not your turn: wait for your opponent. You will be mentioned when it is your turn (`/veletas board` shows the game)."},
	{store.ErrStaleRevision, "This button is out of date: the board has changed since. Use `/veletas board` to see the game now."},
	{store.ErrChallengeExpired, "This challenge has expired. Make a new one with `/veletas challenge opponent:@someone`."},
	{store.ErrChallengeNotFound, "This challenge is no longer open (it was accepted, declined or withdrawn). Make a new one with `/veletas challenge`."},
	{store.ErrSelfChallenge, "You cannot play against yourself: challenge someone else with `/veletas challenge opponent:@someone`."},
	{store.ErrChannelBusy, "This channel already has a game: finish it first (see `/veletas board`)."},
	{store.ErrInvalid, "That value is not valid here: use `/veletas help` to see what each command takes."},
	{store.ErrNoTimeout, "The time for this move has not run out."},
}

// hints say what to do after a refusal by the rules.
var hints = []struct {
	err  error
	text string
}{
	{game.ErrGameOver, "This game is over: start a new one with `/veletas challenge`."},
	{game.ErrWrongPhase, "Use `/veletas board` to see what the game needs now."},
	{game.ErrSetupCount, "Use `/veletas board` to see how many shooters to place."},
	{game.ErrAdjacentShooter, "Pick squares at least one square apart from every shooter; the `shooters` option suggests legal squares as you type."},
	{game.ErrOccupied, "Pick an empty square; the square options suggest legal ones as you type."},
	{game.ErrBlocked, "Pick a square you can reach without passing over a piece; the square options suggest legal ones as you type."},
	{game.ErrNotQueenLine, "Pick a square on the same rank, file or diagonal; the square options suggest legal ones as you type."},
	{game.ErrNotShooter, "Name an unclaimed shooter in `shooter`; the option suggests them as you type."},
	{game.ErrClaimedShooter, "Name an unclaimed shooter in `shooter`; the option suggests them as you type."},
	{game.ErrOffBoard, "Use `/veletas board` to see the board's squares."},
}

// refusal turns an error into the ephemeral reply that says why and what
// to do. Errors that are not refusals are logged and reported as ours.
func (b *Bot) refusal(req Request, err error) Reply {
	var ie *inputError
	if errors.As(err, &ie) {
		return Reply{Ephemeral: true, Text: ie.msg}
	}
	var ge *game.Error
	if errors.As(err, &ge) {
		text := "Not allowed: " + ge.Msg + "."
		for _, h := range hints {
			if errors.Is(err, h.err) {
				text += " " + h.text
				break
			}
		}
		return Reply{Ephemeral: true, Text: text + " Nothing was changed."}
	}
	for _, r := range refusals {
		if errors.Is(err, r.err) {
			return Reply{Ephemeral: true, Text: r.text}
		}
	}
	b.Logger.Error("bot: command failed", "id", req.ID, "command", req.Command, "button", req.CustomID,
		"user", req.User.ID, "channel", req.Channel, "err", err)
	return Reply{Ephemeral: true, Text: "Something went wrong on my side and nothing was changed. Please try again in a moment."}
}
