//go:build unix

package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestPerftSIGINT sends SIGINT to the test process while a long perft
// runs: the count stops with "perft interrupted" and exit 130, and the
// process goes on.
func TestPerftSIGINT(t *testing.T) {
	started := make(chan struct{})
	perftStarted = func() { close(started) }
	defer func() { perftStarted = func() {} }()
	type result struct {
		out, errs string
		code      int
	}
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		m := &Main{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}
		code := m.Run(context.Background(), []string{"perft", startText, "4", "-max-nodes", "1e14"})
		done <- result{out.String(), errb.String(), code}
	}()
	<-started
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	r := <-done
	if r.code != 130 || r.out != "" || r.errs != "amazons perft: perft interrupted\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", r.code, r.out, r.errs)
	}
}
