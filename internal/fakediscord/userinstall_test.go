package fakediscord

import (
	"net/http"
	"strings"
	"testing"
)

// TestFakeRefusesWhatAUserInstallCannot: in the group DM of a
// user-installed interaction, a channel message, an edit and a thread are
// refused with Discord's 403 Missing Access (recorded as "refused" under
// the channel), while the interaction's follow-ups are taken up to
// MaxFollowUps and the next one is refused; a server's interaction has no
// such limit.
func TestFakeRefusesWhatAUserInstallCannot(t *testing.T) {
	s := New()
	defer s.Close()
	api := s.URL() + "/api/v10"
	in := GroupDM(Command("77", "g1", "gdm1", User{ID: "200000000000000011", Name: "alice"}, "0", "board", nil))
	if _, ok := in["guild_id"]; ok || in["context"] != 2 {
		t.Fatalf("GroupDM: %+v", in)
	}
	s.note(in)
	s.note(Command("78", "g1", "c1", User{ID: "200000000000000011", Name: "alice"}, AllPermissions, "board", nil))
	do := func(method, path, body string) int {
		t.Helper()
		req, _ := http.NewRequest(method, api+path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bot x")
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, c := range [][3]string{
		{"POST", "/channels/gdm1/messages", `{"content":"x"}`},
		{"PATCH", "/channels/gdm1/messages/5", `{"content":"x"}`},
		{"POST", "/channels/gdm1/threads", `{"name":"x","type":11}`},
	} {
		if code := do(c[0], c[1], c[2]); code != http.StatusForbidden {
			t.Fatalf("%s %s: %d, want 403", c[0], c[1], code)
		}
		if m, ok := s.PollPost("gdm1"); !ok || m.Kind != "refused" {
			t.Fatalf("%s %s not recorded: %+v", c[0], c[1], m)
		}
	}
	if code := do("POST", "/channels/c1/messages", `{"content":"x"}`); code != http.StatusOK {
		t.Fatalf("a server's channel: %d", code)
	}
	for i := 0; i <= MaxFollowUps; i++ {
		code := do("POST", "/webhooks/"+AppID+"/tok-77", `{"content":"x"}`)
		if i < MaxFollowUps && code != http.StatusOK || i == MaxFollowUps && code != http.StatusBadRequest {
			t.Fatalf("follow-up %d: %d", i+1, code)
		}
	}
	if s.FollowUps("77") != MaxFollowUps {
		t.Fatalf("%d follow-ups taken", s.FollowUps("77"))
	}
	for i := 0; i <= MaxFollowUps; i++ {
		if code := do("POST", "/webhooks/"+AppID+"/tok-78", `{"content":"x"}`); code != http.StatusOK {
			t.Fatalf("a server's follow-up %d: %d", i+1, code)
		}
	}
}
