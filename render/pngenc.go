package render

import (
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// pngEncoder writes an 8-bit paletted PNG without row filters, which
// palette images do not need, compressed by the house's deflater
// (deflate.go): on a mid-game 10x10 board at 800 px it is about four
// times faster than compress/flate at level 5 (image/png offers only
// levels 1, 6 and 9) for a file of about the same size.
type pngEncoder struct {
	raw  []byte // the rows, each after its filter byte
	zbuf []byte
	def  deflater
	head [8]byte
}

var pngEncoders = sync.Pool{New: func() any { return new(pngEncoder) }}

func encodePNG(w io.Writer, m *image.Paletted) error {
	e := pngEncoders.Get().(*pngEncoder)
	defer pngEncoders.Put(e)
	return e.encode(w, m, nil)
}

// encode writes m. raw, when not nil, is m's rows each after its filter
// byte, as the zlib stream holds them (a Canvas's layout): they are
// compressed as they are instead of copied.
func (e *pngEncoder) encode(w io.Writer, m *image.Paletted, raw []byte) error {
	width, height := m.Rect.Dx(), m.Rect.Dy()
	if _, err := io.WriteString(w, "\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = 8 // bit depth
	ihdr[9] = 3 // colour type: palette
	if err := e.chunk(w, "IHDR", ihdr[:]); err != nil {
		return err
	}
	plte := make([]byte, 0, 3*len(m.Palette))
	for _, c := range m.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	if err := e.chunk(w, "PLTE", plte); err != nil {
		return err
	}
	n := (width + 1) * height
	if raw == nil {
		if cap(e.raw) < n {
			e.raw = make([]byte, n)
		}
		raw = e.raw[:n]
		for y := 0; y < height; y++ {
			row := raw[y*(width+1) : (y+1)*(width+1)]
			row[0] = 0 // filter: none
			i := y * m.Stride
			copy(row[1:], m.Pix[i:i+width])
		}
	}
	e.zbuf = e.def.zlib(e.zbuf[:0], raw, width+1)
	if err := e.chunk(w, "IDAT", e.zbuf); err != nil {
		return err
	}
	return e.chunk(w, "IEND", nil)
}

func (e *pngEncoder) chunk(w io.Writer, name string, data []byte) error {
	binary.BigEndian.PutUint32(e.head[:4], uint32(len(data)))
	copy(e.head[4:], name)
	crc := crc32.NewIEEE()
	crc.Write(e.head[4:8])
	crc.Write(data)
	if _, err := w.Write(e.head[:8]); err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc.Sum32())
	_, err := w.Write(sum[:])
	return err
}
