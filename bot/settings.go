package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// /veletas settings: a server's default time per move, the default rules
// of its challenges (classic or revised) and the language of the bot's own
// notices (reminders, time-outs, the AI's moves). Anyone may
// look; changing them takes the Manage Server permission.

// defaultMoveTime is the time per move of a server that has not chosen
// one.
const defaultMoveTime = 3 * 24 * time.Hour

func (b *Bot) settings(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	v := strings.TrimSpace(req.Options["time"])
	l := strings.ToLower(strings.TrimSpace(req.Options["language"]))
	rs := strings.TrimSpace(req.Options["rules"])
	th := strings.ToLower(strings.TrimSpace(req.Options["theme"]))
	if v == "" && l == "" && rs == "" && th == "" {
		s, err := b.Store.Settings(ctx, req.Guild)
		if err != nil {
			return Reply{}, err
		}
		// Each hint suggests a value other than the current one.
		timeHint := "3d"
		if s.MoveTime == 0 || s.MoveTime == defaultMoveTime {
			timeHint = "12h"
		}
		otherRules, otherTheme := veletas.Revised, "dark"
		if defaultRules(s) == veletas.Revised {
			otherRules = veletas.Classic
		}
		if serverTheme(s) == "dark" {
			otherTheme = "light"
		}
		var otherLangs []any
		for _, l := range Languages {
			if l != lang(s.Locale) {
				otherLangs = append(otherLangs, l)
			}
		}
		return Reply{Ephemeral: true, Text: tr(loc, "settings.show", moveTimeSetting(loc, s.MoveTime), timeHint) + "\n" +
			tr(loc, "settings.rules", tr(loc, "rules."+defaultRules(s).String()), otherRules.String()) + "\n" +
			tr(loc, "settings.lang", append([]any{tr(loc, "lang."+lang(s.Locale))}, otherLangs...)...) + "\n" +
			tr(loc, "settings.theme", tr(loc, "theme."+serverTheme(s)), otherTheme)}, nil
	}
	if !req.ManageServer {
		return Reply{}, badInput("%s", tr(loc, "settings.denied"))
	}
	var d time.Duration
	if v != "" {
		var err error
		if d, err = ParseMoveTime(v); err != nil {
			return Reply{}, badInput("%s", tr(loc, "time.bad", Quote(v)))
		}
		if d == 0 {
			d = -1 // stored as "no limit"; 0 means the default
		}
	}
	if l != "" && (len(l) > 8 || lang(l) != l) {
		return Reply{}, badInput("%s", tr(loc, "settings.badlang", Quote(l)))
	}
	var rules veletas.Rules
	if rs != "" {
		var err error
		if rules, err = veletas.ParseRules(rs); err != nil || len(rs) > 8 {
			return Reply{}, badInput("%s", tr(loc, "challenge.badrules", Quote(rs)))
		}
	}
	if th != "" && th != "light" && th != "dark" {
		return Reply{}, badInput("%s", tr(loc, "theme.bad", Quote(th)))
	}
	s, err := b.Store.UpdateSettings(ctx, req.Guild, func(s *store.Settings) error {
		if th != "" {
			if s.Values == nil {
				s.Values = map[string]string{}
			}
			s.Values[themeSetting] = th
		}
		if d != 0 {
			s.MoveTime = d
		}
		if l != "" {
			s.Locale = l
		}
		if rs != "" {
			setDefaultRules(s, rules)
		}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	var lines []string
	if d != 0 {
		lines = append(lines, tr(loc, "settings.changed", Mention(req.User.ID), moveTimeSetting(loc, s.MoveTime)))
	}
	if l != "" {
		lines = append(lines, tr(loc, "settings.langchanged", Mention(req.User.ID), tr(loc, "lang."+l)))
	}
	if rs != "" {
		lines = append(lines, tr(loc, "settings.ruleschanged", Mention(req.User.ID), tr(loc, "rules."+defaultRules(s).String())))
	}
	if th != "" {
		lines = append(lines, tr(loc, "settings.themechanged", Mention(req.User.ID), tr(loc, "theme."+th)))
	}
	return Reply{Text: strings.Join(lines, "\n")}, nil
}

// endDamaged is /veletas end: a member with Manage Server ends this
// channel's game when its stored data is damaged (it cannot be loaded,
// played, resigned or claimed, and would block the channel forever). The
// store keeps the damaged data aside and counts nothing; a game that
// loads is refused (it is played, resigned or claimed instead).
func (b *Bot) endDamaged(ctx context.Context, req Request) (Reply, error) {
	loc := req.Locale
	if !req.ManageServer {
		return Reply{}, badInput("%s", tr(loc, "end.denied"))
	}
	if err := b.Store.EndDamagedGame(ctx, req.Guild, req.Channel); err != nil {
		if errors.Is(err, store.ErrNotDamaged) {
			return Reply{}, badInput("%s", tr(loc, "end.notdamaged"))
		}
		return Reply{}, err
	}
	b.Logger.Warn("bot: a damaged game was ended", "guild", req.Guild, "channel", req.Channel, "by", req.User.ID)
	return Reply{Text: tr(loc, "end.done", Mention(req.User.ID))}, nil
}

func moveTimeSetting(loc string, d time.Duration) string {
	switch {
	case d < 0:
		return tr(loc, "settings.nolimit")
	case d == 0:
		d = defaultMoveTime
	}
	return durationText(loc, d)
}
