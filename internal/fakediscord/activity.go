package fakediscord

import (
	"net/http"
	"slices"
	"sync"
	"time"
)

// The Activity side of the fake: an application's Activity is off until
// EnableActivity; a LAUNCH_ACTIVITY response (interaction callback type
// 12, LaunchActivityInteractionCallbackRequest in the description) is
// refused with 400 while it is off, as Discord refuses it for an
// application without Activities, and, once on, starts an Activity
// instance in the interaction's channel with the user who pressed;
// GET /applications/ID/activity-instances/INSTANCE
// (applications_get_activity_instance, with the bot's token) tells where
// an instance runs and who is in it. Activity codes: ActivityCode gives
// the code that the Embedded App SDK's authorize gives a page, which the
// token endpoint takes without a redirect_uri.

// launchActivity is the response type LAUNCH_ACTIVITY.
const launchActivity = 12

// ActivityInstance is an Activity instance as the fake keeps it.
type ActivityInstance struct {
	ID             string
	Guild, Channel string
	Users          []string
}

type activityState struct {
	mu        sync.Mutex
	on        bool
	instances map[string]ActivityInstance
	launcher  map[string][2]string // interaction id -> its guild and user
}

// EnableActivity turns the application's Activity on (the Developer
// Portal's Activities settings).
func (s *Server) EnableActivity() {
	s.activity.mu.Lock()
	defer s.activity.mu.Unlock()
	s.activity.on = true
}

// SetActivityInstance makes (or replaces) an Activity instance.
func (s *Server) SetActivityInstance(in ActivityInstance) {
	s.activity.mu.Lock()
	defer s.activity.mu.Unlock()
	if s.activity.instances == nil {
		s.activity.instances = map[string]ActivityInstance{}
	}
	in.Users = slices.Clone(in.Users)
	s.activity.instances[in.ID] = in
}

// ActivityInstances returns the instances running, in no order.
func (s *Server) ActivityInstances() []ActivityInstance {
	s.activity.mu.Lock()
	defer s.activity.mu.Unlock()
	var out []ActivityInstance
	for _, in := range s.activity.instances {
		out = append(out, in)
	}
	return out
}

// ActivityCode returns an authorization code of u as the SDK's authorize
// gives it inside an Activity: with no redirect URI.
func (s *Server) ActivityCode(u OAuthUser) string {
	code := "code-" + randomHex()
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	s.oauth.initLocked()
	s.oauth.codes[code] = &oauthGrant{user: u, expires: time.Now().Add(10 * time.Minute)}
	return code
}

// noteLauncher remembers the guild and user of an interaction, for the
// instance a LAUNCH_ACTIVITY response starts.
func (s *Server) noteLauncher(in map[string]any) {
	id, _ := in["id"].(string)
	guild, _ := in["guild_id"].(string)
	var user string
	if m, ok := in["member"].(map[string]any); ok {
		if u, ok := m["user"].(map[string]any); ok {
			user, _ = u["id"].(string)
		}
	}
	if u, ok := in["user"].(map[string]any); ok && user == "" {
		user, _ = u["id"].(string)
	}
	s.activity.mu.Lock()
	defer s.activity.mu.Unlock()
	if s.activity.launcher == nil {
		s.activity.launcher = map[string][2]string{}
	}
	s.activity.launcher[id] = [2]string{guild, user}
}

// launchRefused returns the 400 of a LAUNCH_ACTIVITY response while the
// Activity is off (nil when it is on), else starts the instance.
func (s *Server) launch(iid, channel string) error {
	s.activity.mu.Lock()
	defer s.activity.mu.Unlock()
	if !s.activity.on {
		return &FormError{Errors: map[string]formProblem{"type": {code: "INTERACTION_LAUNCH_ACTIVITY_NOT_SUPPORTED",
			message: "This application has no Activity (enable Activities in the Developer Portal)"}}}
	}
	if s.activity.instances == nil {
		s.activity.instances = map[string]ActivityInstance{}
	}
	l := s.activity.launcher[iid]
	id := "i-" + iid
	s.activity.instances[id] = ActivityInstance{ID: id, Guild: l[0], Channel: channel, Users: []string{l[1]}}
	return nil
}

// serveActivityInstance answers GET /applications/APP/activity-instances/ID.
func (s *Server) serveActivityInstance(w http.ResponseWriter, app, id string) {
	s.activity.mu.Lock()
	in, ok := s.activity.instances[id]
	s.activity.mu.Unlock()
	if app != AppID || !ok {
		writeJSONStatus(w, http.StatusNotFound, map[string]any{"message": "Unknown Activity instance", "code": 10087})
		return
	}
	users := in.Users
	if users == nil {
		users = []string{}
	}
	writeJSONStatus(w, http.StatusOK, map[string]any{"application_id": AppID, "instance_id": in.ID,
		"launch_id": "launch-" + in.ID, "users": users,
		"location": map[string]any{"id": "gc-" + in.Guild + "-" + in.Channel, "kind": "gc", "guild_id": in.Guild, "channel_id": in.Channel}})
}
