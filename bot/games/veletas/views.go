package veletasmod

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/render"
	veletasrender "github.com/veletasbot/veletas/render/veletas"
	"github.com/veletasbot/veletas/store"
)

// rules describes the rules of Veletas (the lifecycle's rules subcommand,
// in Veletas's words): they are
// the rules the rules option names (classic or revised), or else the
// server's default (classic in a direct message), with a pointer to the
// other rule set.
func rules(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	loc := req.Locale
	var set veletas.Rules
	if s := strings.TrimSpace(req.Options["rules"]); s != "" {
		r, err := veletas.ParseRules(s)
		if err != nil || len(s) > 8 {
			return bot.Reply{}, bot.Refuse("challenge.badrules", bot.Quote(s))
		}
		set = r
	} else if req.Guild != "" {
		s, err := b.Store.Settings(ctx, req.Guild)
		if err != nil {
			return bot.Reply{}, err
		}
		set = defaultRules(s)
	}
	if set == veletas.Revised {
		return bot.Reply{Ephemeral: true, Text: bot.Text(loc, "rules.revisedtext") + bot.Text(loc, "rules.seeclassic")}, nil
	}
	return bot.Reply{Ephemeral: true, Text: bot.Text(loc, "rules") + bot.Text(loc, "rules.seerevised")}, nil
}

// prompt tells the player to act what to do.
func prompt(loc string, g store.Game, pos veletas.Position, who string) string {
	m := bot.Mention(who)
	switch pos.Phase() {
	case veletas.PhaseSetup1:
		n := vsize(g).FirstShooters()
		return bot.Textn(loc, "prompt.setup1", n, m, n)
	case veletas.PhaseChoice:
		return bot.Text(loc, "prompt.choice", m)
	case veletas.PhaseSetup2:
		n := vsize(g).Shooters() - vsize(g).FirstShooters()
		return bot.Text(loc, "prompt.setup2", m, n)
	}
	return bot.Text(loc, "prompt.turn", m, colorName(loc, pos.ToMove()))
}

func colorName(loc string, c veletas.Color) string {
	if c == veletas.White {
		return bot.Text(loc, "color.white")
	}
	return bot.Text(loc, "color.black")
}

// lastActor is the user who made the game's last action.
func lastActor(g store.Game, st veletas.Game) string {
	prev := st.PositionAt(st.Len() - 1)
	if prev.ToMove() == prev.FirstPlayerColor() {
		return g.Players[0]
	}
	return g.Players[1]
}

// gamePNG returns the image of a stored Veletas game at its revision,
// drawn once per look and kept for repeated looks (/veletas board). A
// game won off the board (resignation, time) says so.
func gamePNG(b *bot.Bot, g store.Game, st veletas.Game, lk bot.Look) ([]byte, error) {
	return b.CachedImage(g, lk, func() ([]byte, error) {
		s := veletasrender.GameScene(st)
		s.Winner = vcolor(g, g.Winner) // NoColor until someone won
		s.End, s.Lang = bot.Ending(g.Reason), lk.Lang
		r, err := themed(b, b.RenderOptions(), lk.Theme, true)
		if err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		buf.Grow(64 << 10)
		if err := r.PNG(&buf, s); err != nil {
			return nil, fmt.Errorf("bot: drawing the board: %w", err)
		}
		return buf.Bytes(), nil
	})
}

// drawers are the drawers of Veletas's images by the options the bot
// gives (bot.Config.Render and Replay), each made once and shared.
var drawers = bot.Drawers[*veletasrender.Renderer]{New: veletasrender.New}

// drawer is the drawer of options o.
func drawer(o render.Options) (*veletasrender.Renderer, error) { return drawers.Get(o) }

// themed is the drawer of options o in a theme (o's own, logged when warn,
// when it has none of the theme).
func themed(b *bot.Bot, o render.Options, theme render.Theme, warn bool) (*veletasrender.Renderer, error) {
	r, err := drawer(o)
	if err != nil {
		return nil, fmt.Errorf("bot: the board's drawer: %w", err)
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

// replayGIF draws the replay in the look of the final message, its last
// frame saying how the game ended.
func replayGIF(b *bot.Bot, w io.Writer, g store.Game, st veletas.Game, lk bot.Look) error {
	r, err := themed(b, b.ReplayOptions(), lk.Theme, false)
	if err != nil {
		return err
	}
	return r.GIFIn(w, st, veletasrender.Scene{Lang: lk.Lang, Winner: vcolor(g, g.Winner), End: bot.Ending(g.Reason)})
}
