// Package etcdtest runs a real etcd cluster for tests: Debian's etcd
// binary (package etcd-server, /usr/bin/etcd) as local processes, by
// default 3 members on free loopback ports (never etcd's default ports
// 2379 and 2380), with their data in a temporary directory.
//
//	c := etcdtest.Start(t)               // healthy when Start returns; stopped when t ends
//	db, err := store.OpenURL(c.URL("test1"), nil)
//	c.StopMember(1)                       // SIGTERM, wait
//	c.StartMember(1)                      // same data directory; waits until it serves
//
// When the binary is missing, Start skips the test with how to install it
// (apt-get install etcd-server), unless the environment variable CI is
// "true": then the test fails, so that CI runs the etcd tests for real.
//
// Tests of a package that share one cluster call New from TestMain (or
// behind a sync.Once) and Close it at the end, and Require in each test.
package etcdtest
