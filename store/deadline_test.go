package store

import (
	"context"
	"errors"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// TestCtxEnded: etcd's server answers "context deadline exceeded" (gRPC
// code Unknown) a moment before the client's own context ends; that
// answer counts as the context's end when the deadline is the
// context's, and as etcd being unavailable in any case.
func TestCtxEnded(t *testing.T) {
	server := status.Error(codes.Unknown, "context deadline exceeded")
	near, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := ctxEnded(near, server); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("server's deadline near the context's: %v, want the context's DeadlineExceeded", err)
	}
	far, cancel2 := context.WithTimeout(context.Background(), time.Hour)
	defer cancel2()
	if err := ctxEnded(far, server); err != nil {
		t.Errorf("server's deadline with the context's an hour away: %v, want nil", err)
	}
	if err := ctxEnded(context.Background(), errors.New("other")); err != nil {
		t.Errorf("another error: %v", err)
	}
	if err := etcdErr(server); !errors.Is(err, ErrUnavailable) {
		t.Errorf("etcdErr(%v) = %v, want ErrUnavailable", server, err)
	}
}
