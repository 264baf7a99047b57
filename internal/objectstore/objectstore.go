// Package objectstore is the shop's small client of an S3-compatible bucket
// (AWS S3, MinIO, Backblaze B2, Cloudflare R2, ...): put, get, list and
// delete objects. Backups copy their archives to one; the files store of
// issue 37 is meant to keep its files in one too.
package objectstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// Store is one bucket, or a folder of it (the URL's path after the bucket).
type Store struct {
	client *minio.Client
	bucket string
	prefix string // "" or "folder/": prepended to every key
	where  string // the URL without its credentials, for messages
}

// Object is what List tells of an object.
type Object struct {
	Key      string // without the store's prefix
	Size     int64
	Modified time.Time
}

// ErrNotFound is Get's error for a key the bucket does not hold.
var ErrNotFound = errors.New("objectstore: no such object")

// Open parses a URL of the form
//
//	s3://KEY:SECRET@HOST[:PORT]/BUCKET[/FOLDER]?region=REGION&path-style=true&insecure=true
//
// and returns the store. No request is made: a wrong secret shows on the
// first Put. path-style=true addresses the bucket in the path (MinIO and most
// self-hosted servers); insecure=true speaks plain HTTP (a server on loopback).
func Open(raw string) (*Store, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "s3" || u.Host == "" {
		return nil, errors.New("must look like s3://key:secret@host:port/bucket?region=...")
	}
	parts := strings.SplitN(strings.Trim(u.Path, "/"), "/", 2)
	if parts[0] == "" {
		return nil, errors.New("names no bucket: s3://key:secret@host/BUCKET")
	}
	secret, _ := u.User.Password()
	if u.User.Username() == "" || secret == "" {
		return nil, errors.New("needs the access key and secret: s3://KEY:SECRET@host/bucket")
	}
	q := u.Query()
	flag := func(name string) (bool, error) {
		v := q.Get(name)
		if v == "" {
			return false, nil
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			return false, fmt.Errorf("%s=%q must be true or false", name, v)
		}
		return b, nil
	}
	pathStyle, err := flag("path-style")
	if err != nil {
		return nil, err
	}
	insecure, err := flag("insecure")
	if err != nil {
		return nil, err
	}
	lookup := minio.BucketLookupDNS
	if pathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(u.User.Username(), secret, ""),
		Secure:       !insecure,
		Region:       q.Get("region"),
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, err
	}
	s := &Store{client: client, bucket: parts[0]}
	if len(parts) == 2 && strings.Trim(parts[1], "/") != "" {
		s.prefix = strings.Trim(parts[1], "/") + "/"
	}
	s.where = "s3://" + u.Host + "/" + s.bucket + "/" + s.prefix
	return s, nil
}

// String is where the store is, without its credentials.
func (s *Store) String() string { return s.where }

// Put stores size bytes from r under key (size -1: unknown, sent in parts).
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	_, err := s.client.PutObject(ctx, s.bucket, s.key(key), r, size, minio.PutObjectOptions{ContentType: contentType})
	if err != nil {
		return fmt.Errorf("put %s in %s: %w", key, s.where, err)
	}
	return nil
}

// Get opens the object at key; the caller closes it. A missing key is
// ErrNotFound.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	obj, err := s.client.GetObject(ctx, s.bucket, s.key(key), minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("get %s from %s: %w", key, s.where, err)
	}
	// GetObject is lazy: Stat makes the request, so a missing key fails here.
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		if minio.ToErrorResponse(err).Code == "NoSuchKey" {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("get %s from %s: %w", key, s.where, err)
	}
	return obj, nil
}

// List returns the objects whose keys start with prefix, in key order.
func (s *Store) List(ctx context.Context, prefix string) ([]Object, error) {
	var out []Object
	for o := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: s.key(prefix), Recursive: true}) {
		if o.Err != nil {
			return nil, fmt.Errorf("list %s: %w", s.where, o.Err)
		}
		out = append(out, Object{Key: strings.TrimPrefix(o.Key, s.prefix), Size: o.Size, Modified: o.LastModified})
	}
	return out, nil
}

// Delete removes the object at key; a missing key is no error (S3's own rule).
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := s.client.RemoveObject(ctx, s.bucket, s.key(key), minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s from %s: %w", key, s.where, err)
	}
	return nil
}

// key is key inside the store's folder; path.Clean keeps a "../" from
// leaving it.
func (s *Store) key(key string) string {
	if key == "" {
		return s.prefix
	}
	return s.prefix + strings.TrimPrefix(path.Clean("/"+key), "/")
}

// Open is Get for a reader that also seeks: a Seek then Read is a ranged
// GET, so http.ServeContent serves a Range of a large object by fetching
// that range alone. A missing key is ErrNotFound.
func (s *Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	r, err := s.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	return r.(*minio.Object), nil
}
