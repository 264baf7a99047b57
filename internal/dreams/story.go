package dreams

import (
	"embed"
	"errors"
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
	"unicode"
	"unicode/utf8"
)

// The five bedtime stories (spec 02 §4). Each file defines "title" and
// "story"; paragraphs are separated by a blank line, and a paragraph may
// wrap over several lines of the file.
//
//go:embed stories/*.tmpl
var storyFiles embed.FS

// Request is what a story is made from.
type Request struct {
	Name        string
	DateOfBirth string // YYYY-MM-DD
	Gender      string
	Companion   string
	Interests   []string // known ids, 'other' at most once
	Other       string   // the parent's words when 'other' is chosen
	Today       time.Time
}

// Story is a composed story, ready to be shown or read aloud.
type Story struct {
	Template   string // which of the five, e.g. "moonlight-meadow"
	Title      string
	Paragraphs []string
	Age        int
	Other      string // the cleaned 'other' text as stored; "" when unused
}

// Chooser picks an index below n; stories use it for the template and the
// giggle phrase (math/rand/v2's IntN in production, fixed in tests).
type Chooser func(n int) int

var stories = loadStories()

// phrases are the interests' phrases, parsed once, keyed by their source.
var phrases = parsePhrases()

func parsePhrases() map[string]*template.Template {
	out := map[string]*template.Template{}
	for _, in := range slices.Concat(Interests, giggles) {
		for _, src := range []string{in.Love, in.Scene, in.Keepsake} {
			out[src] = template.Must(template.New(in.ID).Funcs(funcs).Option("missingkey=error").Parse(src))
		}
	}
	return out
}

type storyTemplate struct {
	name string
	tmpl *template.Template
}

func loadStories() []storyTemplate {
	names, err := storyFiles.ReadDir("stories")
	if err != nil {
		panic(err)
	}
	var out []storyTemplate
	for _, e := range names {
		t := template.Must(template.New(e.Name()).Funcs(funcs).Option("missingkey=error").ParseFS(storyFiles, "stories/"+e.Name()))
		out = append(out, storyTemplate{name: strings.TrimSuffix(e.Name(), path.Ext(e.Name())), tmpl: t})
	}
	return out
}

var funcs = template.FuncMap{
	// cap starts a sentence with a pronoun: "She", "They".
	"cap": func(s string) string {
		r, n := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + s[n:]
	},
}

// storyData is what a template sees. The child's pronouns and verbs are
// promoted from Pronouns: {{.They}} {{.Was}}, {{.Their}}, {{.Themself}}.
type storyData struct {
	Pronouns
	Name      string
	AgeYears  string // "five years old"
	AgeAdj    string // "five-year-old"
	AnAge     string // "a five-year-old", "an eight-year-old"
	Pal       Companion
	Other     string
	Interests []woven
	Loves     string // "dinosaurs, music and trains"; "" without interests
	Keepsake  string // what the companion leaves behind
	Many      bool   // more than one interest
}

// woven is an interest with its phrases rendered for this child.
type woven struct{ Love, Scene, Keepsake string }

// ErrNoName refuses a story for a child without a name.
var ErrNoName = errors.New("dreams: the child has no name")

// Compose writes a story for req with one of the five templates.
func Compose(req Request, choose Chooser) (Story, error) {
	return composeWith(stories[choose(len(stories))], req, choose)
}

func composeWith(st storyTemplate, req Request, choose Chooser) (Story, error) {
	name := strings.Join(strings.Fields(req.Name), " ")
	if name == "" {
		return Story{}, ErrNoName
	}
	g, ok := findGender(req.Gender)
	if !ok {
		return Story{}, fmt.Errorf("dreams: unknown gender %q", req.Gender)
	}
	pal, ok := findCompanion(req.Companion)
	if !ok {
		return Story{}, fmt.Errorf("dreams: unknown companion %q", req.Companion)
	}
	age := AgeOn(req.DateOfBirth, req.Today)
	d := storyData{Pronouns: g.P, Name: name, AgeYears: ageYears(age), AgeAdj: ageAdj(age), AnAge: withArticle(ageAdj(age)), Pal: pal}

	chosen, other, err := interestsFor(req, choose)
	if err != nil {
		return Story{}, err
	}
	d.Other = other
	for _, in := range chosen {
		w, err := weave(in, d)
		if err != nil {
			return Story{}, err
		}
		d.Interests = append(d.Interests, w)
	}
	d.Many = len(d.Interests) > 1
	d.Keepsake = "a single silver star"
	if len(d.Interests) > 0 {
		d.Keepsake = d.Interests[0].Keepsake
	}
	loves := make([]string, len(d.Interests))
	for i, w := range d.Interests {
		loves[i] = w.Love
	}
	d.Loves = joinList(loves)

	title, err := run(st.tmpl, "title", d)
	if err != nil {
		return Story{}, err
	}
	body, err := run(st.tmpl, "story", d)
	if err != nil {
		return Story{}, err
	}
	s := Story{Template: st.name, Title: title, Paragraphs: paragraphs(body), Age: age}
	if slices.Contains(req.Interests, OtherInterest) {
		s.Other = other
	}
	return s, nil
}

// interestsFor resolves the chosen ids, 'other' last, and the words used for
// 'other': the cleaned text, or a giggle phrase when it is nonsense.
func interestsFor(req Request, choose Chooser) ([]Interest, string, error) {
	var chosen []Interest
	var other string
	wantsOther := false
	for _, id := range req.Interests {
		if id == OtherInterest {
			wantsOther = true
			continue
		}
		in, ok := findInterest(id)
		if !ok {
			return nil, "", fmt.Errorf("dreams: unknown interest %q", id)
		}
		chosen = append(chosen, in)
	}
	if wantsOther {
		other = CleanOther(req.Other)
		in, _ := findInterest(OtherInterest)
		if IsNonsense(other) {
			in = giggles[choose(len(giggles))]
		}
		chosen = append(chosen, in)
	}
	return chosen, other, nil
}

// weave renders an interest's phrases for this child and companion.
func weave(in Interest, d storyData) (woven, error) {
	var w woven
	for _, p := range []struct {
		src string
		dst *string
	}{{in.Love, &w.Love}, {in.Scene, &w.Scene}, {in.Keepsake, &w.Keepsake}} {
		t := phrases[p.src]
		var b strings.Builder
		if err := t.Execute(&b, d); err != nil {
			return woven{}, fmt.Errorf("interest %s: %w", in.ID, err)
		}
		*p.dst = b.String()
	}
	return w, nil
}

func run(t *template.Template, name string, d storyData) (string, error) {
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, name, d); err != nil {
		return "", fmt.Errorf("story %s: %w", t.Name(), err)
	}
	return strings.TrimSpace(b.String()), nil
}

// paragraphs splits a rendered story at blank lines and joins the wrapped
// lines of each paragraph with single spaces.
func paragraphs(body string) []string {
	var out []string
	for _, block := range strings.Split(body, "\n\n") {
		var lines []string
		for _, l := range strings.Split(block, "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			out = append(out, strings.Join(lines, " "))
		}
	}
	return out
}

// joinList writes "a", "a and b", "a, b and c".
func joinList(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// AgeOn is the child's age in whole years on today; 0 for a date of birth
// that cannot be read or lies in the future.
func AgeOn(dateOfBirth string, today time.Time) int {
	dob, err := time.Parse(time.DateOnly, dateOfBirth)
	if err != nil {
		return 0
	}
	age := today.Year() - dob.Year()
	if today.Month() < dob.Month() || (today.Month() == dob.Month() && today.Day() < dob.Day()) {
		age--
	}
	return max(age, 0)
}

var numberWords = []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

func numberWord(n int) string {
	if n >= 0 && n < len(numberWords) {
		return numberWords[n]
	}
	return strconv.Itoa(n)
}

// ageYears reads "five years old"; a baby is "not quite one year old".
func ageYears(age int) string {
	switch age {
	case 0:
		return "not quite one year old"
	case 1:
		return "one year old"
	}
	return numberWord(age) + " years old"
}

// ageAdj reads "five-year-old"; a baby is simply "little".
func ageAdj(age int) string {
	if age == 0 {
		return "little"
	}
	return numberWord(age) + "-year-old"
}

// withArticle puts "a" or "an" before a word: "an eight-year-old".
func withArticle(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}
