package gotrue

import "testing"

func TestPasswordHashing(t *testing.T) {
	hash, err := hashPassword("Secret1!pw", owaspArgonParams)
	if err != nil {
		t.Fatal(err)
	}
	for pw, want := range map[string]bool{"Secret1!pw": true, "Secret1!pW": false, "": false} {
		if ok, err := checkPassword(pw, hash); ok != want || err != nil {
			t.Errorf("checkPassword(%q) = %v, %v", pw, ok, err)
		}
	}
	if _, err := checkPassword("x", "$2a$10$bcrypt"); err == nil {
		t.Error("a non-argon2id hash was accepted")
	}
}
