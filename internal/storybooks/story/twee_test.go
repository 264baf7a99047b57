package story

import (
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"
)

const testIFID = "D674C58C-DEFA-4F70-B7A2-27742230C0FC"

// hostile is a storybook whose every name, label and text leans on
// Twee's syntax: brackets, braces, backslashes, Twine's link dividers,
// "::" at the start of a line, spaces at the ends of a name, and other
// alphabets. Names Twine cannot link to ("a->b", "a][b", " spaced ") are
// pages nothing leads to.
func hostile() Storybook {
	text := func(id string) string {
		return "Text of " + id + "\n:: a header?\n\\:: escaped\n\\\\::twice\n[[in text]] and [\\[ and [[[x]]"
	}
	page := func(id string, choices ...Choice) Page {
		return Page{ID: id, Text: text(id), Choices: append([]Choice{}, choices...)}
	}
	ending := func(id string) Page {
		p := page(id)
		p.Ending = "The End of " + id
		return p
	}
	return Storybook{Title: ":: Title\n::with colons", Start: "[[not a link]]", IFID: testIFID, Pages: []Page{
		page("[[not a link]]", Choice{"Go", `{"position":"1,1"}`}, Choice{"[weird] {label}", `back\slash\`}),
		page(`{"position":"1,1"}`, Choice{"go -> there <- | me", "b<-a"}, Choice{"a|b", "a|b"}),
		page(`back\slash\`, Choice{"x]", "x]"}, Choice{"]y[", "]y["}),
		page("b<-a", Choice{"Café 洞窟 🐯", "Café 洞窟 🐯"}, Choice{"::colons", "::colons"}),
		page("a|b", Choice{`\[escaped\]`, `\[escaped\]`}, Choice{"tag", "[tag]"}),
		ending("x]"), ending("]y["),
		page("Café 洞窟 🐯", Choice{"back <- up", "[tag]"}, Choice{"<-", "::colons"}),
		ending("::colons"), ending(`\[escaped\]`), ending("[tag]"),
		page("a->b", Choice{"|", "a|b"}), page("a][b", Choice{"[", "x]"}), page(" spaced ", Choice{"a|b->", "b<-a"}),
	}}
}

func TestTweeRoundTrip(t *testing.T) {
	full := fourPaths()
	full.IFID = testIFID
	full.Pages[0].Picture = "/storybooks/media/ab12.webp"
	full.Pages[0].Alt = `Siso peeks out of a "cave" {with} [brackets] \ and ünïcode 🐯`
	full.Pages[0].Narration = "/storybooks/media/cd34.mp3"
	full.Pages[0].Timings = []int{0, 250, 600}
	full.Pages[0].Text = "*Siso* looked up.\n\nThe sky was **huge** & <blue>."
	full.Pages[3].Ending = full.Pages[3].ID // named after its page: no name in the metadata
	unreached := full
	unreached.Pages = append(slices.Clone(full.Pages), end("lost"), Page{ID: "dead end", Text: "Hm.", Choices: []Choice{}})
	noStart := fourPaths()
	noStart.IFID, noStart.Start = testIFID, ""
	startPage := book("Start", pg("Start", "x"), end("x"))
	startPage.IFID = testIFID

	tests := map[string]Storybook{
		"four paths with media":      full,
		"unreachable and dead pages": unreached,
		"hostile names and text":     hostile(),
		"an empty start":             noStart,
		"a page named Start":         startPage,
		"no pages":                   {Title: "Empty", IFID: testIFID, Pages: []Page{}},
	}
	for name, b := range tests {
		t.Run(name, func(t *testing.T) {
			twee := WriteTwee(b)
			got, err := ParseTwee(twee)
			if err != nil {
				t.Fatalf("ParseTwee(WriteTwee(b)): %v\n%s", err, twee)
			}
			if !reflect.DeepEqual(got, b) {
				t.Errorf("round trip =\n%#v\nwant\n%#v\nTwee:\n%s", got, b, twee)
			}
		})
	}
}

func TestWriteTwee(t *testing.T) {
	b := fourPaths()
	b.IFID = testIFID
	b.Pages[3].Picture = "/illustrations/siso.svg"
	b.Pages[3].Alt = "Siso waves from a red balloon."
	want := `:: StoryTitle
Our First Adventure

:: StoryData
{
	"ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC",
	"format": "Harlowe",
	"format-version": "3.3.9",
	"start": "start",
	"tag-colors": {
		"ending": "green"
	}
}

:: start {"position":"100,100","size":"100,100"}
Siso looks around.

[[Go to hill->hill]]
[[Go to river->river]]

:: hill {"position":"300,100","size":"100,100"}
Siso looks around.

[[Go to balloon->balloon]]
[[Go to cave->cave]]

:: river {"position":"300,250","size":"100,100"}
Siso looks around.

[[Go to boat->boat]]
[[Go to cave->cave]]

:: balloon [ending] {"position":"500,100","size":"100,100","ending":"The balloon ending","picture":"/illustrations/siso.svg","alt":"Siso waves from a red balloon."}
And they all went home.

:: cave [ending] {"position":"500,250","size":"100,100","ending":"The cave ending"}
And they all went home.

:: boat [ending] {"position":"500,400","size":"100,100","ending":"The boat ending"}
And they all went home.
`
	if got := string(WriteTwee(b)); got != want {
		t.Errorf("WriteTwee =\n%s\nwant\n%s", got, want)
	}
}

func TestWriteTweeNewIFID(t *testing.T) {
	b := fourPaths()
	got, err := ParseTwee(WriteTwee(b))
	if err != nil {
		t.Fatal(err)
	}
	id, err := uuid.Parse(got.IFID)
	if err != nil || id.Version() != 4 || got.IFID != strings.ToUpper(got.IFID) {
		t.Errorf("IFID %q: want an upper-case UUID v4 (%v)", got.IFID, err)
	}
	got.IFID = ""
	if !reflect.DeepEqual(got, b) {
		t.Errorf("round trip = %#v, want %#v", got, b)
	}
}

// A file as Twine 2 exports it, with Harlowe's links in and between the
// lines, a script and a stylesheet.
func TestParseTweeTwineExport(t *testing.T) {
	src, err := os.ReadFile("testdata/twine-export.twee")
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseTwee(src)
	if err != nil {
		t.Fatal(err)
	}
	ending := func(id, text string) Page { return Page{ID: id, Text: text, Ending: id, Choices: []Choice{}} }
	want := Storybook{
		Title: "Siso's Rainy Day", Start: "Rainy morning", IFID: "6F2C9A41-3B7E-4D15-9C0A-8E21D4B7F360",
		Pages: []Page{
			ending("Jump in the puddles", "SPLASH! Siso jumped in every puddle on the street, and //everyone// got wet."),
			{ID: "Puddle Street", Text: "The street was full of puddles.\nBig ones, small ones, and one ''enormous'' one.", Choices: []Choice{
				{"Jump in the puddles", "Jump in the puddles"}, {"Splash FeeFee", "Splash FeeFee"}, {"Go home", "Stay dry"},
			}},
			{ID: "Rainy morning", Text: "Rain drummed on the roof. Siso pressed his nose to the window.\nShould he go outside or build a pillow fort?", Choices: []Choice{
				{"go outside", "Puddle Street"}, {"build a pillow fort", "Pillow fort"},
			}},
			ending("Pillow fort", "Nainni brought the blankets and Lizzie the cushions. It was the coziest fort ever."),
			ending("Splash FeeFee", "FeeFee sprayed water right back with her trunk. What a water fight!"),
			ending("Stay dry", "Siso went home and had cocoa by the fire."),
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ParseTwee =\n%#v\nwant\n%#v", got, want)
	}
	if r := Check(got); r.Paths != 4 || r.Endings != 4 || len(r.Problems) != 0 {
		t.Errorf("Check = %s", show(r))
	}
}

// The storybook the shop ships (its own test checks its story) comes
// back from an export as it was.
func TestTweeRoundTripShippedStorybook(t *testing.T) {
	src, err := os.ReadFile("../seed/our-first-adventure.twee")
	if err != nil {
		t.Skip("no shipped storybook:", err)
	}
	b, err := ParseTwee(src)
	if err != nil {
		t.Fatal(err)
	}
	again, err := ParseTwee(WriteTwee(b))
	if err != nil || !reflect.DeepEqual(again, b) {
		t.Errorf("round trip: %v", err)
	}
}

func TestParseTweeLinks(t *testing.T) {
	tests := []struct {
		link  string
		label string
		to    string
	}{
		{"[[Cave]]", "Cave", "Cave"},
		{"[[Go in|Cave]]", "Go in", "Cave"},
		{"[[Go in->Cave]]", "Go in", "Cave"},
		{"[[Cave<-Go in]]", "Go in", "Cave"},
		{"[[a->b->Cave]]", "a->b", "Cave"},
		{"[[Cave<-a<-b]]", "a<-b", "Cave"},
		{"[[a|b|Cave]]", "a|b", "Cave"},
		{"[[ Go in -> Cave ]]", "Go in", "Cave"},
		{"[[->Cave]]", "Cave", "Cave"},
		{"[[Go in->Cave][$went to true]]", "Go in", "Cave"},
	}
	for _, tt := range tests {
		src := "::StoryData\n{\"ifid\":\"" + testIFID + "\"}\n:: s\nText\n" + tt.link + "\n:: Cave\nIn."
		b, err := ParseTwee([]byte(src))
		if err != nil {
			t.Errorf("%s: %v", tt.link, err)
			continue
		}
		want := []Choice{{tt.label, tt.to}}
		if !reflect.DeepEqual(b.Pages[0].Choices, want) || b.Pages[0].Text != "Text" {
			t.Errorf("%s: choices %q, text %q; want %q", tt.link, b.Pages[0].Choices, b.Pages[0].Text, want)
		}
	}
}

func TestParseTweeErrors(t *testing.T) {
	data := ":: StoryData\n{\"ifid\": \"" + testIFID + "\"}\n"
	tests := []struct {
		name, src string
		line      int
		message   string
	}{
		{"no StoryData", ":: a\nText\n", 0, "The file has no StoryData passage"},
		{"StoryData is not JSON", ":: StoryData\n{\n\t\"ifid\": \"x\",\n\t\"start\" \"a\"\n}\n", 4, "StoryData is not valid JSON: invalid character"},
		{"StoryData is a list", ":: StoryData\n[]\n", 2, "StoryData is not valid JSON: it should be an object"},
		{"no IFID", ":: StoryData\n{\"start\": \"a\"}\n", 1, `StoryData has no "ifid"`},
		{"an IFID that is not a UUID", ":: StoryData\n{\"ifid\": \"my story\"}\n", 1, `StoryData's "ifid" "my story" is not a UUID`},
		{"two passages with one name", data + ":: a\nOne\n:: b\n:: a\nTwo\n", 6, `a second passage is named "a" (the first is on line 3)`},
		{"a header without a name", data + ":: a\nText\n::  [ending] {}\n", 5, `a passage header needs a name`},
		{"tags without their ]", data + ":: a [ending\n", 3, `the tags of passage "a" have no closing ]`},
		{"text after the tags", data + ":: a [ending] oops\n", 3, `passage "a" has "oops" after its tags`},
		{"metadata that is not JSON", data + ":: a {position: 1}\n", 3, `the metadata of passage "a" is not valid JSON`},
		{"metadata of the wrong type", data + ":: a {\"timings\": [1.5]}\n", 3, `the metadata of passage "a" is not valid JSON ("timings" should be a whole number)`},
		{"a link without a target", data + ":: a\nText\n\n[[Go->]]\n", 6, `a link has no page to lead to in passage "a": [[Go->]]`},
		{"an empty link", data + ":: a\nText [[ ]] more\n", 4, `a link has no page to lead to in passage "a"`},
		{"not UTF-8", data + ":: a\n\xff\n", 0, "The file is not UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseTwee([]byte(tt.src))
			var te *TweeError
			if !errors.As(err, &te) {
				t.Fatalf("ParseTwee = %v, want a *TweeError", err)
			}
			if te.Line != tt.line || !strings.HasPrefix(te.Message, tt.message) {
				t.Errorf("ParseTwee = line %d: %s\nwant line %d: %s…", te.Line, te.Message, tt.line, tt.message)
			}
		})
	}
}

func TestParseTweeLenient(t *testing.T) {
	src := "\uFEFFnotes before the first passage\r\n:: StoryData\r\n{\"ifid\": \"" + testIFID + "\"}\r\n" +
		":: Intro\r\nHello\r\n:: Start\r\nGo [[on]].\r\n:: on [ending]\r\nBye\r\n"
	b, err := ParseTwee([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := Storybook{Start: "Start", IFID: testIFID, Pages: []Page{
		{ID: "Intro", Text: "Hello", Choices: []Choice{}},
		{ID: "Start", Text: "Go on.", Choices: []Choice{{"on", "on"}}},
		{ID: "on", Text: "Bye", Ending: "on", Choices: []Choice{}},
	}}
	if !reflect.DeepEqual(b, want) {
		t.Errorf("ParseTwee = %#v\nwant %#v", b, want)
	}
}

// Any storybook ParseTwee makes, WriteTwee writes so that ParseTwee makes
// it again.
func FuzzTweeRoundTrip(f *testing.F) {
	for _, path := range []string{"testdata/twine-export.twee", "../seed/our-first-adventure.twee"} {
		if src, err := os.ReadFile(path); err == nil {
			f.Add(src)
		}
	}
	f.Add(WriteTwee(hostile()))
	data := ":: StoryData\n{\"ifid\": \"" + testIFID + "\"}\n"
	for _, s := range []string{
		":: a\\ \\[b\\] {\"ending\":\"\"}\n[[x]]y]]\n\\::z\n",
		":: a [ending] {\"timings\":[]}\n[[[a]]] [\\[ [[b|c->d<-e]]\r\r\n",
		":: \\\\ \n   \n[[->x<-]] text [[ a |b]]\n:: StoryTitle\n  \\\\::t  \n",
		":: a\n[[a]][[b]]\n[[c][d]]\n ::x\n",
	} {
		f.Add([]byte(data + s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		b, err := ParseTwee(src)
		if err != nil {
			return
		}
		twee := WriteTwee(b)
		again, err := ParseTwee(twee)
		if err != nil {
			t.Fatalf("ParseTwee(WriteTwee(b)): %v\nb = %#v\nTwee:\n%s", err, b, twee)
		}
		if !reflect.DeepEqual(again, b) {
			t.Fatalf("round trip =\n%#v\nwant\n%#v\nTwee:\n%s", again, b, twee)
		}
	})
}
