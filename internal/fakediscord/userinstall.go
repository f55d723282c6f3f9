package fakediscord

import (
	"io"
	"net/http"
	"sync"
)

// User installs: a user may install the app for themselves and use its
// commands in their DMs and group DMs (interaction context 2, "private
// channel"), where the app is no member. GroupDM and UserInstalled turn an
// interaction built by Command, Press or Choose into one of those, and the
// fake then refuses what Discord refuses there:
//
//   - a message posted in, or a message edited in, or a thread started
//     from, a private channel an interaction came from: 403 Forbidden,
//     {"message": "Missing Access", "code": 50001}, recorded as a Message
//     of Kind "refused" under the channel (NextPost);
//   - more than MaxFollowUps follow-ups to an interaction whose
//     authorizing owners hold only the user install: 400 Bad Request,
//     recorded as a Message of Kind "refused" under the interaction
//     (Next), without a Refused form error.
//
// Interactions with a guild install among their owners (or without owners,
// as the older payloads) are not limited.

// MaxFollowUps is Discord's limit on the follow-up messages of one
// interaction of an app that is installed only by the user who used it.
const MaxFollowUps = 5

// GroupDM makes in an interaction from a DM or group DM between users (of
// the channel it names) with the app installed by the user who acts: no
// guild nor member (the user instead), context 2, and the user's install
// as the authorizing owner.
func GroupDM(in map[string]any) map[string]any {
	var user map[string]any
	if m, ok := in["member"].(map[string]any); ok {
		user, _ = m["user"].(map[string]any)
	}
	delete(in, "member")
	delete(in, "guild_id")
	delete(in, "guild_locale")
	in["user"] = user
	in["context"] = 2
	in["app_permissions"] = "0"
	id, _ := user["id"].(string)
	in["authorizing_integration_owners"] = map[string]any{"1": id}
	if ch, ok := in["channel_id"].(string); ok {
		in["channel"] = map[string]any{"id": ch, "type": 3} // GROUP_DM
	}
	return in
}

// UserInstalled makes in an interaction in a server that did not add the
// app, used by a member who installed it: the user's install is the only
// authorizing owner, and the member's permissions are perms (a decimal
// string: with or without USE_EXTERNAL_APPS, 1<<50).
func UserInstalled(in map[string]any, perms string) map[string]any {
	var id string
	if m, ok := in["member"].(map[string]any); ok {
		m["permissions"] = perms
		if u, ok := m["user"].(map[string]any); ok {
			id, _ = u["id"].(string)
		}
	}
	in["context"] = 0
	in["authorizing_integration_owners"] = map[string]any{"1": id}
	return in
}

// userInstalls is what the fake knows of user-installed interactions.
type userInstalls struct {
	mu        sync.Mutex
	private   map[string]bool // channels of context-2 interactions: the app is no member
	limited   map[string]bool // interactions authorized by the user install alone
	followUps map[string]int  // follow-ups sent, by interaction
}

// noteInstall records, from an interaction sent to the bot, whether its
// channel is a private channel the app is no member of, and whether its
// follow-ups are limited.
func (s *Server) noteInstall(in map[string]any) {
	id, _ := in["id"].(string)
	channel, _ := in["channel_id"].(string)
	owners, hasOwners := in["authorizing_integration_owners"].(map[string]any)
	ctx, _ := in["context"].(int)
	u := &s.installs
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.private == nil {
		u.private, u.limited, u.followUps = map[string]bool{}, map[string]bool{}, map[string]int{}
	}
	if ctx == 2 && channel != "" {
		u.private[channel] = true
	}
	if _, guild := owners["0"]; hasOwners && !guild {
		u.limited[id] = true
	}
}

// privateChannel reports whether the app is no member of channel (a DM or
// group DM it was used in through a user install).
func (s *Server) privateChannel(channel string) bool {
	s.installs.mu.Lock()
	defer s.installs.mu.Unlock()
	return s.installs.private[channel]
}

// PrivateChannel marks a channel as a DM or group DM the app is no member
// of, before any interaction comes from it.
func (s *Server) PrivateChannel(channel string) {
	s.noteInstall(map[string]any{"channel_id": channel, "context": 2})
}

// followUpAllowed counts a follow-up to an interaction and reports whether
// Discord takes it.
func (s *Server) followUpAllowed(iid string) bool {
	u := &s.installs
	u.mu.Lock()
	defer u.mu.Unlock()
	if !u.limited[iid] {
		return true
	}
	if u.followUps[iid] >= MaxFollowUps {
		return false
	}
	u.followUps[iid]++
	return true
}

// FollowUps is how many follow-ups of a limited interaction were taken.
func (s *Server) FollowUps(iid string) int {
	s.installs.mu.Lock()
	defer s.installs.mu.Unlock()
	return s.installs.followUps[iid]
}

// missingAccess answers a request in a channel the app is no member of,
// as Discord does, and records it.
func (s *Server) missingAccess(w http.ResponseWriter, channel string) {
	s.record("c:"+channel, Message{Kind: "refused", Channel: channel})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusForbidden)
	io.WriteString(w, `{"message": "Missing Access", "code": 50001}`)
}

// tooManyFollowUps answers a follow-up past MaxFollowUps, and records it.
func (s *Server) tooManyFollowUps(w http.ResponseWriter, iid string) {
	s.record("i:"+iid, Message{Kind: "refused", InteractionID: iid})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	io.WriteString(w, `{"message": "Maximum number of follow-up messages reached for this interaction", "code": 40094}`)
}
