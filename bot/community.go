package bot

import (
	"time"

	"github.com/veletasbot/veletas/store"
)

// The commands of a server's community (issue 6): ratings and stats
// (ratings.go), time limits and the sweep (timeouts.go), the caller's games,
// takebacks, open challenges and rematches.

// communityStore is what those commands need from the store beyond the
// game itself. *store.DB implements it.
type communityStore interface {
	Standing(guild, user string) (store.Standing, error)
	FinishedGame(id uint64) (store.Game, error)
	ActiveGames(guild string) ([]store.Game, error)
	PlayerGames(guild, user string) ([]store.Game, error)
	ClaimTimeout(guild, channel, user string) (store.Game, error)
	SetReminded(guild, channel string, rev int) (store.Game, error)
	SetTimeUp(guild, channel string, rev int) (store.Game, error)
	RequestTakeback(guild, channel, user string) (store.Game, error)
	AnswerTakeback(guild, channel, user string, accept bool) (store.Game, error)
	Settings(guild string) (store.Settings, error)
	UpdateSettings(guild string, fn func(*store.Settings) error) (store.Settings, error)
}

// addCommunity registers the community's commands and buttons.
func (b *Bot) addCommunity() {
	b.commands["stats"] = (*Bot).stats
	b.commands["claim"] = (*Bot).claim
	b.commands["settings"] = (*Bot).settings
	b.commands["games"] = (*Bot).games
	b.commands["takeback"] = (*Bot).takeback
	b.buttons[btnTakebackYes] = (*Bot).takebackButton
	b.buttons[btnTakebackNo] = (*Bot).takebackButton
	b.buttons[btnRematch] = (*Bot).rematchButton
	b.buttons[btnRecord] = (*Bot).recordButton
}

// defaultMoveTime is the time per move of a server that has not chosen
// one.
const defaultMoveTime = 3 * 24 * time.Hour

// challengeTerms reads a challenge's rated and time options; a challenge
// without a time takes the server's default (3 days unless changed with
// /veletas settings).
func (b *Bot) challengeTerms(req Request) (rated bool, moveTime time.Duration, err error) {
	rated, moveTime, err = challengeTerms(req)
	if err != nil || moveTime != 0 {
		return rated, moveTime, err
	}
	set, err := b.Store.Settings(req.Guild)
	if err != nil {
		return false, 0, err
	}
	if set.MoveTime == 0 {
		moveTime = defaultMoveTime
	}
	return rated, moveTime, nil // a negative setting: the store makes it none
}
