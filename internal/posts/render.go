package posts

import (
	"math"
	"strings"
)

// wordsPerMinute is a relaxed adult reading pace, for the article's
// "N min read".
const wordsPerMinute = 200

// readMinutes is how long the Markdown takes to read, at least a minute.
func readMinutes(source string) int {
	words := len(strings.Fields(source))
	return max(1, int(math.Ceil(float64(words)/wordsPerMinute)))
}
