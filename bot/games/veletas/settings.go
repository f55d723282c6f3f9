package veletasmod

import (
	"context"
	"errors"
	"strings"

	"github.com/veletasbot/veletas/bot"
	"github.com/veletasbot/veletas/game/veletas"
	"github.com/veletasbot/veletas/store"
)

// Veletas's own server settings (bot.GameSettings), beside the server's
// that every game's settings subcommand shows and changes: the default
// rules of its challenges (rules:classic or revised).

var _ bot.GameSettings = Module{}

// SettingsLines show the server's default rules.
func (Module) SettingsLines(loc string, s store.Settings) []string {
	other := veletas.Revised
	if defaultRules(s) == veletas.Revised {
		other = veletas.Classic
	}
	return []string{bot.Text(loc, "settings.rules", bot.Text(loc, "rules."+defaultRules(s).String()), other.String())}
}

// ChangeSettings reads the rules option: a bad one is refused.
func (Module) ChangeSettings(req bot.Request) (func(*store.Settings), func(store.Settings) string, error) {
	rs := strings.TrimSpace(req.Options["rules"])
	if rs == "" {
		return nil, nil, nil
	}
	rules, err := veletas.ParseRules(rs)
	if err != nil || len(rs) > 8 {
		return nil, nil, bot.BadInput("%s", bot.Text(req.Locale, "challenge.badrules", bot.Quote(rs)))
	}
	change := func(s *store.Settings) { setDefaultRules(s, rules) }
	said := func(s store.Settings) string {
		return bot.Text(req.Locale, "settings.ruleschanged", bot.Mention(req.User.ID), bot.Text(req.Locale, "rules."+defaultRules(s).String()))
	}
	return change, said, nil
}

// endDamaged is /veletas end: a member with Manage Server ends this
// channel's game when its stored data is damaged (it cannot be loaded,
// played, resigned or claimed, and would block the channel forever). The
// store keeps the damaged data aside and counts nothing; a game that
// loads is refused (it is played, resigned or claimed instead).
func endDamaged(ctx context.Context, b *bot.Bot, req bot.Request) (bot.Reply, error) {
	loc := req.Locale
	if !req.ManageServer {
		return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "end.denied"))
	}
	if err := b.Store.EndDamagedGame(ctx, req.Guild, req.Channel); err != nil {
		if errors.Is(err, store.ErrNotDamaged) {
			return bot.Reply{}, bot.BadInput("%s", bot.Text(loc, "end.notdamaged"))
		}
		return bot.Reply{}, err
	}
	b.Logger.Warn("bot: a damaged game was ended", "guild", req.Guild, "channel", req.Channel, "by", req.User.ID)
	return bot.Reply{Text: bot.Text(loc, "end.done", bot.Mention(req.User.ID))}, nil
}
