package render

import (
	"encoding/binary"
	"math/bits"
)

// The GIF's LZW coder, for 8-bit literals packed least significant bit
// first: the code stream compress/lzw writes for GIF (the same greedy
// longest match, the same code widths, a clear code when the table is
// full), several times faster. compress/lzw's Writer looks every byte up
// in a hash table and writes every byte of output through two
// interfaces; here the table is a trie (each code's first child, next
// sibling and last byte), and the output goes to a slice. The replays'
// frames are mostly runs of one colour (the transparent one above all):
// the codes of runs of one byte x (x, xx, xxx...: all lengths from one
// up to the longest, as each extends the one before) are kept by length,
// so that a run is matched by its length, counted eight bytes at a time,
// not byte by byte.

const (
	lzwLit      = 8             // bits of a literal
	lzwClear    = 1 << lzwLit   // the clear code
	lzwEOF      = lzwClear + 1  // the end of the data
	lzwMaxCode  = 1<<12 - 1     // the table is full when the next code would be this
	lzwMinWidth = lzwLit + 1    // the width of a code after a clear code
	lzwFirstHi  = lzwClear + 1  // the last code in use after a clear code
	lzwFirstOvf = lzwClear << 1 // the first code that needs one more bit
)

// lzwCoder encodes one stream at a time: reset, write (any number of
// times), finish. Its zero value is not ready: call reset.
type lzwCoder struct {
	// The trie: child[c] is the first code extending c by one byte (0
	// for none: no literal extends another code), sibling[c] the next
	// code extending the same prefix, last[c] the byte that c adds.
	child   [lzwMaxCode + 1]uint16
	sibling [lzwMaxCode + 1]uint16
	last    [lzwMaxCode + 1]uint8
	// runLen[c] is k when c is the code of a byte repeated k times, else
	// 0; runs[x][k-1] is the code of x repeated k times.
	runLen [lzwMaxCode + 1]uint16
	runs   [256][]uint16

	out      []byte
	bits     uint64 // pending output bits, the oldest lowest
	nBits    uint
	width    uint   // bits of the next code
	hi       uint32 // the last code in use
	overflow uint32 // the code from which width grows
	code     uint32 // the code of the bytes matched so far
	started  bool   // code holds a match (the first byte came)
}

// reset starts a new stream, appended to out.
func (e *lzwCoder) reset(out []byte) {
	e.out = out
	e.bits, e.nBits = 0, 0
	e.started = false
	for x := range lzwClear {
		e.last[x], e.runLen[x] = uint8(x), 1
		if e.runs[x] == nil {
			e.runs[x] = append(make([]uint16, 0, 64), uint16(x))
		}
	}
	e.clearTable()
}

// clearTable empties the table, as after a clear code.
func (e *lzwCoder) clearTable() {
	clear(e.child[:lzwClear])
	for x := range e.runs {
		e.runs[x] = e.runs[x][:1]
	}
	e.width = lzwMinWidth
	e.hi = lzwFirstHi
	e.overflow = lzwFirstOvf
}

// emit appends the code c, of the current width.
func (e *lzwCoder) emit(c uint32) {
	e.bits |= uint64(c) << e.nBits
	e.nBits += e.width
	if e.nBits >= 32 {
		b := uint32(e.bits)
		e.out = append(e.out, byte(b), byte(b>>8), byte(b>>16), byte(b>>24))
		e.bits >>= 32
		e.nBits -= 32
	}
}

// next takes the code after hi into use, growing the width when it
// needs one more bit; when the table is full it writes the clear code
// and empties it, and reports false (no code to add).
func (e *lzwCoder) next() bool {
	e.hi++
	if e.hi == e.overflow {
		e.width++
		e.overflow <<= 1
	}
	if e.hi == lzwMaxCode {
		e.emit(lzwClear)
		e.clearTable()
		return false
	}
	return true
}

// write encodes p, continuing the match from the bytes before.
func (e *lzwCoder) write(p []byte) {
	if len(p) == 0 {
		return
	}
	if !e.started {
		e.start(p[0])
		p = p[1:]
	}
	code := e.code
	for i := 0; i < len(p); {
		x := p[i]
		if k := int(e.runLen[code]); k != 0 && e.last[code] == x {
			m := runOf(p[i:], x)
			code = e.extendRun(k, x, m)
			i += m
			continue
		}
		code = e.step(code, x)
		i++
	}
	e.code = code
}

// writeRun encodes n bytes x, as write of them would.
func (e *lzwCoder) writeRun(x byte, n int) {
	if n <= 0 {
		return
	}
	if !e.started {
		e.start(x)
		n--
	}
	code := e.code
	for ; n > 0; n-- {
		if k := int(e.runLen[code]); k != 0 && e.last[code] == x {
			code = e.extendRun(k, x, n)
			break
		}
		code = e.step(code, x)
	}
	e.code = code
}

// start begins the stream's codes with x.
func (e *lzwCoder) start(x byte) {
	e.emit(lzwClear)
	e.code = uint32(x)
	e.started = true
}

// step matches one more byte x after code and returns the code matched
// now: code's child by x, or, when it has none, x after code is written
// and its child by x added (unless the table was full).
func (e *lzwCoder) step(code uint32, x byte) uint32 {
	c := e.child[code]
	for c != 0 && e.last[c] != x {
		c = e.sibling[c]
	}
	if c != 0 {
		return uint32(c)
	}
	e.emit(code)
	if e.next() {
		hi := uint16(e.hi)
		e.last[hi], e.runLen[hi] = x, 0
		if k := e.runLen[code]; k != 0 && e.last[code] == x {
			e.runLen[hi] = k + 1
			e.runs[x] = append(e.runs[x], hi)
		}
		e.child[hi] = 0
		e.sibling[hi] = e.child[code]
		e.child[code] = hi
	}
	return uint32(x)
}

// extendRun matches m more bytes x after the code of x repeated k times
// and returns the code matched then: runs of x are matched by
// their length, and when the longest known falls short, it is written
// and the run one longer added.
func (e *lzwCoder) extendRun(k int, x byte, m int) uint32 {
	run := e.runs[x]
	for {
		if k+m <= len(run) {
			return uint32(run[k+m-1])
		}
		// The longest run's code, then an x it does not reach.
		m -= len(run) - k
		code := uint32(run[len(run)-1])
		e.emit(code)
		if e.next() {
			hi := uint16(e.hi)
			e.last[hi], e.runLen[hi] = x, uint16(len(run)+1)
			e.child[hi] = 0
			e.sibling[hi] = e.child[code]
			e.child[code] = hi
			run = append(run, hi)
			e.runs[x] = run
		} else {
			run = e.runs[x]
		}
		k = 1
		m--
		if m == 0 {
			return uint32(x)
		}
	}
}

// runOf is how many of the first bytes of p are x.
func runOf(p []byte, x byte) int {
	pat := uint64(x) * 0x0101010101010101
	i := 0
	for ; i+8 <= len(p); i += 8 {
		if d := binary.LittleEndian.Uint64(p[i:]) ^ pat; d != 0 {
			return i + bits.TrailingZeros64(d)/8
		}
	}
	for ; i < len(p) && p[i] == x; i++ {
	}
	return i
}

// finish ends the stream and returns the output, all of it appended to
// the slice given to reset.
func (e *lzwCoder) finish() []byte {
	if e.started {
		e.emit(e.code)
		e.next()
	} else {
		e.emit(lzwClear)
	}
	e.emit(lzwEOF)
	for e.nBits > 0 {
		e.out = append(e.out, byte(e.bits))
		e.bits >>= 8
		e.nBits -= min(e.nBits, 8)
	}
	out := e.out
	e.out = nil
	return out
}
