// Package s3fake is a local S3-compatible server over memory (gofakes3),
// the one fake at the edge for the tests of the files store and for
// scripts/load-files.sh. It is never part of the shop's binary.
package s3fake

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// Handler serves an S3-compatible API with the buckets, empty.
func Handler(buckets ...string) (http.Handler, error) {
	backend := s3mem.New()
	for _, b := range buckets {
		if err := backend.CreateBucket(b); err != nil {
			return nil, err
		}
	}
	return decodeChunkedParts(gofakes3.New(backend).Server()), nil
}

// decodeChunkedParts decodes the aws-chunked body (SigV4 streaming: "size;
// chunk-signature=...", the bytes, CRLF) of a multipart upload's parts,
// which AWS and MinIO accept and gofakes3 decodes for a whole object's PUT
// only: without it the fake would keep the chunks' framing in the parts of
// any object over minio-go's part size (16 MiB). A part is at most that, so
// holding one in memory here is the fake's cost, not the shop's.
func decodeChunkedParts(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut && r.URL.Query().Has("partNumber") &&
			strings.HasPrefix(r.Header.Get("X-Amz-Content-Sha256"), "STREAMING-") {
			body, err := decodeChunks(r.Body)
			if err != nil {
				http.Error(w, "bad aws-chunked body", http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			r.ContentLength = int64(len(body))
			r.Header.Set("Content-Length", strconv.Itoa(len(body)))
			r.Header.Set("X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD")
		}
		next.ServeHTTP(w, r)
	})
}

func decodeChunks(r io.Reader) ([]byte, error) {
	var body bytes.Buffer
	in := bufio.NewReader(r)
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return nil, err
		}
		hexSize, _, _ := strings.Cut(strings.TrimSpace(line), ";")
		n, err := strconv.ParseInt(hexSize, 16, 64)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return body.Bytes(), nil
		}
		if _, err := io.CopyN(&body, in, n); err != nil {
			return nil, err
		}
		if _, err := in.Discard(2); err != nil { // CRLF
			return nil, err
		}
	}
}
