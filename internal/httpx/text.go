package httpx

import (
	"encoding/json"
	"reflect"
	"strings"
	"unicode"
)

// CheckText refuses control characters in every string inside v (struct
// fields, maps, slices, pointers), with a 400 naming the first field by its
// JSON name. Line breaks and tabs are text; NUL and the other control
// characters are not, and PostgreSQL refuses NUL outright (SQLSTATE 22021),
// so they must never reach a store. DecodeJSON calls it on every body;
// handlers call it on path and query values.
func CheckText(v any) error {
	if field, ok := findControl(reflect.ValueOf(v), "body"); ok {
		return &Error{Code: CodeInvalid, Message: "Text must not contain control characters.",
			Fields: map[string]string{field: "Must not contain control characters"}}
	}
	return nil
}

// HasControl reports whether s holds a character that is not text: any
// control character but tab, line feed and carriage return.
func HasControl(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool {
		return unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r'
	}) >= 0
}

// HasVisibleLetter reports whether s holds a letter that shows. A name made
// only of spaces, punctuation, zero-width characters (spaces, joiners, the
// byte order mark) or Hangul fillers, which are letters that draw nothing,
// names nobody: children's and parents' names must pass it.
func HasVisibleLetter(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) && !hangulFiller(r) {
			return true
		}
	}
	return false
}

func hangulFiller(r rune) bool {
	switch r {
	case '\u115F', '\u1160', '\u3164', '\uFFA0':
		return true
	}
	return false
}

func findControl(v reflect.Value, name string) (string, bool) {
	switch v.Kind() {
	case reflect.String:
		return name, HasControl(v.String())
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", false
		}
		return findControl(v.Elem(), name)
	case reflect.Struct:
		t := v.Type()
		// A type that decodes itself (an optional field's wrapper) is one
		// field of the body: its own fields are not named in it.
		own := reflect.PointerTo(t).Implements(unmarshaler)
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			inner := jsonName(f)
			if own {
				inner = name
			}
			if field, ok := findControl(v.Field(i), inner); ok {
				return field, true
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			if field, ok := findControl(v.Index(i), name); ok {
				return field, true
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := name
			if iter.Key().Kind() == reflect.String {
				if HasControl(iter.Key().String()) {
					return name, true
				}
				key = iter.Key().String()
			}
			if field, ok := findControl(iter.Value(), key); ok {
				return field, true
			}
		}
	}
	return "", false
}

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()

func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	if name == "" || name == "-" {
		return f.Name
	}
	return name
}

// LooksLikeEmail tells whether a search is a whole e-mail address (one @,
// text before it, a dotted domain after, no spaces), which the back
// office's searches look up in an index instead of searching every row.
func LooksLikeEmail(s string) bool {
	local, domain, ok := strings.Cut(s, "@")
	return ok && local != "" && !strings.ContainsAny(s, " \t") && !strings.Contains(domain, "@") &&
		strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}
