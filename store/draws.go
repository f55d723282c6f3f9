package store

import (
	"context"
	"fmt"
	"time"
)

// OfferDraw records user's offer of a draw in the active game of a
// channel; the opponent answers with AnswerDraw, and any action in the
// meantime withdraws it. It does not change the revision. It fails with
// ErrDrawNotAllowed in a game whose rules have no draw by agreement (not
// a game.Drawable, or one whose Draws refuses the game's terms).
func (db *DB) OfferDraw(ctx context.Context, guild, channel, user string) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.Over() {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoGame)
		}
		if !db.drawable(g) {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrDrawNotAllowed)
		}
		g.DrawBy, g.DrawRev = user, g.Revision
		return nil
	})
}

// AnswerDraw accepts or declines the pending draw offer of the game; user
// must be the opponent of the player who offered. Accepting ends the game
// drawn (ReasonAgreed, no winner), counted as a draw for both players of a
// rated game. It fails with ErrNoDrawOffer when no offer is pending.
func (db *DB) AnswerDraw(ctx context.Context, guild, channel, user string, accept bool) (Game, error) {
	return db.change(ctx, guild, channel, user, func(g *Game, now time.Time) error {
		if g.DrawBy == "" || g.DrawRev != g.Revision {
			return fmt.Errorf("store: game %d: %w", g.ID, ErrNoDrawOffer)
		}
		if user == g.DrawBy {
			return fmt.Errorf("store: game %d: %w: the offer is your opponent's to answer", g.ID, ErrNotPlayer)
		}
		g.DrawBy, g.DrawRev = "", 0
		if accept {
			g.Winner, g.Reason, g.Ended, g.Updated = "", ReasonAgreed, now, now
			g.Revision++
		}
		return nil
	})
}
