package store

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"runtime/debug"
	"strings"

	bolterrors "go.etcd.io/bbolt/errors"
)

// Restore is the advice given with ErrDamaged.
const Restore = "stop veletasbot, move the damaged file aside and copy the newest snapshot over it (README, \"Restoring a snapshot\")"

// checkFile checks the file at path before it is opened for writing, so
// that a damaged file gives an error wrapping ErrDamaged instead of a
// panic or a memory fault inside bbolt (bbolt rebuilds a free list it
// did not write by walking the whole file, in a goroutine of its own,
// where a bad page or any fault its check finds ends the process): the
// structure of every page a transaction can reach, read as plain bytes
// without bbolt (checkPages: page numbers, overflow, types, elements,
// keys and values inside their page, key order, pages reached twice or
// also free). It reads the file with plain reads, not through a memory
// mapping, so that checking a large file does not make it resident in
// the process (a mapping's pages count in its resident memory). A missing
// or empty file is not checked.
func checkFile(path string) error {
	if fi, err := os.Stat(path); err != nil || fi.Size() == 0 {
		return nil // created by Open; any other problem is Open's to report
	}
	return checkPages(path)
}

// protect runs fn, turning a panic or a memory fault in it into an error
// wrapping ErrDamaged.
func protect(fn func() error) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%w: %s", ErrDamaged, oneLine(fmt.Sprint(p)))
		}
	}()
	return fn()
}

// damaged reports whether an error of bbolt's Open means a damaged file
// (its meta pages fail their checksum or make no sense).
func damaged(err error) bool {
	return errors.Is(err, ErrDamaged) || errors.Is(err, bolterrors.ErrChecksum) ||
		errors.Is(err, bolterrors.ErrInvalid) || errors.Is(err, bolterrors.ErrInvalidMapping) ||
		errors.Is(err, bolterrors.ErrVersionMismatch)
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}

// The layout of a bbolt file (go.etcd.io/bbolt/internal/common), read by
// checkPages without bbolt: little-endian, each page a 16-byte header
// (id uint64, flags uint16, count uint16, overflow uint32) and count
// 16-byte elements whose keys and values lie at an offset from the
// element.
const (
	pageHeaderSize   = 16
	pageElementSize  = 16
	pageBranchFlag   = 0x01
	pageLeafFlag     = 0x02
	pageFreelistFlag = 0x10
	bucketLeafFlag   = 0x01
	boltMagic        = 0xED0CDAED
	boltVersion      = 2
	metaSumSize      = 56 // the meta's bytes before its checksum
	noFreelist       = ^uint64(0)
	minPageSize      = 512
	maxPageSize      = 1 << 24
)

// boltMeta is what checkPages uses of a meta page.
type boltMeta struct {
	pageSize uint32
	root     uint64 // the root bucket's page
	freelist uint64 // the free list's page, or noFreelist
	hwm      uint64 // the high water mark: pages at or above it are unused
	txid     uint64
}

// readMeta reads the meta held in page (at its header's end) and reports
// whether it is valid as bbolt validates it: magic, version, checksum.
func readMeta(page []byte) (boltMeta, bool) {
	m, err := parseMeta(page)
	return m, err == nil
}

// parseMeta is readMeta saying what is wrong with an invalid meta.
func parseMeta(page []byte) (boltMeta, error) {
	if len(page) < pageHeaderSize+metaSumSize+8 {
		return boltMeta{}, errors.New("the file is shorter than a meta page")
	}
	m := page[pageHeaderSize:]
	h := fnv.New64a()
	h.Write(m[:metaSumSize])
	le := binary.LittleEndian
	switch {
	case le.Uint32(m[0:]) != boltMagic:
		return boltMeta{}, errors.New("no bbolt meta page (not a database file)")
	case le.Uint32(m[4:]) != boltVersion:
		return boltMeta{}, fmt.Errorf("bbolt file format %d, not %d", le.Uint32(m[4:]), boltVersion)
	case le.Uint64(m[metaSumSize:]) != h.Sum64():
		return boltMeta{}, errors.New("the meta page fails its checksum")
	}
	return boltMeta{pageSize: le.Uint32(m[8:]), root: le.Uint64(m[16:]), freelist: le.Uint64(m[32:]),
		hwm: le.Uint64(m[40:]), txid: le.Uint64(m[48:])}, nil
}

// pageChecker walks the pages of a bbolt file as bbolt's own consistency
// check does when bbolt opens a file for writing (it rebuilds the free
// list so, in a goroutine of its own where a fault or a panic ends the
// process): every page a bucket reaches must lie below the high water
// mark and inside the file, overflow included, be a branch or a leaf
// page that names itself, hold its elements, keys and values inside it,
// keep its keys in order within the bounds its parent gives, and be
// reached once only, by one bucket, and never be in the free list.
type pageChecker struct {
	f        *os.File
	size     int64 // of the file
	pageSize int
	hwm      uint64
	seen     pageSet  // pages reached (meta and free list pages included)
	freed    pageSet  // pages of the free list
	bufs     [][]byte // page buffers free for reuse (one per level of a tree)
}

// pageSet is a set of page numbers below the high water mark: a bit each,
// so that the sets of a file of millions of pages stay small.
type pageSet []uint64

func (s pageSet) has(p uint64) bool { return p/64 < uint64(len(s)) && s[p/64]&(1<<(p%64)) != 0 }
func (s pageSet) add(p uint64)      { s[p/64] |= 1 << (p % 64) }

// checkPages checks the structure of the bbolt file at path (see
// pageChecker) and returns an error wrapping ErrDamaged at the first
// fault, also when neither meta page is valid (bbolt refuses such a
// file too, but not always with an error that says it is damaged).
func checkPages(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return nil // Open reports it
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil
	}
	c := &pageChecker{f: f, size: fi.Size()}
	m, ok := c.meta()
	if !ok {
		head := make([]byte, 0x1000)
		n, _ := f.ReadAt(head, 0)
		_, err := parseMeta(head[:n])
		return fmt.Errorf("%w: neither meta page is valid (the first: %v)", ErrDamaged, err)
	}
	c.pageSize, c.hwm = int(m.pageSize), m.hwm
	if c.pageSize < minPageSize || c.pageSize > maxPageSize || c.pageSize&(c.pageSize-1) != 0 {
		return fmt.Errorf("%w: the meta page gives a page size of %d bytes", ErrDamaged, m.pageSize)
	}
	if m.hwm < 3 || m.hwm > uint64(c.size)/uint64(c.pageSize) {
		return fmt.Errorf("%w: the meta page counts %d pages, the file holds %d", ErrDamaged, m.hwm, c.size/int64(c.pageSize))
	}
	c.seen, c.freed = make(pageSet, m.hwm/64+1), make(pageSet, m.hwm/64+1)
	c.seen.add(0)
	c.seen.add(1)
	if m.freelist != noFreelist {
		if err := c.freelist(m.freelist); err != nil {
			return err
		}
	}
	_, err = c.tree(m.root, nil, nil, "the root bucket")
	return err
}

// meta returns the meta page bbolt would use: of the two meta pages, the
// valid one with the higher transaction ID. The page size comes from the
// first meta page, or, when it is invalid, from the second, found at each
// page size bbolt tries.
func (c *pageChecker) meta() (boltMeta, bool) {
	buf := make([]byte, 0x1000)
	n, _ := c.f.ReadAt(buf, 0)
	m0, ok0 := readMeta(buf[:n])
	pageSize := int64(m0.pageSize)
	if !ok0 {
		for i := 0; i <= 14; i++ {
			pos := int64(1024) << i
			if pos >= c.size-1024 {
				break
			}
			n, _ := c.f.ReadAt(buf, pos)
			if m1, ok := readMeta(buf[:n]); ok {
				pageSize = int64(m1.pageSize)
				break
			}
		}
	}
	if pageSize < minPageSize || pageSize > maxPageSize {
		return m0, ok0
	}
	n, _ = c.f.ReadAt(buf, pageSize)
	m1, ok1 := readMeta(buf[:n])
	switch {
	case ok0 && ok1:
		if m1.txid > m0.txid {
			return m1, true
		}
		return m0, true
	case ok1:
		return m1, true
	}
	return m0, ok0
}

// page reads page id with its overflow, after checking that it lies
// below the high water mark and inside the file and names itself, and
// marks it reached (an error if it was already, or is free).
func (c *pageChecker) page(id uint64, what string) ([]byte, error) {
	if id < 2 || id >= c.hwm {
		return nil, fmt.Errorf("%w: %s points to page %d, outside pages 2 to %d", ErrDamaged, what, id, c.hwm-1)
	}
	off := int64(id) * int64(c.pageSize)
	buf := c.buffer()
	if _, err := c.f.ReadAt(buf, off); err != nil {
		c.release(buf)
		return nil, fmt.Errorf("%w: page %d cannot be read: %v", ErrDamaged, id, err)
	}
	le := binary.LittleEndian
	if got := le.Uint64(buf); got != id {
		c.release(buf)
		return nil, fmt.Errorf("%w: page %d (%s) names itself page %d", ErrDamaged, id, what, got)
	}
	overflow := uint64(le.Uint32(buf[12:]))
	if id+overflow >= c.hwm {
		c.release(buf)
		return nil, fmt.Errorf("%w: page %d (%s) runs over %d more pages, past the last page %d", ErrDamaged, id, what, overflow, c.hwm-1)
	}
	for p := id; p <= id+overflow; p++ {
		switch {
		case c.seen.has(p):
			c.release(buf)
			return nil, fmt.Errorf("%w: page %d (%s) is used twice", ErrDamaged, p, what)
		case c.freed.has(p):
			c.release(buf)
			return nil, fmt.Errorf("%w: page %d (%s) is in use and in the free list", ErrDamaged, p, what)
		}
		c.seen.add(p)
	}
	if overflow > 0 {
		c.release(buf)
		buf = make([]byte, (overflow+1)*uint64(c.pageSize))
		if _, err := c.f.ReadAt(buf, off); err != nil {
			return nil, fmt.Errorf("%w: page %d cannot be read: %v", ErrDamaged, id, err)
		}
	}
	return buf, nil
}

// buffer returns a buffer of one page, reused when one was released.
func (c *pageChecker) buffer() []byte {
	if n := len(c.bufs); n > 0 {
		b := c.bufs[n-1]
		c.bufs = c.bufs[:n-1]
		return b
	}
	return make([]byte, c.pageSize)
}

// release gives back a buffer of page once nothing refers to it (a page
// with overflow is not kept).
func (c *pageChecker) release(b []byte) {
	if len(b) == c.pageSize {
		c.bufs = append(c.bufs, b)
	}
}

// freelist checks the free list's page and the pages it lists.
func (c *pageChecker) freelist(id uint64) error {
	buf, err := c.page(id, "the free list")
	if err != nil {
		return err
	}
	le := binary.LittleEndian
	if flags := le.Uint16(buf[8:]); flags != pageFreelistFlag {
		return fmt.Errorf("%w: page %d should hold the free list but has type %#x", ErrDamaged, id, flags)
	}
	ids := buf[pageHeaderSize:]
	count := uint64(le.Uint16(buf[10:]))
	if count == 0xffff {
		count = le.Uint64(ids)
		ids = ids[8:]
	}
	if count > uint64(len(ids))/8 {
		return fmt.Errorf("%w: the free list (page %d) counts %d pages, more than it holds", ErrDamaged, id, count)
	}
	for i := range count {
		p := le.Uint64(ids[8*i:])
		switch {
		case p < 2 || p >= c.hwm:
			return fmt.Errorf("%w: the free list (page %d) lists page %d, outside pages 2 to %d", ErrDamaged, id, p, c.hwm-1)
		case c.freed.has(p):
			return fmt.Errorf("%w: the free list (page %d) lists page %d twice", ErrDamaged, id, p)
		case c.seen.has(p):
			return fmt.Errorf("%w: the free list (page %d) lists page %d, which holds the free list", ErrDamaged, id, p)
		}
		c.freed.add(p)
	}
	return nil
}

// tree checks the pages of a bucket's tree under page id, whose keys
// must lie in [lo, hi) (nil: unbounded), and returns its last key.
func (c *pageChecker) tree(id uint64, lo, hi []byte, what string) ([]byte, error) {
	buf, err := c.page(id, what)
	if err != nil {
		return nil, err
	}
	last, err := c.node(buf, id, lo, hi, what, true)
	last = bytes.Clone(last) // buf is reused
	c.release(buf)
	return last, err
}

// node checks the elements of a branch or leaf page (buf: the page with
// its overflow, or an inline bucket's page, not on a page of its own when
// own is false) and descends into its children and buckets.
func (c *pageChecker) node(buf []byte, id uint64, lo, hi []byte, what string, own bool) ([]byte, error) {
	le := binary.LittleEndian
	flags, count := le.Uint16(buf[8:]), int(le.Uint16(buf[10:]))
	where := fmt.Sprintf("page %d (%s)", id, what)
	if !own {
		where = fmt.Sprintf("the inline bucket %s", what)
	}
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s: %s", ErrDamaged, where, fmt.Sprintf(format, a...))
	}
	branch := flags == pageBranchFlag
	switch {
	case flags != pageBranchFlag && flags != pageLeafFlag:
		return nil, bad("type %#x, not a branch or leaf page", flags)
	case branch && (count == 0 || !own):
		return nil, bad("a branch page without elements or inside a value")
	case pageHeaderSize+count*pageElementSize > len(buf):
		return nil, bad("%d elements do not fit in %d bytes", count, len(buf))
	}
	// slice returns the n bytes at pos from the element at e.
	slice := func(e int, pos uint64, n uint32) ([]byte, bool) {
		start := uint64(e) + pos
		if start+uint64(n) > uint64(len(buf)) {
			return nil, false
		}
		return buf[start : start+uint64(n)], true
	}
	prev, last := lo, []byte(nil)
	for i := range count {
		e := pageHeaderSize + i*pageElementSize
		var key []byte
		var ok bool
		if branch {
			key, ok = slice(e, uint64(le.Uint32(buf[e:])), le.Uint32(buf[e+4:]))
		} else {
			key, ok = slice(e, uint64(le.Uint32(buf[e+4:])), le.Uint32(buf[e+8:]))
		}
		if !ok {
			return nil, bad("key %d lies outside the page", i)
		}
		if (i == 0 && prev != nil && bytes.Compare(prev, key) > 0) || (i > 0 && bytes.Compare(prev, key) >= 0) ||
			(hi != nil && bytes.Compare(key, hi) >= 0) {
			return nil, bad("key %d is out of order", i)
		}
		if branch {
			next := hi
			if i+1 < count {
				f := pageHeaderSize + (i+1)*pageElementSize
				if next, ok = slice(f, uint64(le.Uint32(buf[f:])), le.Uint32(buf[f+4:])); !ok {
					return nil, bad("key %d lies outside the page", i+1)
				}
			}
			sub, err := c.tree(le.Uint64(buf[e+8:]), key, next, what)
			if err != nil {
				return nil, err
			}
			prev, last = sub, sub
			continue
		}
		prev, last = key, key
		val, ok := slice(e, uint64(le.Uint32(buf[e+4:]))+uint64(le.Uint32(buf[e+8:])), le.Uint32(buf[e+12:]))
		if !ok {
			return nil, bad("value %d lies outside the page", i)
		}
		if le.Uint32(buf[e:])&bucketLeafFlag == 0 {
			continue
		}
		name := what + "/" + string(key)
		if what == "the root bucket" {
			name = string(key)
		}
		if len(val) < 16 {
			return nil, bad("bucket %q has a value of %d bytes", name, len(val))
		}
		if root := le.Uint64(val); root != 0 {
			if _, err := c.tree(root, nil, nil, name); err != nil {
				return nil, err
			}
		} else if len(val) < 16+pageHeaderSize {
			return nil, bad("the inline bucket %q is shorter than a page header", name)
		} else if _, err := c.node(val[16:], id, nil, nil, name, false); err != nil {
			return nil, err
		}
	}
	return last, nil
}
