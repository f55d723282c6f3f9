package bot

import (
	"context"
)

// The games' completers (gameModule.completers) suggest values for one
// option of one subcommand; the games' modules give theirs (Completions).

// Autocomplete suggests legal values for the option being typed: only for
// the player to act, at most MaxChoices, those that start with what was
// typed. It returns nothing when there is nothing to suggest, and
// nothing, with the panic logged, when a Completer panics.
func (b *Bot) Autocomplete(ctx context.Context, req Request) (choices []Choice) {
	defer func() {
		if v := recover(); v != nil {
			b.logPanic(v, "autocomplete", req)
			choices = nil
		}
	}()
	fn, ok := req.module().complete[req.Command+"/"+req.Focused]
	if !ok || !ValidID(req.User.ID) || checkOptions(req.Options) != nil {
		return nil
	}
	g, err := b.Store.ActiveGame(ctx, req.Guild, req.Channel)
	if err != nil || g.Over() || g.ToAct() != req.User.ID || g.Kind != req.module().kind {
		return nil
	}
	return fn(g, req.Options, req.Options[req.Focused])
}
