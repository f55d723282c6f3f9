//go:build unix

package amazons

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the test process has used,
// so that benchmarks can report a rate that does not fall when other
// processes share the machine's cores.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
