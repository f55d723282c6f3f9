package web

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// needTool skips the test when a tool is missing, or fails it under
// CI=true, where everything must run.
func needTool(t *testing.T, what, hint string) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing (CI=true: not skipping): %s", what, hint)
	}
	t.Skipf("%s is missing: %s", what, hint)
}

// TestAssetsFresh rebuilds the front end with the pinned esbuild, by
// package.json's own build script writing to a temporary directory, and
// fails when the committed assets differ: run
// `npm ci --prefix web/ui && npm run build --prefix web/ui` and commit.
func TestAssetsFresh(t *testing.T) {
	if _, err := exec.LookPath("npm"); err != nil {
		needTool(t, "npm", "install Node.js and npm to check the front end's build")
	}
	esbuild := filepath.Join("ui", "node_modules", ".bin", "esbuild")
	if _, err := os.Stat(esbuild); err != nil {
		needTool(t, "web/ui/node_modules (the pinned esbuild)", "run npm ci --prefix web/ui")
	}
	raw, err := os.ReadFile(filepath.Join("ui", "package.json"))
	if err != nil {
		t.Fatal(err)
	}
	var pkg struct{ Scripts map[string]string }
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	script := pkg.Scripts["build"]
	if strings.Count(script, "../assets/") != 3 {
		t.Fatalf("the build script %q does not write ../assets/app.js, app.css and activity.js", script)
	}
	out := t.TempDir()
	script = strings.ReplaceAll(script, "../assets/", out+"/")
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = "ui"
	abs, _ := filepath.Abs(filepath.Dir(esbuild))
	cmd.Env = append(os.Environ(), "PATH="+abs+string(os.PathListSeparator)+os.Getenv("PATH"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, b)
	}
	for _, name := range []string{"app.js", "app.css", "activity.js"} {
		built, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := assetFS.ReadFile("assets/" + name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(built, committed) {
			t.Errorf("web/assets/%s is stale (%d bytes, a build makes %d): run npm ci --prefix web/ui && npm run build --prefix web/ui", name, len(committed), len(built))
		}
	}
}
