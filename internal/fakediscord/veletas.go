package fakediscord

import (
	"strings"

	"github.com/veletasbot/veletas/game/veletas"
)

// VeletasCommand returns the /veletas subcommand and options that play a,
// as a player types them: setup shooters:… stone:…, swap or keep, or move
// shooter:… [to:…] shoot:….
func VeletasCommand(a veletas.Action) (sub string, opts []Option) {
	switch a.Kind {
	case veletas.KindSetup:
		sq := make([]string, len(a.Shooters))
		for i, s := range a.Shooters {
			sq[i] = s.String()
		}
		return "setup", []Option{Str("shooters", strings.Join(sq, ",")), Str("stone", a.Stone.String())}
	case veletas.KindChoice:
		return a.String(), nil
	}
	t := a.Turn
	opts = []Option{Str("shooter", t.From.String()), Str("shoot", t.Shot.String())}
	if t.Moved() {
		opts = append(opts, Str("to", t.To.String()))
	}
	return "move", opts
}
