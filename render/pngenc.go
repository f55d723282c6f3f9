package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"io"
	"sync"
)

// pngLevel is the zlib level of the PNG encoder. On a mid-game 10x10 board
// at 800 px, level 1 (image/png's BestSpeed) gives about 68 KB, level 5
// about 50 KB for 1.5 ms more, level 6 (image/png's default) little less
// for 3 ms more.
const pngLevel = 5

// pngEncoder writes an 8-bit paletted PNG without row filters, which
// palette images do not need. image/png does the same for paletted images
// but offers only levels 1 (BestSpeed), 6 and 9.
type pngEncoder struct {
	zbuf bytes.Buffer
	zw   *zlib.Writer
	row  []byte
	head [8]byte
}

var pngEncoders = sync.Pool{New: func() any { return new(pngEncoder) }}

func encodePNG(w io.Writer, m *image.Paletted) error {
	e := pngEncoders.Get().(*pngEncoder)
	defer pngEncoders.Put(e)
	return e.encode(w, m)
}

func (e *pngEncoder) encode(w io.Writer, m *image.Paletted) error {
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
	e.zbuf.Reset()
	if e.zw == nil {
		var err error
		if e.zw, err = zlib.NewWriterLevel(&e.zbuf, pngLevel); err != nil {
			return err
		}
	} else {
		e.zw.Reset(&e.zbuf)
	}
	if cap(e.row) < width+1 {
		e.row = make([]byte, width+1)
	}
	row := e.row[:width+1]
	row[0] = 0 // filter: none
	for y := 0; y < height; y++ {
		i := y * m.Stride
		copy(row[1:], m.Pix[i:i+width])
		if _, err := e.zw.Write(row); err != nil {
			return err
		}
	}
	if err := e.zw.Close(); err != nil {
		return err
	}
	if err := e.chunk(w, "IDAT", e.zbuf.Bytes()); err != nil {
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
