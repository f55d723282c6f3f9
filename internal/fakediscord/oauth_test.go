package fakediscord

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/veletasbot/veletas/internal/openapi"
)

// TestOAuthCodeFlow walks the authorization code flow as a web server
// would: the authorize page redirects with a code and the state, the
// token endpoint trades the code (once) for an access token, and
// /users/@me answers the user with it, in the shape Discord's
// description gives (UserPIIResponse's required fields), checked against
// the description; wrong credentials, a reused code, a wrong
// redirect_uri and a forged access token are refused as Discord does.
func TestOAuthCodeFlow(t *testing.T) {
	s := New()
	defer s.Close()
	requireSpec(t, s)
	s.CheckConformance(t)
	const redirect = "https://board.example/auth/callback"
	s.SetOAuthApp(OAuthApp{ClientID: "111", ClientSecret: "sekrit", Redirects: []string{redirect}})
	s.SignInAs(OAuthUser{ID: "222", Username: "alice", Avatar: "a_1f"})
	nr := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

	authorize := func(q url.Values) *http.Response {
		t.Helper()
		resp, err := nr.Get(s.URL() + "/oauth2/authorize?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp
	}
	good := url.Values{"response_type": {"code"}, "client_id": {"111"}, "scope": {"identify"}, "state": {"st8"}, "redirect_uri": {redirect}}
	for name, mod := range map[string]func(url.Values){
		"unknown client":   func(q url.Values) { q.Set("client_id", "999") },
		"other redirect":   func(q url.Values) { q.Set("redirect_uri", "https://evil.example/cb") },
		"no identify":      func(q url.Values) { q.Set("scope", "email") },
		"token flow":       func(q url.Values) { q.Set("response_type", "token") },
		"missing redirect": func(q url.Values) { q.Del("redirect_uri") },
	} {
		q := url.Values{}
		for k, v := range good {
			q[k] = append([]string(nil), v...)
		}
		mod(q)
		if resp := authorize(q); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", name, resp.StatusCode)
		}
	}
	resp := authorize(good)
	back, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode != http.StatusFound || !strings.HasPrefix(back.String(), redirect+"?") || back.Query().Get("state") != "st8" {
		t.Fatalf("authorize: %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	code := back.Query().Get("code")

	token := func(form url.Values, basic bool) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, s.URL()+"/api/v10/oauth2/token", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if basic {
			req.SetBasicAuth(form.Get("client_id"), form.Get("client_secret"))
			req.PostForm = nil
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {"111"}, "client_secret": {"wrong"}}
	if st, out := token(form, false); st != http.StatusUnauthorized || out["error"] != "invalid_client" {
		t.Errorf("wrong secret: %d %v", st, out)
	}
	form.Set("client_secret", "sekrit")
	st, out := token(form, true)
	access, _ := out["access_token"].(string)
	if st != http.StatusOK || access == "" || out["token_type"] != "Bearer" || out["scope"] != "identify" {
		t.Fatalf("token: %d %v", st, out)
	}
	if st, out := token(form, false); st != http.StatusBadRequest || out["error"] != "invalid_grant" {
		t.Errorf("reused code: %d %v", st, out)
	}
	resp = authorize(good)
	back, _ = url.Parse(resp.Header.Get("Location"))
	form.Set("code", back.Query().Get("code"))
	form.Set("redirect_uri", "https://board.example/other")
	if st, out := token(form, false); st != http.StatusBadRequest || out["error"] != "invalid_grant" {
		t.Errorf("other redirect_uri: %d %v", st, out)
	}

	me := func(auth string) (int, map[string]any) {
		req, _ := http.NewRequest(http.MethodGet, s.URL()+"/api/v10/users/@me", nil)
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		b, _ := io.ReadAll(resp.Body)
		json.Unmarshal(b, &out)
		return resp.StatusCode, out
	}
	st, u := me("Bearer " + access)
	if st != http.StatusOK || u["id"] != "222" || u["username"] != "alice" || u["avatar"] != "a_1f" || u["global_name"] != nil {
		t.Fatalf("users/@me: %d %v", st, u)
	}
	path, err := openapi.Find()
	if err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Required []any `json:"required"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	schema := map[string]any{"required": doc.Components.Schemas["UserPIIResponse"].Required}
	if len(doc.Components.Schemas["UserPIIResponse"].Required) == 0 {
		t.Fatal("no UserPIIResponse in the description")
	}
	for _, f := range schema["required"].([]any) {
		if _, ok := u[f.(string)]; !ok {
			t.Errorf("users/@me lacks %s, which the description requires", f)
		}
	}
	if st, _ := me("Bearer at-forged"); st != http.StatusUnauthorized {
		t.Errorf("forged access token: %d", st)
	}
	if st, u := me("Bearer " + s.AccessToken(OAuthUser{ID: "333", Username: "bob", GlobalName: "Bob"})); st != http.StatusOK || u["global_name"] != "Bob" {
		t.Errorf("AccessToken's user: %d %v", st, u)
	}

	s.DenySignIn()
	back, _ = url.Parse(authorize(good).Header.Get("Location"))
	if back.Query().Get("error") != "access_denied" || back.Query().Get("code") != "" || back.Query().Get("state") != "st8" {
		t.Errorf("denied: %s", back)
	}
}
