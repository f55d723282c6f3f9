package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
)

// Direct messages: the bot opens a DM channel with POST
// /users/@me/channels {"recipient_id": ID}, which answers the channel
// DMChannel(ID), and posts there as in any channel (NextPost sees the
// messages). A user made to refuse DMs with CloseDMs gets Discord's answer
// to a message there: 403 Forbidden, {"message": "Cannot send messages to
// this user", "code": 50007}, recorded as a Message of Kind "refused".

// DMChannel is the id of the DM channel the fake opens with a user.
func DMChannel(user string) string { return "dm-" + user }

// CloseDMs makes messages to the user's DM channel fail as Discord does
// when the user does not take DMs from the bot; OpenDMs undoes it.
func (s *Server) CloseDMs(user string) { s.setDMClosed(user, true) }

// OpenDMs lets the user take DMs again.
func (s *Server) OpenDMs(user string) { s.setDMClosed(user, false) }

func (s *Server) setDMClosed(user string, closed bool) {
	s.dmMu.Lock()
	defer s.dmMu.Unlock()
	if s.dmClosed == nil {
		s.dmClosed = map[string]bool{}
	}
	s.dmClosed[user] = closed
}

// DMChannelsOpened is how many times the bot opened a DM channel with the
// user.
func (s *Server) DMChannelsOpened(user string) int {
	s.dmMu.Lock()
	defer s.dmMu.Unlock()
	return s.dmOpened[user]
}

func (s *Server) dmClosedTo(channel string) bool {
	user, ok := strings.CutPrefix(channel, "dm-")
	if !ok {
		return false
	}
	s.dmMu.Lock()
	defer s.dmMu.Unlock()
	return s.dmClosed[user]
}

func (s *Server) openDM(w http.ResponseWriter, r *http.Request) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.RecipientID == "" {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		json.NewEncoder(w).Encode(map[string]any{"code": 50035, "message": "Invalid Form Body",
			"errors": map[string]any{"recipient_id": map[string]any{"_errors": []map[string]string{{"code": "BASE_TYPE_REQUIRED", "message": "This field is required"}}}}})
		return
	}
	s.dmMu.Lock()
	if s.dmOpened == nil {
		s.dmOpened = map[string]int{}
	}
	s.dmOpened[body.RecipientID]++
	s.dmMu.Unlock()
	writeJSON(w, map[string]any{"id": DMChannel(body.RecipientID), "type": 1,
		"recipients": []map[string]any{{"id": body.RecipientID, "username": "user-" + body.RecipientID}}})
}

// PollPost returns the next message the bot posted (or tried to post) in
// a channel if there is one already, without waiting.
func (s *Server) PollPost(channel string) (Message, bool) {
	select {
	case m := <-s.waiter("c:" + channel):
		return m, true
	default:
		return Message{}, false
	}
}
