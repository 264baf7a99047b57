package dreams

import (
	"embed"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"time"
	"unicode"
	"unicode/utf8"
)

// The five bedtime stories (spec 02 §4). Each file defines "title" and
// several "opening N", "middle N" and "ending N"; a story is one of each.
// Paragraphs are separated by a blank line, and a paragraph may wrap over
// several lines of the file. The writing rules the tests hold them to are
// in story_test.go.
//
//go:embed stories/*.tmpl
var storyFiles embed.FS

// Request is what a story is made from.
type Request struct {
	Name       string
	BirthMonth string // YYYY-MM
	Gender     string
	Companion  string
	Interests  []string // known ids, 'other' at most once
	Other      string   // the parent's words when 'other' is chosen
	Today      time.Time
}

// Told is a story the family heard before (told to any of its children), as it was kept.
type Told struct {
	Template   string
	Paragraphs []string
}

// Story is a composed story, ready to be shown or read aloud.
type Story struct {
	Template   string // which of the five, e.g. "1-moonlight-meadow"
	Title      string
	Paragraphs []string
	Age        int
	Other      string // the cleaned 'other' text as stored; "" when unused
}

// Chooser picks an index below n; stories use it for every random choice
// (math/rand/v2's IntN in production, fixed or seeded in tests).
type Chooser func(n int) int

// freshTemplates is how many of the family's latest stories a new one must
// not share its template with: no tale two nights running, whichever child
// hears it.
const freshTemplates = 3

var stories = loadStories()

type storyTemplate struct {
	name                       string
	tmpl                       *template.Template
	openings, middles, endings []string // the names of the parts
}

func loadStories() []storyTemplate {
	names, err := storyFiles.ReadDir("stories")
	if err != nil {
		panic(err)
	}
	var out []storyTemplate
	for _, e := range names {
		t := template.Must(template.New(e.Name()).Funcs(funcs).Option("missingkey=error").ParseFS(storyFiles, "stories/"+e.Name()))
		st := storyTemplate{name: strings.TrimSuffix(e.Name(), path.Ext(e.Name())), tmpl: t}
		for _, part := range t.Templates() {
			switch kind, _, _ := strings.Cut(part.Name(), " "); kind {
			case "opening":
				st.openings = append(st.openings, part.Name())
			case "middle":
				st.middles = append(st.middles, part.Name())
			case "ending":
				st.endings = append(st.endings, part.Name())
			}
		}
		for _, p := range [][]string{st.openings, st.middles, st.endings} {
			if len(p) == 0 {
				panic("story " + st.name + " lacks an opening, a middle or an ending")
			}
			slices.Sort(p)
		}
		out = append(out, st)
	}
	return out
}

// phrases are the interests' and companions' phrases, parsed once, keyed
// by their source.
var phrases = parsePhrases()

func parsePhrases() map[string]*template.Template {
	var srcs []string
	for _, in := range slices.Concat(Interests, giggles) {
		srcs = append(srcs, in.Love, in.Keepsake)
		srcs = append(srcs, in.Scenes...)
	}
	for _, c := range Companions {
		srcs = append(srcs, c.Moments...)
	}
	srcs = append(srcs, dreamScenes...)
	out := map[string]*template.Template{}
	for _, src := range srcs {
		out[src] = template.Must(template.New("").Funcs(funcs).Option("missingkey=error").Parse(src))
	}
	return out
}

var funcs = template.FuncMap{
	// cap starts a sentence with a pronoun: "She", "They".
	"cap": capitalize,
}

func capitalize(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// storyData is what a template sees. The child's pronouns and verbs are
// promoted from Pronouns: {{.They}} {{.Was}}, {{.Their}}, {{.Themself}}.
type storyData struct {
	Pronouns
	Name     string
	AgeYears string // "five years old"
	AgeAdj   string // "five-year-old"
	AnAge    string // "a five-year-old", "an eight-year-old"
	Pal      Companion
	// The parent's words for 'other': told after the child's name ("Mia
	// rode her bike", for "my bike"), told of the child by name elsewhere
	// ("Mia’s bike"), or said by the child as typed ("My bike!").
	Other, OtherNamed, OtherSaid string
	Loves                        string // "dinosaurs, music and trains"
	Scenes                       []string
	Moment                       string
	Keepsake                     string // what the companion leaves behind
}

// ErrNoName refuses a story for a child without a name.
var ErrNoName = errors.New("dreams: the child has no name")

// Compose writes a story for req that the family has not heard lately
// (past: its stories, newest first, whichever child heard them): its
// template is none of those of the family's last three stories, and of all
// the ways of telling the others, the one told repeats none of the long
// sentences of the family's last ten stories where it can, leaves out as
// few scenes as it can to get there, and then shares the fewest sentences
// with any story in past; a random one of those when several do as well.
func Compose(req Request, past []Told, choose Chooser) (Story, error) {
	d, chosen, err := prepare(req, choose)
	if err != nil {
		return Story{}, err
	}
	type candidate struct {
		st storyTemplate
		t  telling
		w  weight
	}
	var best []candidate
	for _, st := range stories {
		if slices.ContainsFunc(past[:min(len(past), freshTemplates)], func(t Told) bool { return t.Template == st.name }) {
			continue
		}
		t, w, err := leastHeard(st, d, chosen, past, choose)
		if err != nil {
			return Story{}, err
		}
		switch {
		case len(best) == 0 || w.less(best[0].w):
			best = []candidate{{st, t, w}}
		case w.same(best[0].w):
			best = append(best, candidate{st, t, w})
		}
	}
	c := best[choose(len(best))]
	s, err := tell(c.st, d, chosen, c.t)
	if err != nil {
		return Story{}, err
	}
	s.Age = AgeOn(req.BirthMonth, req.Today)
	if slices.Contains(req.Interests, OtherInterest) {
		s.Other = CleanOther(req.Other)
	}
	return s, nil
}

// prepare checks req and works out what every telling of it shares: the
// child, the companion and the interests, 'other' last (a giggle when its
// words are nonsense, or a few dream scenes when nothing was chosen).
func prepare(req Request, choose Chooser) (storyData, []Interest, error) {
	name := strings.Join(strings.Fields(req.Name), " ")
	if name == "" {
		return storyData{}, nil, ErrNoName
	}
	g, ok := findGender(req.Gender)
	if !ok {
		return storyData{}, nil, fmt.Errorf("dreams: unknown gender %q", req.Gender)
	}
	pal, ok := findCompanion(req.Companion)
	if !ok {
		return storyData{}, nil, fmt.Errorf("dreams: unknown companion %q", req.Companion)
	}
	age := AgeOn(req.BirthMonth, req.Today)
	d := storyData{Pronouns: g.P, Name: name, AgeYears: ageYears(age), AgeAdj: ageAdj(age), AnAge: withArticle(ageAdj(age)), Pal: pal}
	var chosen []Interest
	for _, id := range req.Interests {
		if id == OtherInterest {
			continue
		}
		in, ok := findInterest(id)
		if !ok {
			return storyData{}, nil, fmt.Errorf("dreams: unknown interest %q", id)
		}
		chosen = append(chosen, in)
	}
	if slices.Contains(req.Interests, OtherInterest) {
		other := CleanOther(req.Other)
		in, _ := findInterest(OtherInterest)
		if IsNonsense(other) {
			in = giggles[choose(len(giggles))]
		} else {
			d.Other = myWord.ReplaceAllString(other, g.P.Their)
			d.OtherNamed = myWord.ReplaceAllString(other, name+"’s")
			d.OtherSaid = capitalize(other)
		}
		chosen = append(chosen, in)
	}
	loves := make([]string, len(chosen))
	for i, in := range chosen {
		var err error
		if loves[i], err = render(in.Love, d); err != nil {
			return storyData{}, nil, err
		}
	}
	d.Loves = joinList(loves)
	if len(chosen) == 0 {
		d.Loves = "bedtime stories, warm hugs and starry skies"
	}
	return d, chosen, nil
}

// myWord is the parent's "my" (or the child's, typed for them).
var myWord = regexp.MustCompile(`\b[Mm]y\b`)

// tell writes st for d the way t says.
func tell(st storyTemplate, d storyData, chosen []Interest, t telling) (Story, error) {
	var err error
	slots := sceneSlots(chosen)
	d.Scenes = nil
	for i, v := range t.scenes {
		if v == left {
			continue
		}
		scene, err := render(slots[i][v], d)
		if err != nil {
			return Story{}, err
		}
		d.Scenes = append(d.Scenes, scene)
	}
	if t.moment != left {
		if d.Moment, err = render(d.Pal.Moments[t.moment], d); err != nil {
			return Story{}, err
		}
	}
	keepsakes, err := keepsakesOf(chosen, d)
	if err != nil {
		return Story{}, err
	}
	d.Keepsake = keepsakes[t.keepsake]
	title, err := run(st.tmpl, "title", d)
	if err != nil {
		return Story{}, err
	}
	var body []string
	for _, part := range []string{st.openings[t.opening], st.middles[t.middle], st.endings[t.ending]} {
		text, err := run(st.tmpl, part, d)
		if err != nil {
			return Story{}, err
		}
		body = append(body, text)
	}
	return Story{Template: st.name, Title: title, Paragraphs: paragraphs(strings.Join(body, "\n\n"))}, nil
}

func render(src string, d storyData) (string, error) {
	var b strings.Builder
	if err := phrases[src].Execute(&b, d); err != nil {
		return "", fmt.Errorf("phrase %q: %w", src, err)
	}
	return b.String(), nil
}

func run(t *template.Template, name string, d storyData) (string, error) {
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, name, d); err != nil {
		return "", fmt.Errorf("story %s: %w", t.Name(), err)
	}
	return strings.TrimSpace(b.String()), nil
}

// sentences splits paragraphs into sentences. A sentence stops after . ! ?
// or …, and after the closing quote that may follow, before white space
// (the pattern `[.!?…][”’"]?\s+`, scanned by hand: Compose splits every
// past story of the family, and a regular expression was most of its time).
func sentences(paragraphs []string) []string {
	var out []string
	for _, p := range paragraphs {
		start := 0
		for i := 0; i < len(p); {
			r, n := utf8.DecodeRuneInString(p[i:])
			i += n
			if r != '.' && r != '!' && r != '?' && r != '…' {
				continue
			}
			end := i
			if q, n := utf8.DecodeRuneInString(p[end:]); q == '”' || q == '’' || q == '"' {
				end += n
			}
			spaces := end
			for spaces < len(p) && isSpace(p[spaces]) {
				spaces++
			}
			if spaces == end {
				continue // not before white space: inside a sentence ("3.5", "…”s")
			}
			out = append(out, strings.TrimSpace(p[start:spaces]))
			start, i = spaces, spaces
		}
		if rest := strings.TrimSpace(p[start:]); rest != "" {
			out = append(out, rest)
		}
	}
	return out
}

// isSpace is \s of Go's regular expressions: ASCII white space.
func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\f' || b == '\r'
}

func sentenceSet(paragraphs []string) map[string]bool {
	set := map[string]bool{}
	for _, s := range sentences(paragraphs) {
		set[s] = true
	}
	return set
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

// AgeOn is the child's age in whole years on today, from the birth month
// (YYYY-MM; the day is not kept): a year older from the first of that
// month on. 0 for a month that cannot be read or lies in the future.
func AgeOn(birthMonth string, today time.Time) int {
	born, err := time.Parse("2006-01", birthMonth)
	if err != nil {
		return 0
	}
	age := today.Year() - born.Year()
	if today.Month() < born.Month() {
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
