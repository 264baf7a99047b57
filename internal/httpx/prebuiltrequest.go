package httpx

import (
	"bytes"
	"slices"
	"strings"
)

// What Prebuilt makes of the bytes read so far on a connection.
type verdict int

const (
	needMore verdict = iota // no whole request head yet
	matched                 // a plain GET of a prebuilt answer
	notOurs                 // anything else: net/http's
)

// headerKind is what a request header that Prebuilt accepts means to it.
type headerKind int

const (
	ignored          headerKind = iota // cannot change the answer
	hostHeader                         // required, once
	encodingHeader                     // picks the plain or gzipped answer
	connectionHeader                   // only keep-alive
)

// acceptedHeaders are the request headers, lower case, that leave a
// prebuilt answer as it is: what browsers, proxies and load tools send with
// a plain GET. Any other header (Authorization, Cookie, If-None-Match,
// Range, Content-Length, Transfer-Encoding, Origin, ...) sends the request
// to net/http.
var acceptedHeaders = map[string]headerKind{
	"host":            hostHeader,
	"accept-encoding": encodingHeader,
	"connection":      connectionHeader,
	"accept":          ignored, "accept-language": ignored, "user-agent": ignored, "referer": ignored,
	"cache-control": ignored, "pragma": ignored, "dnt": ignored, "priority": ignored, "sec-gpc": ignored,
	"sec-fetch-site": ignored, "sec-fetch-mode": ignored, "sec-fetch-dest": ignored,
	"sec-ch-ua": ignored, "sec-ch-ua-mobile": ignored, "sec-ch-ua-platform": ignored,
	"x-forwarded-for": ignored, "x-forwarded-proto": ignored, "x-forwarded-host": ignored,
	"x-real-ip": ignored, "forwarded": ignored, "via": ignored,
}

// match reads the request at the start of buf. For a plain GET of a
// prebuilt path it returns the head's length, the route and the content
// codings the client takes.
func (p *Prebuilt) match(buf []byte) (n int, route *prebuiltRoute, codings codingSet, v verdict) {
	end := bytes.Index(buf, []byte("\r\n\r\n"))
	if end < 0 {
		if len(buf) >= maxRequestHead || !p.mayBeOurs(buf) {
			return 0, nil, 0, notOurs // net/http reads the rest: no waiting here for a head that is not ours
		}
		return 0, nil, 0, needMore
	}
	lines := buf[:end+2] // each line ends with CRLF
	requestLine, lines, _ := bytes.Cut(lines, []byte("\r\n"))
	if route = p.routeOf(requestLine); route == nil {
		return 0, nil, 0, notOurs
	}
	var seen [connectionHeader + 1]int
	var lower [32]byte
	for len(lines) > 0 {
		var line []byte
		line, lines, _ = bytes.Cut(lines, []byte("\r\n"))
		name, value, ok := bytes.Cut(line, []byte(":"))
		kind, known := acceptedHeaders[string(lowerToken(&lower, name))]
		if !ok || !known || !plainValue(value) {
			return 0, nil, 0, notOurs
		}
		value = bytes.Trim(value, " \t")
		seen[kind]++
		switch kind {
		case hostHeader:
			ok = plainHost(value)
		case encodingHeader:
			codings, ok = plainEncodings(value)
		case connectionHeader:
			ok = bytes.EqualFold(value, []byte("keep-alive"))
		}
		if !ok || (kind != ignored && seen[kind] > 1) {
			return 0, nil, 0, notOurs
		}
	}
	if seen[hostHeader] != 1 {
		return 0, nil, 0, notOurs
	}
	return end + 4, route, codings, matched
}

// routeOf is the route a request line "GET <path> HTTP/1.1" asks for, or nil.
func (p *Prebuilt) routeOf(requestLine []byte) *prebuiltRoute {
	target, ok := bytes.CutPrefix(requestLine, []byte("GET "))
	if !ok {
		return nil
	}
	if target, ok = bytes.CutSuffix(target, []byte(" HTTP/1.1")); !ok {
		return nil
	}
	return p.routes[string(target)]
}

// mayBeOurs tells whether the start of a request head can still become a
// prebuilt one: its first line, as far as it came, is one's.
func (p *Prebuilt) mayBeOurs(head []byte) bool {
	line, _, complete := bytes.Cut(head, []byte("\r\n"))
	if complete {
		return p.routeOf(line) != nil
	}
	get := []byte("GET ")
	return bytes.HasPrefix(line, get) || bytes.HasPrefix(get, line)
}

// lowerToken is name in lower case, copied into buf, if it is short and
// made of letters and dashes; else nil, which names nothing accepted. The
// request's bytes are left as they came, for net/http.
func lowerToken(buf *[32]byte, name []byte) []byte {
	if len(name) == 0 || len(name) > len(buf) {
		return nil
	}
	for i, c := range name {
		switch {
		case 'A' <= c && c <= 'Z':
			buf[i] = c + 'a' - 'A'
		case 'a' <= c && c <= 'z', c == '-':
			buf[i] = c
		default:
			return nil
		}
	}
	return buf[:len(name)]
}

// plainValue refuses control characters (a lone CR or LF among them) and DEL.
func plainValue(v []byte) bool {
	for _, c := range v {
		if (c < ' ' && c != '\t') || c == 0x7f {
			return false
		}
	}
	return true
}

// plainHost takes a host name or address with an optional port.
func plainHost(v []byte) bool {
	if len(v) == 0 {
		return false
	}
	for _, c := range v {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || bytes.IndexByte([]byte(".-:[]"), c) >= 0) {
			return false
		}
	}
	return true
}

// contentCodings are the codings Prebuilt reads in Accept-Encoding, one bit
// each in a codingSet.
var contentCodings = [...]string{"gzip", "deflate", "br", "zstd", "identity"}

// codingSet is a set of contentCodings.
type codingSet uint8

const gzipCoding codingSet = 1 // contentCodings[0]

// String is the set as an Accept-Encoding value.
func (s codingSet) String() string {
	var names []string
	for i, name := range contentCodings {
		if s&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return strings.Join(names, ", ")
}

// plainEncodings reads a list of contentCodings without weights ("gzip,
// deflate, br, zstd"); weights, "*" and anything else are net/http's to judge.
func plainEncodings(v []byte) (codingSet, bool) {
	var set codingSet
	if len(v) == 0 {
		return set, true
	}
	var lower [32]byte
	for item := range bytes.SplitSeq(v, []byte(",")) {
		i := slices.Index(contentCodings[:], string(lowerToken(&lower, bytes.Trim(item, " \t"))))
		if i < 0 {
			return 0, false
		}
		set |= 1 << i
	}
	return set, true
}
