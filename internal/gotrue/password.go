package gotrue

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// argonParams are argon2id's cost parameters.
type argonParams struct {
	memoryKiB  uint32
	iterations uint32
	threads    uint8
}

// owaspArgonParams is OWASP's recommended minimum for argon2id:
// 19 MiB of memory, 2 iterations, 1 degree of parallelism.
var owaspArgonParams = argonParams{memoryKiB: 19 * 1024, iterations: 2, threads: 1}

const argonKeyLen = 32

// hashSlots bounds the argon2id hashes computed at once to the number of
// cores. Each takes 19 MiB and a whole core, so more at once only adds
// memory (a burst of sign-ins grew the process by 19 MiB per request) and
// makes every one of them slower; the others wait here for a slot.
var hashSlots = make(chan struct{}, runtime.GOMAXPROCS(0))

// testHookHash, when set by a test, runs before each hash: the test checks
// that no write transaction is open then (export_test.go).
var testHookHash func()

// argonKey is argon2.IDKey within hashSlots.
//
// The 19 MiB a hash works in is garbage once it returns, and argon2 offers
// no way to hand it the memory again. Collecting it before the slot passes
// on lets the next hash reuse those pages; otherwise the next hash takes
// fresh memory, the runtime's memory limit (cmd/bookshop) returns the old
// to the kernel, and page faults cost each sign-in a third more time. With
// this collection (and GOGC 400, cmd/bookshop) `make load` signs in 91-95
// times a second against 95-101 raw hashes, where it managed 63. A
// collection here costs about a millisecond: the heap is small.
func argonKey(password, salt []byte, p argonParams, keyLen uint32) []byte {
	if testHookHash != nil {
		testHookHash()
	}
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	key := argon2.IDKey(password, salt, p.iterations, p.memoryKiB, p.threads, keyLen)
	runtime.GC()
	return key
}

// hashPassword returns a PHC-format argon2id hash with a random salt; the
// parameters travel with the hash so they can be raised later.
func hashPassword(password string, p argonParams) (string, error) {
	salt := make([]byte, 16)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argonKey([]byte(password), salt, p, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memoryKiB, p.iterations, p.threads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// checkPassword tells whether password matches the stored hash, comparing
// in constant time.
func checkPassword(password, encoded string) (bool, error) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false, errors.New("not an argon2id hash")
	}
	var p argonParams
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.memoryKiB, &p.iterations, &p.threads); err != nil {
		return false, fmt.Errorf("argon2id parameters: %w", err)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[4])
	if err != nil {
		return false, err
	}
	want, err := base64.RawStdEncoding.DecodeString(parts[5])
	if err != nil {
		return false, err
	}
	got := argonKey([]byte(password), salt, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// passwordSpecials are the special characters spec 01 §5 allows.
const passwordSpecials = `!@#$%^&*(),.?":{}|<>`

// checkPasswordStrength applies the sign-up rules of spec 01 §5 and responds with
// 422 weak_password with GoTrue's reasons ("length", "characters").
func checkPasswordStrength(pw string) error {
	var problems, reasons []string
	if len([]rune(pw)) < 8 {
		problems = append(problems, "Password should be at least 8 characters.")
		reasons = append(reasons, "length")
	}
	var upper, digit, special, foreign bool
	for _, c := range pw {
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c >= '0' && c <= '9':
			digit = true
		case strings.ContainsRune(passwordSpecials, c):
			special = true
		case c >= 'a' && c <= 'z':
		default:
			foreign = true
		}
	}
	if !upper || !digit || !special {
		problems = append(problems, "Password should contain at least one uppercase letter, one number and one special character ("+passwordSpecials+").")
	}
	if foreign {
		problems = append(problems, "Password may only contain English letters, numbers and the special characters "+passwordSpecials+".")
	}
	if !upper || !digit || !special || foreign {
		reasons = append(reasons, "characters")
	}
	if len(problems) == 0 {
		return nil
	}
	return &apiError{Status: http.StatusUnprocessableEntity, Code: "weak_password", Message: strings.Join(problems, " "), Reasons: reasons}
}

// minNewPasswordLength is the spec's minimum for a changed or reset password
// (spec 01 §5 'New password', spec 02 §5 'Password change'); the stricter
// sign-up rules apply only when an account is created.
const minNewPasswordLength = 6

// checkNewPasswordLength responds with 422 weak_password for a new password that
// is too short.
func checkNewPasswordLength(pw string) error {
	if len([]rune(pw)) >= minNewPasswordLength {
		return nil
	}
	return &apiError{Status: http.StatusUnprocessableEntity, Code: "weak_password",
		Message: "Password should be at least 6 characters.", Reasons: []string{"length"}}
}
