//go:build unix

package fanorona

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system. On a
// shared machine it measures the work of a benchmark where wall time
// measures the load as well.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
