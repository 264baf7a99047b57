package catalog

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"sync"

	"github.com/klauspost/compress/flate"
)

// A search response is made of the books' own JSON, and its gzip form of
// the books' own compressed JSON: each book is compressed once, when the
// catalogue is loaded, into raw deflate blocks that end byte-aligned (a
// sync flush) and refer to nothing before them, so any sequence of them,
// between stored blocks for the text around them, is one valid deflate
// stream (RFC 1951). A search then compresses nothing; it only adds the
// gzip header and trailer (RFC 1952), whose checksum runs over the books'
// plain bytes.

var flateWriters = sync.Pool{New: func() any {
	fw, _ := flate.NewWriter(nil, flate.DefaultCompression)
	return fw
}}

// deflateFragment is p as raw deflate blocks ending in a sync flush.
func deflateFragment(p []byte) []byte {
	var buf bytes.Buffer
	fw := flateWriters.Get().(*flate.Writer)
	defer flateWriters.Put(fw)
	fw.Reset(&buf)
	_, _ = fw.Write(p)
	_ = fw.Flush() // not Close: the stream goes on after this fragment
	return bytes.Clone(buf.Bytes())
}

// gzipJoin writes one gzip member from stored text and deflate fragments.
type gzipJoin struct {
	buf  bytes.Buffer
	crc  uint32
	size uint32
}

// gzipHeader: magic, deflate, no flags, no time, no extra flags, unknown OS.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

func newGzipJoin(sizeHint int) *gzipJoin {
	g := &gzipJoin{}
	g.buf.Grow(sizeHint)
	g.buf.Write(gzipHeader)
	return g
}

// text adds p (short, at most 65,535 bytes) as a stored block.
func (g *gzipJoin) text(p []byte) {
	var head [5]byte // BFINAL 0, BTYPE 00, padded to the byte; LEN and NLEN
	binary.LittleEndian.PutUint16(head[1:], uint16(len(p)))
	binary.LittleEndian.PutUint16(head[3:], ^uint16(len(p)))
	g.buf.Write(head[:])
	g.buf.Write(p)
	g.add(p)
}

// fragment adds deflated, the deflateFragment of plain.
func (g *gzipJoin) fragment(deflated, plain []byte) {
	g.buf.Write(deflated)
	g.add(plain)
}

func (g *gzipJoin) add(plain []byte) {
	g.crc = crc32.Update(g.crc, crc32.IEEETable, plain)
	g.size += uint32(len(plain))
}

// bytes ends the stream with an empty final stored block and the trailer.
func (g *gzipJoin) bytes() []byte {
	g.buf.Write([]byte{1, 0, 0, 0xff, 0xff})
	var trailer [8]byte
	binary.LittleEndian.PutUint32(trailer[:4], g.crc)
	binary.LittleEndian.PutUint32(trailer[4:], g.size)
	g.buf.Write(trailer[:])
	return g.buf.Bytes()
}
