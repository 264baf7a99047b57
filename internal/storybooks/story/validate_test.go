package story

import (
	"fmt"
	"maps"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(b *Storybook)
		want   map[string]string
	}{
		{name: "a good storybook", change: func(*Storybook) {}, want: map[string]string{}},
		{
			name:   "a dead end and an unreachable page are Check's, not Validate's",
			change: func(b *Storybook) { b.Pages = append(b.Pages, pg("lost")) },
			want:   map[string]string{},
		},
		{
			name: "names in other alphabets and with Twine's usual punctuation",
			change: func(b *Storybook) {
				b.Pages = append(b.Pages, end("Siso's den (again), run!"), end("Café über 洞窟 ’n’ -_"))
			},
			want: map[string]string{},
		},
		{
			name:   "no title",
			change: func(b *Storybook) { b.Title = " " },
			want:   map[string]string{"title": "Give the storybook a title."},
		},
		{
			name:   "no start",
			change: func(b *Storybook) { b.Start = "" },
			want:   map[string]string{"start": "Choose the page the story starts on."},
		},
		{
			name:   "an unknown start",
			change: func(b *Storybook) { b.Start = "begin" },
			want:   map[string]string{"start": `There is no page "begin" to start on.`},
		},
		{
			name:   "two pages with one id",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("cave")) },
			want:   map[string]string{"pages.cave.id": `Another page is also called "cave": each page needs a name of its own.`},
		},
		{
			name:   "a page without an id",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("")) },
			want:   map[string]string{"pages..id": "Give the page a name."},
		},
		{
			name:   "an id with a dot",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("the.end")) },
			want:   map[string]string{"pages.the.end.id": `A page's name can use letters, digits, spaces and - _ ' ’ ! , ( ), not ".".`},
		},
		{
			name:   "an id with Twine's link markup",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("go->there")) },
			want:   map[string]string{"pages.go->there.id": `A page's name can use letters, digits, spaces and - _ ' ’ ! , ( ), not ">".`},
		},
		{
			name:   "an id with a space at the end",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("cave ")) },
			want:   map[string]string{"pages.cave .id": "A page's name cannot begin or end with a space."},
		},
		{
			name:   "an id that is too long",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end(strings.Repeat("é", 65))) },
			want:   map[string]string{"pages." + strings.Repeat("é", 65) + ".id": "A page's name is at most 64 characters; this one has 65."},
		},
		{
			name:   "Twine's own passage names",
			change: func(b *Storybook) { b.Pages = append(b.Pages, end("StoryData")) },
			want:   map[string]string{"pages.StoryData.id": `"StoryData" is a name Twine keeps for itself: choose another.`},
		},
		{
			name:   "empty text",
			change: func(b *Storybook) { b.Pages[1].Text = "\n " },
			want:   map[string]string{"pages.hill.text": "Write the page's text."},
		},
		{
			name:   "text that is too long",
			change: func(b *Storybook) { b.Pages[1].Text = strings.Repeat("ü", 4001) },
			want:   map[string]string{"pages.hill.text": "A page's text is at most 4,000 characters; this one has 4,001."},
		},
		{
			name: "choices without a label or a known target",
			change: func(b *Storybook) {
				b.Pages[1].Choices = []Choice{{"", "cave"}, {"Fly", "nowhere"}, {"Swim", ""}, {strings.Repeat("a", 121), "cave"}}
			},
			want: map[string]string{
				"pages.hill.choices.0.label": "Write the words on the choice's button.",
				"pages.hill.choices.1.to":    `There is no page "nowhere".`,
				"pages.hill.choices.2.to":    "Choose the page this choice leads to.",
				"pages.hill.choices.3.label": "A choice is at most 120 characters; this one has 121.",
			},
		},
		{
			name: "too many choices",
			change: func(b *Storybook) {
				for range 5 {
					b.Pages[1].Choices = append(b.Pages[1].Choices, Choice{"Again", "cave"})
				}
			},
			want: map[string]string{"pages.hill.choices": "A page has at most 6 choices; this one has 7."},
		},
		{
			name:   "an ending's name that is too long",
			change: func(b *Storybook) { b.Pages[3].Ending = strings.Repeat("x", 121) },
			want:   map[string]string{"pages.balloon.ending": "An ending's name is at most 120 characters; this one has 121."},
		},
		{
			name: "pictures and narration from the shop",
			change: func(b *Storybook) {
				b.Pages[0].Picture = "/storybooks/media/ab12.webp"
				b.Pages[1].Picture = "/illustrations/siso.svg"
				b.Pages[2].Picture = "/storybooks/our-first-adventure/hill.svg"
				b.Pages[0].Narration = "/storybooks/media/cd34.mp3"
				b.Pages[1].Alt = "Siso, a little tiger, waves from the top of a green hill."
			},
			want: map[string]string{},
		},
		{
			name: "a picture's description too long, or with no picture",
			change: func(b *Storybook) {
				b.Pages[0].Picture, b.Pages[0].Alt = "/illustrations/siso.svg", strings.Repeat("é", 301)
				b.Pages[1].Alt = "A hill."
			},
			want: map[string]string{
				"pages.start.alt": "A picture's description is at most 300 characters; this one has 301.",
				"pages.hill.alt":  "Choose a picture to describe, or leave its description empty.",
			},
		},
		{
			name: "pictures and narration from elsewhere",
			change: func(b *Storybook) {
				b.Pages[0].Picture = "https://tracker.example/pixel.gif"
				b.Pages[1].Picture = "/storybooks/../admin"
				b.Pages[2].Picture = "//evil.example/x.svg"
				b.Pages[3].Picture = "/illustrations/"
				b.Pages[0].Narration = "/illustrations/siso.svg"
				b.Pages[1].Narration = "javascript:alert(1)"
			},
			want: map[string]string{
				"pages.start.picture":   "Choose an uploaded picture or one of the shop's drawings.",
				"pages.hill.picture":    "Choose an uploaded picture or one of the shop's drawings.",
				"pages.river.picture":   "Choose an uploaded picture or one of the shop's drawings.",
				"pages.balloon.picture": "Choose an uploaded picture or one of the shop's drawings.",
				"pages.start.narration": "Choose an uploaded recording.",
				"pages.hill.narration":  "Choose an uploaded recording.",
			},
		},
		{
			name: "timings that go back or below zero",
			change: func(b *Storybook) {
				b.Pages[0].Timings = []int{0, 300, 200}
				b.Pages[1].Timings = []int{-1}
				b.Pages[2].Timings = []int{0, 0, 450}
			},
			want: map[string]string{
				"pages.start.timings": "Word timings go forward through the narration: record them again.",
				"pages.hill.timings":  "Word timings go forward through the narration: record them again.",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := fourPaths()
			tt.change(&b)
			if got := Validate(b); !maps.Equal(got, tt.want) {
				t.Errorf("Validate =\n%v\nwant\n%v", got, tt.want)
			}
		})
	}
}

func TestValidateTooManyPages(t *testing.T) {
	b := book("p0")
	for i := range MaxPages + 1 {
		b.Pages = append(b.Pages, end(fmt.Sprint("p", i)))
	}
	want := map[string]string{"pages": "A storybook has at most 500 pages; this one has 501."}
	if got := Validate(b); !maps.Equal(got, want) {
		t.Errorf("Validate = %v, want %v", got, want)
	}
	b.Pages = b.Pages[:MaxPages]
	if got := Validate(b); len(got) != 0 {
		t.Errorf("Validate with %d pages = %v, want no errors", MaxPages, got)
	}
}
