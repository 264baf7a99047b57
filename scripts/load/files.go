package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"bookshop/internal/db"
	"bookshop/internal/files"
	"bookshop/internal/objectstore/s3fake"
)

// downloads measures the files store (issue 37): an editor uploads a PDF
// of size MiB (a real one: a header, incompressible bytes, its %%EOF),
// a parent is granted it as the selling half does at payment, and
// parallel clients each make a link and download the whole file. It prints
// "files UPLOAD_S s DOWNLOAD_S s MBPS MB/s BEFORE kB UPLOAD_PEAK kB
// DOWNLOAD_PEAK kB EARLIER_PEAK kB", the upload's time, the slowest
// download's, the bytes served per second by all together, the shop's RSS
// (process pid) once the accounts are signed in, just before the upload
// (sign-ins hash passwords, 19 MiB each, which is not what the files
// cost), its peak RSS (VmHWM) through the upload alone and through the
// downloads alone (the peak is reset before each through clear_refs; 0
// when the kernel refuses), and its peak before the upload.
func (l *loader) downloads(bin string, pid, sizeMiB, parallel int) error {
	pdf, err := bigPDF(sizeMiB)
	if err != nil {
		return err
	}
	defer os.Remove(pdf)
	accounts, err := l.accounts(2)
	if err != nil {
		return err
	}
	editor, parent := accounts[0], accounts[1]
	grant := exec.Command(bin, "admin", "grant", editor.email, "editor")
	grant.Env = append(os.Environ(), "DATABASE_URL=sqlite:"+l.dbPath)
	if out, err := grant.CombinedOutput(); err != nil {
		return fmt.Errorf("bookshop admin grant: %w: %s", err, out)
	}
	token, err := l.twoStep(editor)
	if err != nil {
		return err
	}
	signedIn, err := l.token("password", map[string]string{"email": parent.email, "password": parent.password})
	if err != nil {
		return err
	}
	before, earlier := rssKB(pid), statusKB(pid, "VmHWM:")
	reset := resetPeak(pid)
	start := time.Now()
	file, err := l.uploadFile(token, pdf)
	if err != nil {
		return err
	}
	uploadTime := time.Since(start)
	uploadPeak := 0
	if reset {
		uploadPeak = statusKB(pid, "VmHWM:")
	}
	if err := l.grantFile(parent.email, file.ID, parallel); err != nil {
		return err
	}
	reset = resetPeak(pid)
	start = time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, parallel)
	for i := range parallel {
		wg.Go(func() {
			if err := l.downloadOnce(signedIn.AccessToken, fmt.Sprintf("load-%d", i), file); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	downloadPeak := 0
	if reset {
		downloadPeak = statusKB(pid, "VmHWM:")
	}
	mb := float64(file.Size) * float64(parallel) / 1e6
	fmt.Printf("files %.2f s %.2f s %.0f MB/s %d kB %d kB %d kB %d kB\n", uploadTime.Seconds(), took.Seconds(), mb/took.Seconds(), before, uploadPeak, downloadPeak, earlier)
	return nil
}

// rssKB is the process's resident set (VmRSS) in kB, 0 if unknown.
func rssKB(pid int) int { return statusKB(pid, "VmRSS:") }

// statusKB is a kB field of the process's /proc status, 0 if unknown.
func statusKB(pid int, field string) int {
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return n
		}
	}
	return 0
}

// resetPeak sets the process's peak RSS (VmHWM) back to its RSS now
// (proc(5), clear_refs "5"), so that the next peak read is of what follows;
// false when the kernel refuses (another user's process).
func resetPeak(pid int) bool {
	return os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0) == nil
}

// bigPDF writes a PDF of sizeMiB to a temporary file.
func bigPDF(sizeMiB int) (string, error) {
	f, err := os.CreateTemp("", "load-*.pdf")
	if err != nil {
		return "", err
	}
	defer f.Close()
	if _, err := f.WriteString("%PDF-1.7\n"); err != nil {
		return "", err
	}
	if _, err := io.CopyN(f, rand.Reader, int64(sizeMiB)<<20-20); err != nil {
		return "", err
	}
	_, err = f.WriteString("\n%%EOF\n")
	return f.Name(), err
}

// uploadFile streams the file at path to POST /api/admin/files.
func (l *loader) uploadFile(accessToken, path string) (files.File, error) {
	var out files.File
	f, err := os.Open(path)
	if err != nil {
		return out, err
	}
	defer f.Close()
	info, _ := f.Stat()
	req, err := http.NewRequest(http.MethodPost, l.base+"/api/admin/files?name="+filepath.Base(path), f)
	if err != nil {
		return out, err
	}
	req.ContentLength = info.Size()
	req.Header.Set("Content-Type", "application/pdf")
	req.Header.Set("Authorization", "Bearer "+accessToken)
	resp, err := (&http.Client{Timeout: 10 * time.Minute}).Do(req)
	if err != nil {
		return out, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		body, _ := io.ReadAll(resp.Body)
		return out, fmt.Errorf("upload: %d %s", resp.StatusCode, body)
	}
	return out, json.NewDecoder(resp.Body).Decode(&out)
}

// grantFile gives the account the file in n purchases, as the selling half
// does at payment (files.Service.Grant, in the database the shop runs on):
// one purchase for each parallel client, as DOWNLOAD_LIMIT counts per
// purchase.
func (l *loader) grantFile(email, fileID string, n int) error {
	ctx := context.Background()
	d, err := db.Open(ctx, "sqlite:"+l.dbPath)
	if err != nil {
		return err
	}
	defer d.Close()
	var userID string
	if err := d.QueryRowContext(ctx, `SELECT id FROM users WHERE email = ?`, email).Scan(&userID); err != nil {
		return err
	}
	svc, err := files.New(d, files.Settings{Dir: os.TempDir()}, time.Now) // it grants; it keeps no file
	if err != nil {
		return err
	}
	return d.InTx(ctx, func(ctx context.Context, tx *db.Tx) error {
		for i := range n {
			if err := svc.Grant(ctx, tx, fmt.Sprintf("load-%d", i), userID, "The Lantern in the Meadow", []string{fileID}); err != nil {
				return err
			}
		}
		return nil
	})
}

// downloadOnce makes a link to the purchase's file as the parent and reads
// the whole file.
func (l *loader) downloadOnce(accessToken, purchase string, file files.File) error {
	req, _ := http.NewRequest(http.MethodGet, l.base+"/api/library/downloads/"+purchase+"/"+file.ID, nil)
	req.Header.Set("Authorization", "Bearer "+accessToken)
	resp, err := l.client.Do(req)
	if err != nil {
		return err
	}
	var link files.Link
	err = json.NewDecoder(resp.Body).Decode(&link)
	resp.Body.Close()
	if err != nil || resp.StatusCode != http.StatusOK {
		return fmt.Errorf("link: %d %v", resp.StatusCode, err)
	}
	// The link is on SITE_URL; the bytes are fetched from the shop on loopback.
	u := l.base + link.URL[len(link.URL)-len("/downloads/")-43:]
	resp, err = (&http.Client{Timeout: 10 * time.Minute}).Get(u)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	n, err := io.Copy(io.Discard, resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK || n != file.Size {
		return fmt.Errorf("download: %d, %d of %d bytes, %v", resp.StatusCode, n, file.Size, err)
	}
	return nil
}

// serveS3 serves a local S3-compatible server (s3fake, in this process's
// memory) with the bucket "shop" on addr until killed, for load-files.sh's
// S3=1: the shop then keeps the file in a bucket and streams it from there.
func serveS3(addr string) error {
	h, err := s3fake.Handler("shop")
	if err != nil {
		return err
	}
	return http.ListenAndServe(addr, h)
}
