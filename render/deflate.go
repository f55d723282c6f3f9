package render

import (
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
)

// This file is a zlib (deflate) compressor made for the house's paletted
// images, several times faster than compress/flate at level 5 for files of
// about the same size. The images are large areas of one colour whose rows
// mostly repeat the row above: instead of searching a hash chain at every
// byte, the matcher tries the two distances that almost always win, the
// previous byte (runs) and the previous row (the squares, the frame, the
// page), then, for what those miss, the last position of the same four
// bytes (a piece drawn again further along the row). The tokens are then
// written in blocks with their own Huffman codes (dynamic blocks), as
// compress/flate does.

const (
	minMatch   = 3
	maxMatch   = 258
	maxDist    = 32768
	hashBits   = 15
	blockToks  = 1 << 15 // tokens per deflate block
	goodEnough = 32      // a match this long is not bettered by the hash
)

// A token is a literal byte, or a match of length 3..258 at a distance
// of 1..32768 held as deflate writes it: bit 31 set, the length's code
// (less 257) in bits 23..27 and its extra bits' value in 18..22, the
// distance's code in 13..17 and its extra bits' value in 0..12.
type token uint32

func literalToken(b byte) token { return token(b) }

func matchToken(length, dist int) token {
	lc := uint32(lengthCode[length]) - 257
	dc := distCode(uint32(dist))
	return token(1<<31 | lc<<23 | (uint32(length)-uint32(lengthBase[lc]))<<18 |
		uint32(dc)<<13 | (uint32(dist) - distBase[dc]))
}

// deflater holds the buffers of one compression; it is reused through
// pngEncoders.
type deflater struct {
	toks  []token
	table [1 << hashBits]int32 // base plus last position+1 of a 4-byte hash
	// base is added to the positions in table, raised past the data by
	// each call, so that the entries of an earlier call are seen as
	// empty without clearing the table.
	base  int32
	out   []byte
	bw    bitWriter
	lfreq [286]int32
	dfreq [30]int32
	llens [286]uint8
	dlens [30]uint8
	lcode [286]uint16
	dcode [30]uint16
	hufs  huffScratch
	all   []uint8     // writeHeader's code lengths
	runs  []lengthRun // and their run-length code
}

// lengthRun is a symbol of the code lengths' code (0..18) and the value
// of its extra bits.
type lengthRun struct{ sym, extra uint8 }

// zlib compresses data, in which rows of stride bytes tend to repeat,
// appending the zlib stream to dst.
func (d *deflater) zlib(dst, data []byte, stride int) []byte {
	d.out = append(dst, 0x78, 0x5e) // deflate, 32 KB window, "fast" level
	d.bw = bitWriter{out: slices.Grow(d.out, len(data)/8+1024)}
	d.tokenize(data, stride)
	for start := 0; ; start += blockToks {
		end := min(start+blockToks, len(d.toks))
		d.block(d.toks[start:end], end == len(d.toks))
		if end == len(d.toks) {
			break
		}
	}
	d.bw.flush()
	d.out = binary.BigEndian.AppendUint32(d.bw.out, adler32Sum(data))
	return d.out
}

func hash4(u uint32) uint32 { return (u * 0x1e35a7bd) >> (32 - hashBits) }

// matchLen is how many bytes at a and b agree, at most maxMatch; a is no
// longer than b.
func matchLen(a, b []byte) int {
	n := min(len(a), maxMatch)
	a, b = a[:n], b[:n]
	le := binary.LittleEndian
	i := 0
	for ; i+16 <= n; i += 16 {
		if x := le.Uint64(a[i:]) ^ le.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		if x := le.Uint64(a[i+8:]) ^ le.Uint64(b[i+8:]); x != 0 {
			return i + 8 + bits.TrailingZeros64(x)>>3
		}
	}
	for ; i < n && a[i] == b[i]; i++ {
	}
	return i
}

// tokenize turns data into tokens, greedily. A candidate is tried only
// when its first three bytes agree, which rejects most at once.
func (d *deflater) tokenize(data []byte, stride int) {
	table := &d.table
	n := len(data)
	if int64(d.base)+2*int64(n)+2 > math.MaxInt32 {
		clear(table[:])
		d.base = 0
	}
	base := int(d.base)
	d.base += int32(n + 1)
	toks := d.toks[:0]
	le := binary.LittleEndian
	i := 0
	for i+4 <= n {
		cur := le.Uint32(data[i:])
		best, dist := 0, 0
		if i >= stride && stride <= maxDist && (cur^le.Uint32(data[i-stride:]))&0xffffff == 0 {
			best, dist = matchLen(data[i:], data[i-stride:]), stride
		}
		if i >= 1 && best < maxMatch && (cur^le.Uint32(data[i-1:]))&0xffffff == 0 {
			if l := matchLen(data[i:], data[i-1:]); l >= best {
				best, dist = l, 1
			}
		}
		h := hash4(cur)
		if best < goodEnough {
			if c := int(table[h]) - 1 - base; c >= 0 && i-c <= maxDist && i-c != dist && (cur^le.Uint32(data[c:]))&0xffffff == 0 {
				if l := matchLen(data[i:], data[c:]); l > best {
					best, dist = l, i-c
				}
			}
		}
		table[h] = int32(base + i + 1)
		if best >= minMatch {
			toks = append(toks, matchToken(best, dist))
			i += best
			continue
		}
		toks = append(toks, literalToken(data[i]))
		i++
	}
	for ; i < n; i++ {
		toks = append(toks, literalToken(data[i]))
	}
	d.toks = toks
}

// The length and distance codes of deflate (RFC 1951, 3.2.5).
var (
	lengthCode  [maxMatch + 1]uint16 // 257..285 by length
	lengthBase  [29]uint16
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    [30]uint32
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	distCode512 [512]uint8 // by dist-1 for dist <= 512; beyond, by (dist-1)>>7
)

func init() {
	l := 3
	for c := range lengthBase {
		lengthBase[c] = uint16(l)
		if c == 28 {
			lengthBase[c] = 258
			lengthCode[258] = 285
			break
		}
		for k := 0; k < 1<<lengthExtra[c] && l < 258; k++ {
			lengthCode[l] = uint16(257 + c)
			l++
		}
	}
	dist := uint32(1)
	for c := range distBase {
		distBase[c] = dist
		dist += 1 << distExtra[c]
	}
	for i := range distCode512 {
		if i < 256 {
			distCode512[i] = distCodeSlow(uint32(i) + 1)
		} else {
			distCode512[i] = distCodeSlow(uint32(i-256)<<7 + 1)
		}
	}
}

func distCodeSlow(dist uint32) uint8 {
	c := 0
	for c+1 < len(distBase) && distBase[c+1] <= dist {
		c++
	}
	return uint8(c)
}

func distCode(dist uint32) uint8 {
	if dist <= 256 {
		return distCode512[dist-1]
	}
	return distCode512[256+(dist-1)>>7]
}

// block writes toks as one deflate block with dynamic Huffman codes.
func (d *deflater) block(toks []token, final bool) {
	clear(d.lfreq[:])
	clear(d.dfreq[:])
	for _, t := range toks {
		if t&(1<<31) == 0 {
			d.lfreq[t]++
			continue
		}
		d.lfreq[257+(t>>23)&31]++
		d.dfreq[(t>>13)&31]++
	}
	d.lfreq[256]++ // end of block
	// Two codes at least in each tree keep every code complete, which
	// all decoders accept.
	for _, f := range [][]int32{d.lfreq[:], d.dfreq[:]} {
		if nz := countNonZero(f); nz < 2 {
			for i := 0; i < 2; i++ {
				if f[i] == 0 {
					f[i] = 1
				}
			}
		}
	}
	d.hufs.lengths(d.lfreq[:], 15, d.llens[:])
	d.hufs.lengths(d.dfreq[:], 15, d.dlens[:])
	canonical(d.llens[:], d.lcode[:])
	canonical(d.dlens[:], d.dcode[:])

	bw := &d.bw
	f := uint64(0)
	if final {
		f = 1
	}
	bw.write(f|2<<1, 3) // BFINAL, BTYPE=10 (dynamic)
	d.writeHeader()
	// Each symbol's code, its length from bit 16 and its extra bits'
	// count from bit 24, for a loop that keeps the bits in registers.
	var lt [286]uint32
	var dt [30]uint32
	for c := range lt {
		lt[c] = uint32(d.lcode[c]) | uint32(d.llens[c])<<16
		if c > 256 {
			lt[c] |= uint32(lengthExtra[c-257]) << 24
		}
	}
	for c := range dt {
		dt[c] = uint32(d.dcode[c]) | uint32(d.dlens[c])<<16 | uint32(distExtra[c])<<24
	}
	acc, nacc, out := bw.acc, bw.nacc, bw.out
	for _, t := range toks {
		if t&(1<<31) == 0 {
			e := lt[t&0xff]
			acc |= uint64(e&0xffff) << nacc
			nacc += uint(e>>16) & 0xff
		} else {
			// The length's code and extra bits (at most 15+5), then the
			// distance's (15+13).
			e := lt[257+(t>>23)&31]
			acc |= (uint64(e&0xffff) | uint64((t>>18)&31)<<((e>>16)&0xff)) << nacc
			nacc += uint(e>>16)&0xff + uint(e>>24)
			if nacc >= 32 {
				out = binary.LittleEndian.AppendUint32(out, uint32(acc))
				acc >>= 32
				nacc -= 32
			}
			e = dt[(t>>13)&31]
			acc |= (uint64(e&0xffff) | uint64(t&0x1fff)<<((e>>16)&0xff)) << nacc
			nacc += uint(e>>16)&0xff + uint(e>>24)
		}
		if nacc >= 32 {
			out = binary.LittleEndian.AppendUint32(out, uint32(acc))
			acc >>= 32
			nacc -= 32
		}
	}
	bw.acc, bw.nacc, bw.out = acc, nacc, out
	bw.write(uint64(d.lcode[256]), uint(d.llens[256]))
}

func countNonZero(f []int32) int {
	n := 0
	for _, v := range f {
		if v != 0 {
			n++
		}
	}
	return n
}

// codeOrder is the order of the code length code's lengths in a header.
var codeOrder = [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}

// writeHeader writes the code lengths of a dynamic block.
func (d *deflater) writeHeader() {
	nl := 286
	for nl > 257 && d.llens[nl-1] == 0 {
		nl--
	}
	nd := 30
	for nd > 1 && d.dlens[nd-1] == 0 {
		nd--
	}
	all := append(append(d.all[:0], d.llens[:nl]...), d.dlens[:nd]...)
	d.all = all
	// Run-length code the lengths: symbols 0..15, 16 (repeat the last
	// 3..6 times), 17 (3..10 zeros), 18 (11..138 zeros).
	type rl = lengthRun
	runs := d.runs[:0]
	var cfreq [19]int32
	for i := 0; i < len(all); {
		v := all[i]
		j := i + 1
		for j < len(all) && all[j] == v {
			j++
		}
		n := j - i
		if v == 0 {
			for n >= 11 {
				k := min(n, 138)
				runs = append(runs, rl{18, uint8(k - 11)})
				n -= k
			}
			if n >= 3 {
				runs = append(runs, rl{17, uint8(n - 3)})
				n = 0
			}
		} else {
			runs = append(runs, rl{v, 0})
			n--
			for n >= 3 {
				k := min(n, 6)
				runs = append(runs, rl{16, uint8(k - 3)})
				n -= k
			}
		}
		for ; n > 0; n-- {
			runs = append(runs, rl{v, 0})
		}
		i = j
	}
	d.runs = runs
	for _, r := range runs {
		cfreq[r.sym]++
	}
	if countNonZero(cfreq[:]) < 2 {
		for i := 0; i < 2; i++ {
			if cfreq[i] == 0 {
				cfreq[i] = 1
			}
		}
	}
	var clens [19]uint8
	var ccode [19]uint16
	d.hufs.lengths(cfreq[:], 7, clens[:])
	canonical(clens[:], ccode[:])
	nc := 19
	for nc > 4 && clens[codeOrder[nc-1]] == 0 {
		nc--
	}
	bw := &d.bw
	bw.write(uint64(nl-257), 5)
	bw.write(uint64(nd-1), 5)
	bw.write(uint64(nc-4), 4)
	for _, s := range codeOrder[:nc] {
		bw.write(uint64(clens[s]), 3)
	}
	for _, r := range runs {
		bw.write(uint64(ccode[r.sym]), uint(clens[r.sym]))
		switch r.sym {
		case 16:
			bw.write(uint64(r.extra), 2)
		case 17:
			bw.write(uint64(r.extra), 3)
		case 18:
			bw.write(uint64(r.extra), 7)
		}
	}
}

// huffScratch is the working space of lengths.
type huffScratch struct {
	syms  []int   // symbols by frequency
	nodes []int64 // weights of the tree's nodes
	par   []int32 // parent of each node
	depth []uint8 // depth of each node
}

// lengths sets lens to the lengths of a Huffman code for freq, none
// longer than maxBits; a symbol of frequency 0 gets length 0.
func (h *huffScratch) lengths(freq []int32, maxBits int, lens []uint8) {
	clear(lens)
	h.syms = h.syms[:0]
	for s, f := range freq {
		if f > 0 {
			h.syms = append(h.syms, s)
		}
	}
	n := len(h.syms)
	if n == 0 {
		return
	}
	if n == 1 {
		lens[h.syms[0]] = 1
		return
	}
	slices.SortFunc(h.syms, func(a, b int) int {
		if freq[a] != freq[b] {
			return int(freq[a] - freq[b])
		}
		return a - b
	})
	// The two-queue construction: leaves 0..n-1 in order of weight,
	// internal nodes n..2n-2 made in order of weight.
	h.nodes = h.nodes[:0]
	for _, s := range h.syms {
		h.nodes = append(h.nodes, int64(freq[s]))
	}
	h.par = slices.Grow(h.par[:0], 2*n)[:2*n-1]
	leaf, inner := 0, n
	pick := func() int {
		if leaf < n && (inner >= len(h.nodes) || h.nodes[leaf] <= h.nodes[inner]) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for len(h.nodes) < 2*n-1 {
		a := pick()
		b := pick()
		h.par[a] = int32(len(h.nodes))
		h.par[b] = int32(len(h.nodes))
		h.nodes = append(h.nodes, h.nodes[a]+h.nodes[b])
	}
	// Depths, from the root down (parents come after their children).
	h.depth = slices.Grow(h.depth[:0], 2*n)[:2*n-1]
	depth := h.depth
	depth[2*n-2] = 0 // the root
	var count [32]int
	for i := 2*n - 3; i >= 0; i-- {
		depth[i] = depth[h.par[i]] + 1
	}
	for i := 0; i < n; i++ {
		count[min(int(depth[i]), len(count)-1)]++
	}
	// Limit the lengths to maxBits, keeping the code complete.
	for i := maxBits + 1; i < len(count); i++ {
		count[maxBits] += count[i]
		count[i] = 0
	}
	total := 0
	for i := 1; i <= maxBits; i++ {
		total += count[i] << (maxBits - i)
	}
	for total > 1<<maxBits {
		count[maxBits]--
		for i := maxBits - 1; i > 0; i-- {
			if count[i] != 0 {
				count[i]--
				count[i+1] += 2
				break
			}
		}
		total--
	}
	// The most frequent symbols (last in syms) get the shortest codes.
	k := n - 1
	for l := 1; l <= maxBits; l++ {
		for c := count[l]; c > 0; c-- {
			lens[h.syms[k]] = uint8(l)
			k--
		}
	}
}

// canonical sets the codes of a canonical Huffman code of lengths lens,
// bit-reversed for writing from the least significant bit.
func canonical(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l == 0 {
			codes[s] = 0
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// bitWriter writes bits from the least significant, as deflate packs them.
type bitWriter struct {
	out  []byte
	acc  uint64
	nacc uint
}

func (b *bitWriter) write(v uint64, n uint) {
	b.acc |= v << b.nacc
	b.nacc += n
	if b.nacc >= 32 { // 31+28 bits at most
		b.out = binary.LittleEndian.AppendUint32(b.out, uint32(b.acc))
		b.acc >>= 32
		b.nacc -= 32
	}
}

// flush writes the last bits, padding the byte with zeros.
func (b *bitWriter) flush() {
	for b.nacc > 0 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.nacc -= min(b.nacc, 8)
	}
	b.acc, b.nacc = 0, 0
}

// adler32Sum is hash/adler32's Checksum, sixteen bytes at a step: a
// step adds to s1 the bytes' sum and to s2 sixteen times s1 and the
// bytes weighted 16 down to 1, each word's sums computed in 16-bit lanes
// by a few multiplications rather than byte after byte.
func adler32Sum(p []byte) uint32 {
	const (
		mod   = 65521
		nmax  = 5552 // the most bytes before s2 could overflow; 16 divides it
		lanes = 0x00ff00ff00ff00ff
	)
	s1, s2 := uint32(1), uint32(0)
	for len(p) > 0 {
		q := p[:min(len(p), nmax)]
		p = p[len(q):]
		// Sixteen bytes a step: the first eight weigh eight more each.
		for ; len(q) >= 16; q = q[16:] {
			v, w := binary.LittleEndian.Uint64(q), binary.LittleEndian.Uint64(q[8:])
			ve, vo := v&lanes, (v>>8)&lanes
			we, wo := w&lanes, (w>>8)&lanes
			vp, wp := ve+vo, we+wo
			vs := uint32((vp * 0x0001000100010001) >> 48)
			ws := uint32((wp * 0x0001000100010001) >> 48)
			vw := 2*uint32((vp*0x0004000300020001)>>48) - uint32((vo*0x0001000100010001)>>48)
			ww := 2*uint32((wp*0x0004000300020001)>>48) - uint32((wo*0x0001000100010001)>>48)
			s2 += 16*s1 + vw + 8*vs + ww
			s1 += vs + ws
		}
		for ; len(q) >= 8; q = q[8:] {
			v := binary.LittleEndian.Uint64(q)
			even, odd := v&lanes, (v>>8)&lanes // bytes 0, 2, 4, 6 and 1, 3, 5, 7
			pairs := even + odd
			sum := uint32((pairs * 0x0001000100010001) >> 48)
			// Bytes 2j and 2j+1 weigh 8-2j and 7-2j: twice 4-j each,
			// less one for the odd byte.
			weighted := 2*uint32((pairs*0x0004000300020001)>>48) - uint32((odd*0x0001000100010001)>>48)
			s2 += 8*s1 + weighted
			s1 += sum
		}
		for _, b := range q {
			s1 += uint32(b)
			s2 += s1
		}
		s1 %= mod
		s2 %= mod
	}
	return s2<<16 | s1
}
