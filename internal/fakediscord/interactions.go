package fakediscord

// User is a Discord user for building interactions.
type User struct {
	ID, Name string
}

// Option is one option of a slash command.
type Option struct {
	Name    string
	Type    int // 3 string, 6 user
	Value   string
	Focused bool
}

// Str is a string option; UserOpt a user option.
func Str(name, value string) Option  { return Option{Name: name, Type: 3, Value: value} }
func UserOpt(name, id string) Option { return Option{Name: name, Type: 6, Value: id} }
func Focus(name, value string) Option {
	return Option{Name: name, Type: 3, Value: value, Focused: true}
}

// AllPermissions is an app_permissions value that lets the bot create
// threads and send messages in them; NoThreads lets it send messages only.
const (
	AllPermissions = "309237681152" // view, send, attach, create public threads, send in threads
	NoThreads      = "35840"        // view, send, attach
)

func member(u User) map[string]any {
	return map[string]any{
		"user":        map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name, "discriminator": "0", "avatar": nil},
		"roles":       []any{},
		"joined_at":   "2026-01-01T00:00:00.000000+00:00",
		"deaf":        false,
		"mute":        false,
		"permissions": "2147483647",
	}
}

func base(id string, typ int, guild, channel string, u User, perms string) map[string]any {
	return map[string]any{
		"id":              id,
		"application_id":  AppID,
		"type":            typ,
		"guild_id":        guild,
		"channel_id":      channel,
		"member":          member(u),
		"token":           "tok-" + id,
		"version":         1,
		"app_permissions": perms,
		"locale":          "en-US",
		"guild_locale":    "en-US",
	}
}

// Command builds an APPLICATION_COMMAND interaction (type 2) for
// /veletas SUB with options, shaped like Discord's documented example;
// users names the users that user options refer to (for "resolved").
// Autocomplete (type 4) is the same with one option focused.
func Command(id, guild, channel string, u User, perms, sub string, opts []Option, users ...User) map[string]any {
	typ := 2
	var o []map[string]any
	for _, op := range opts {
		m := map[string]any{"name": op.Name, "type": op.Type, "value": op.Value}
		if op.Focused {
			m["focused"] = true
			typ = 4
		}
		o = append(o, m)
	}
	data := map[string]any{
		"id": "200000000000000001", "name": "veletas", "type": 1,
		"options": []any{map[string]any{"name": sub, "type": 1, "options": o}},
	}
	if len(users) > 0 {
		ru, rm := map[string]any{}, map[string]any{}
		for _, x := range users {
			ru[x.ID] = map[string]any{"id": x.ID, "username": x.Name, "global_name": x.Name, "discriminator": "0"}
			rm[x.ID] = map[string]any{"roles": []any{}, "joined_at": "2026-01-01T00:00:00.000000+00:00"}
		}
		data["resolved"] = map[string]any{"users": ru, "members": rm}
	}
	in := base(id, typ, guild, channel, u, perms)
	in["data"] = data
	return in
}

// GameCommand is Command for another top-level command than /veletas,
// such as /fanorona.
func GameCommand(game, id, guild, channel string, u User, perms, sub string, opts []Option, users ...User) map[string]any {
	in := Command(id, guild, channel, u, perms, sub, opts, users...)
	in["data"].(map[string]any)["name"] = game
	return in
}

// Choose builds a MESSAGE_COMPONENT interaction (type 3) of a string
// select menu: u chose values in the menu customID on message messageID.
func Choose(id, guild, channel string, u User, perms, messageID, customID string, values ...string) map[string]any {
	in := Press(id, guild, channel, u, perms, messageID, customID)
	vs := make([]any, len(values))
	for i, v := range values {
		vs[i] = v
	}
	in["data"] = map[string]any{"custom_id": customID, "component_type": 3, "values": vs}
	return in
}

// Press builds a MESSAGE_COMPONENT interaction (type 3): u pressed the
// button customID on message messageID.
func Press(id, guild, channel string, u User, perms, messageID, customID string) map[string]any {
	in := base(id, 3, guild, channel, u, perms)
	in["data"] = map[string]any{"custom_id": customID, "component_type": 2}
	in["message"] = map[string]any{
		"id": messageID, "channel_id": channel, "content": "", "type": 0,
		"author":    map[string]any{"id": AppID, "username": "veletasbot", "bot": true},
		"timestamp": "2026-01-01T00:00:00.000000+00:00",
	}
	return in
}
