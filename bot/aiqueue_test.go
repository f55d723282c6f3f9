package bot

import (
	"slices"
	"testing"
)

// takeAll takes every job a lone worker would take, finishing each at
// once, and returns the games in that order.
func takeAll(tb testing.TB, q *aiQueue, n int) []uint64 {
	tb.Helper()
	var order []uint64
	for range n {
		j, ok := q.take()
		if !ok {
			tb.Fatalf("take: the queue is closed after %v", order)
		}
		order = append(order, j.game)
		q.finish(j)
	}
	return order
}

func TestAIQueueRoundRobin(t *testing.T) {
	q := newAIQueue(1, 100, 4)
	for _, j := range []aiJob{
		{game: 1, user: "alice", costly: true}, {game: 2, user: "alice", costly: true},
		{game: 3, user: "alice", costly: true}, {game: 4, user: "alice", costly: true},
		{game: 5, user: "bob", costly: true}, {game: 6, user: "carol", costly: true},
		{game: 7, user: "bob", costly: true},
	} {
		if !q.push(j) {
			t.Fatalf("push %+v refused", j)
		}
	}
	got := takeAll(t, q, 7)
	if want := []uint64{1, 5, 6, 2, 7, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("games taken in the order %v, want %v (the users in turn)", got, want)
	}
}

func TestAIQueueCheapFirst(t *testing.T) {
	q := newAIQueue(1, 100, 5)
	for g := uint64(1); g <= 4; g++ {
		q.push(aiJob{game: g, user: "alice", costly: true})
	}
	if !q.push(aiJob{game: 10, user: "bob"}) || !q.push(aiJob{game: 11, user: "alice"}) {
		t.Fatal("a cheap game refused")
	}
	got := takeAll(t, q, 6)
	if want := []uint64{10, 11, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("games taken in the order %v, want %v (cheap decisions first)", got, want)
	}
}

// TestAIQueueCheapLaneFree shows that with two workers a cheap decision
// never waits for costly ones: while one worker decides a costly game, the
// other does not take the next costly one but waits for a cheap one.
func TestAIQueueCheapLaneFree(t *testing.T) {
	q := newAIQueue(2, 100, 4)
	for g := uint64(1); g <= 4; g++ {
		q.push(aiJob{game: g, user: "alice", costly: true})
	}
	first, _ := q.take()
	if first.game != 1 || !first.costly {
		t.Fatalf("first job %+v, want alice's game 1", first)
	}
	got := make(chan aiJob)
	go func() {
		j, _ := q.take() // the second worker: only a cheap job may come
		got <- j
	}()
	q.push(aiJob{game: 10, user: "bob"})
	if j := <-got; j.game != 10 {
		t.Fatalf("the second worker took game %d while a costly decision was under way, want bob's cheap game 10", j.game)
	}
	if cheap, costly := q.waiting(); cheap != 0 || costly != 3 {
		t.Errorf("waiting: %d cheap, %d costly; want 0 and 3", cheap, costly)
	}
	// Once the costly decision is done, the next one may start.
	q.finish(first)
	if j, _ := q.take(); j.game != 2 {
		t.Errorf("after the first costly decision, took game %d, want 2", j.game)
	}
}

func TestAIQueueBounds(t *testing.T) {
	q := newAIQueue(2, 5, 2)
	if !q.push(aiJob{game: 1, user: "alice", costly: true}) || !q.push(aiJob{game: 2, user: "alice"}) {
		t.Fatal("alice's first two games refused")
	}
	if q.push(aiJob{game: 3, user: "alice"}) {
		t.Error("alice's third game queued beyond the bound of 2 per user")
	}
	j, _ := q.take() // game 2, cheap
	if q.push(aiJob{game: 3, user: "alice"}) {
		t.Error("alice's third game queued while two are waiting or being decided")
	}
	q.finish(j)
	if !q.push(aiJob{game: 3, user: "alice"}) {
		t.Error("alice's third game refused once one of hers was done")
	}
	for g := uint64(4); g <= 6; g++ {
		if !q.push(aiJob{game: g, user: string(rune('a' + g))}) {
			t.Fatalf("game %d refused below the queue's bound", g)
		}
	}
	if q.push(aiJob{game: 7, user: "zoe"}) {
		t.Error("a sixth game queued beyond the queue's bound of 5")
	}
	q.close()
	if _, ok := q.take(); ok {
		t.Error("take returned a job after close")
	}
	if q.push(aiJob{game: 8, user: "yann"}) {
		t.Error("push accepted a job after close")
	}
}
