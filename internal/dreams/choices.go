// Package dreams is Dream Maker: personalised bedtime stories for a parent's
// children, composed on the server from five read-aloud templates and kept
// so the parent can read them again ("My Dreams").
package dreams

// MaxInterests is how many interests one story weaves in (spec 02 §9).
const MaxInterests = 3

// OtherInterest is the interest whose words the parent types in.
const OtherInterest = "other"

// Pronouns are the words a story uses for the child. Was, Is and Has carry
// the verb agreement: "they were", "she was".
type Pronouns struct {
	They, Their, Them, Themself string
	Was, Is, Has                string
	Child                       string // "boy", "girl", "child"
	plural                      bool   // they/them takes the plural verb
}

// Gender is one of the page's three choices.
type Gender struct {
	ID    string   `json:"id"`
	Label string   `json:"label"`
	Words string   `json:"pronouns"`
	P     Pronouns `json:"-"`
}

// Genders are the spec's choices, in the page's order.
var Genders = []Gender{
	{ID: "boy", Label: "I'm a boy!", Words: "he/his/him",
		P: Pronouns{They: "he", Their: "his", Them: "him", Themself: "himself", Was: "was", Is: "is", Has: "has", Child: "boy"}},
	{ID: "girl", Label: "I'm a girl!", Words: "she/her/her",
		P: Pronouns{They: "she", Their: "her", Them: "her", Themself: "herself", Was: "was", Is: "is", Has: "has", Child: "girl"}},
	{ID: "neutral", Label: "I'm just me!", Words: "they/their/them",
		P: Pronouns{They: "they", Their: "their", Them: "them", Themself: "themself", Was: "were", Is: "are", Has: "have", Child: "child", plural: true}},
}

// Companion is one of the four friends who takes the child into the dream.
// The phrases are written to slot into the templates for any child:
// each is past tense or a noun phrase, so no verb has to agree with the child.
type Companion struct {
	ID    string `json:"id"`
	Name  string `json:"name"`  // "Siso"
	Label string `json:"label"` // "Siso the tiger", the spec's words
	// He, His and Him are the companion's own pronouns (the brand's stories).
	He, His, Him string `json:"-"`
	Home         string `json:"-"` // where the companion lives
	Arrives      string `json:"-"` // how the companion appears at the window
	Ride         string `json:"-"` // what the child did to travel with them
	Sound        string `json:"-"` // a soothing sound the companion made
	Tuck         string `json:"-"` // how the companion tucked the child in
}

// Companions are the four friends, in the page's order.
var Companions = []Companion{
	{ID: "siso", Name: "Siso", Label: "Siso the tiger", He: "he", His: "his", Him: "him",
		Home:    "the green and whispering jungle",
		Arrives: "with a little lantern swinging from the tip of his stripy tail",
		Ride:    "climbed onto Siso’s soft, stripy back",
		Sound:   "gave a deep, rumbly purr",
		Tuck:    "tucked the blanket in with one big, gentle paw"},
	{ID: "feefee", Name: "FeeFee", Label: "FeeFee the Elephant", He: "she", His: "her", Him: "her",
		Home:    "the wide golden savanna",
		Arrives: "holding a little lantern in her curly trunk",
		Ride:    "climbed up onto FeeFee’s broad, gentle back, between her big floppy ears",
		Sound:   "hummed a low, gentle elephant hum",
		Tuck:    "tucked the blanket in with her soft, careful trunk"},
	{ID: "lizzie", Name: "Lizzie", Label: "Lizzie the Lizard", He: "she", His: "her", Him: "her",
		Home:    "the sunny green valley",
		Arrives: "with a little lantern balanced on the end of her clever curly tail",
		Ride:    "held on tight to Lizzie’s small, cool hand",
		Sound:   "sang a soft, clicky lizard lullaby",
		Tuck:    "tucked the blanket in with her quick little hands"},
	{ID: "nainni", Name: "Nainni", Label: "Nainni the Rabbit", He: "she", His: "her", Him: "her",
		Home:    "the little clover garden where the carrots grow",
		Arrives: "with a little lantern hanging from one of her long, soft ears",
		Ride:    "took Nainni’s soft, fluffy paw",
		Sound:   "sang a tiny, whispery rabbit song",
		Tuck:    "smoothed the pillow with her soft, fluffy paws"},
}

// Interest is one of the 34 things a child may love. Love is a noun phrase
// for "Mia loved ..."; Scene is one or two sentences of dream, itself a
// small template (it may name the child, the companion and the pronouns);
// Keepsake is a small thing the companion leaves behind at the end.
type Interest struct {
	ID       string `json:"id"`
	Label    string `json:"label"`
	Love     string `json:"-"`
	Scene    string `json:"-"`
	Keepsake string `json:"-"`
}

// Interests are the spec's 34 options, in its order; 'other' is last.
var Interests = []Interest{
	{ID: "animals", Label: "Animals", Love: "every kind of animal",
		Scene:    `A family of sleepy foxes, a wise old owl and a hedgehog in a knitted scarf came by to say goodnight, and {{.Name}} knew every one of their names.`,
		Keepsake: "a tiny wooden fox"},
	{ID: "arts", Label: "Arts & Crafts", Love: "painting pictures",
		Scene:    `A giant paintbrush was waiting, dipped in sunset colors, and {{.Name}} painted a rainbow bridge right across the sky while {{.Pal.Name}} sprinkled glitter on the clouds.`,
		Keepsake: "a paintbrush with a starlight tip"},
	{ID: "baseball", Label: "Baseball", Love: "baseball",
		Scene:    `On a baseball diamond of soft green moss, {{.Name}} hit a slow, shining ball so high that it became a brand-new star, and a crowd of fireflies cheered.`,
		Keepsake: "a baseball stitched with silver thread"},
	{ID: "basketball", Label: "Basketball", Love: "basketball",
		Scene:    `A basketball hoop hung from the tip of the crescent moon, and {{.Name}} jumped as light as a feather and dropped a glowing ball through the net with a soft swish.`,
		Keepsake: "a tiny basketball that glowed like the moon"},
	{ID: "building", Label: "Building & Construction", Love: "building things",
		Scene:    `A friendly crane and a little yellow digger were waiting, and {{.Name}} and {{.Pal.Name}} built a tower of soft bricks that reached right up to the clouds.`,
		Keepsake: "a little yellow hard hat"},
	{ID: "camping", Label: "Camping & Nature", Love: "camping under the stars",
		Scene:    `Beside a whispering stream, {{.Name}} and {{.Pal.Name}} pitched a cozy tent, toasted marshmallows over a tiny crackling fire and listened to the crickets sing their evening song.`,
		Keepsake: "a smooth pebble from the whispering stream"},
	{ID: "cartoons", Label: "Cartoons", Love: "cartoons",
		Scene:    `Everything turned bright and bouncy, just like a cartoon, and {{.Name}} and {{.Pal.Name}} went boing, boing, boing over hills that wobbled like jelly.`,
		Keepsake: "a cartoon star that still had its sparkle"},
	{ID: "comics", Label: "Comics", Love: "comic books",
		Scene:    `The sky filled up with comic-book pictures, and each time {{.Name}} laughed, a little speech bubble floated up that said “Ha!” in big, round letters.`,
		Keepsake: "a comic book with a twinkling cover"},
	{ID: "cooking", Label: "Cooking", Love: "baking yummy treats",
		Scene:    `In a kitchen that smelled of warm cinnamon, {{.Name}} baked a tray of star-shaped cookies, with {{.Pal.Name}} as a very hungry helper.`,
		Keepsake: "a star-shaped cookie wrapped in a napkin"},
	{ID: "cricket", Label: "Cricket", Love: "cricket",
		Scene:    `On a smooth green cricket pitch under the moon, {{.Name}} tapped the ball so softly that it rolled all the way to the edge of the dream, and the owls clapped politely.`,
		Keepsake: "a cricket ball with a silver seam"},
	{ID: "dancing", Label: "Dancing", Love: "dancing",
		Scene:    `Music began to play from nowhere at all, and {{.Name}} danced a twirly, swirly dance with {{.Pal.Name}} until even the stars were swaying along.`,
		Keepsake: "a pair of tiny dancing shoes"},
	{ID: "detectives", Label: "Detectives", Love: "solving mysteries",
		Scene:    `With a magnifying glass in hand, {{.Name}} followed a trail of glittery footprints and solved the Mystery of the Missing Moonbeam, which had only been hiding behind a cloud.`,
		Keepsake: "a detective’s magnifying glass"},
	{ID: "dinosaurs", Label: "Dinosaurs", Love: "dinosaurs",
		Scene:    `A gentle long-necked dinosaur bent down to say hello, and {{.Name}} slid all the way down its back like a great green slide, landing softly in a pile of ferns.`,
		Keepsake: "a little dinosaur made of smooth green stone"},
	{ID: "football", Label: "American Football", Love: "football",
		Scene:    `On a field striped with moonlight, {{.Name}} caught a football that floated down like a bubble and carried it all the way to the end zone while {{.Pal.Name}} did a happy dance.`,
		Keepsake: "a football signed by the Man in the Moon"},
	{ID: "gaming", Label: "Gaming", Love: "video games",
		Scene:    `The whole dream turned into a gentle video game, and {{.Name}} hopped from glowing block to glowing block, collecting golden stars, with {{.Pal.Name}} cheering at every level.`,
		Keepsake: "a golden star from the very last level"},
	{ID: "hockey", Label: "Hockey", Love: "hockey",
		Scene:    `On a frozen lake as smooth as glass, {{.Name}} passed the puck to {{.Pal.Name}} and back again, and scored a goal so gentle that the puck slid into the net and fell asleep.`,
		Keepsake: "a little silver hockey puck"},
	{ID: "jokes", Label: "Jokes", Love: "silly jokes",
		Scene:    `{{.Pal.Name}} told the silliest joke in the whole world, {{.Name}} told an even sillier one back, and the two of them laughed until the moon had to hold its tummy.`,
		Keepsake: "a brand-new joke on a slip of paper, to read in the morning"},
	{ID: "lego", Label: "Lego", Love: "building with little bricks",
		Scene:    `A mountain of colorful bricks stood waiting, and click by click {{.Name}} built a castle with a tower for every star, and a snug little room in it for {{.Pal.Name}}.`,
		Keepsake: "one small red brick"},
	{ID: "magic", Label: "Magic", Love: "magic tricks",
		Scene:    `{{.Name}} waved a twinkling wand, and out of a tall black hat popped a flock of paper butterflies, a shower of silver sparkles and a very surprised {{.Pal.Name}}.`,
		Keepsake: "a magic wand with a star on the end"},
	{ID: "martialArts", Label: "Martial Arts", Love: "martial arts",
		Scene:    `In a quiet garden of cherry blossoms, {{.Name}} practiced slow, strong martial arts moves and bowed to {{.Pal.Name}} at the end, as calm and steady as a mountain.`,
		Keepsake: "a soft belt the color of the night sky"},
	{ID: "music", Label: "Music", Love: "music",
		Scene:    `An orchestra of crickets, frogs and nightingales was tuning up, and {{.Name}} was asked to be the conductor, waving a little baton as the sweetest lullaby began.`,
		Keepsake: "a tiny silver bell that rang a lullaby"},
	{ID: "mythical", Label: "Mythical Creatures", Love: "magical creatures",
		Scene:    `A shy little dragon and a unicorn with a rainbow mane stepped out of the mist, and {{.Name}} gave each of them a gentle pat on the nose.`,
		Keepsake: "a shimmering scale from a friendly dragon"},
	{ID: "pirates", Label: "Pirates", Love: "pirate adventures",
		Scene:    `A pirate ship with patchwork sails bobbed by, and Captain {{.Name}} read the treasure map and found a chest full of golden buttons and very silly hats.`,
		Keepsake: "a golden coin from the pirates’ treasure chest"},
	{ID: "princesses", Label: "Princesses & Knights", Love: "fairy-tale castles",
		Scene:    `At a castle made of moonbeams, a kind princess and a brave knight invited {{.Name}} to a royal tea party, where {{.Pal.Name}} wore a crown that was a little too big.`,
		Keepsake: "a tiny crown made of moonbeams"},
	{ID: "puzzles", Label: "Puzzles", Love: "puzzles",
		Scene:    `A giant jigsaw puzzle lay across the ground, and piece by piece {{.Name}} put it together until it showed a picture of home, with a light on in {{.Their}} very own window.`,
		Keepsake: "one last puzzle piece shaped like a star"},
	{ID: "reading", Label: "Reading", Love: "reading books",
		Scene:    `Inside a hollow tree there was a library where the books whispered their stories out loud, and {{.Name}} chose one all about a brave little friend called {{.Pal.Name}}.`,
		Keepsake: "a bookmark made from a silver leaf"},
	{ID: "robots", Label: "Robots", Love: "robots",
		Scene:    `A friendly robot with blinking lights and squeaky wheels rolled up, and {{.Name}} taught it how to wave, how to giggle and how to say goodnight.`,
		Keepsake: "a little robot that blinked goodnight"},
	{ID: "science", Label: "Science", Love: "science experiments",
		Scene:    `In a laboratory full of bubbling jars, {{.Name}} mixed a purple potion that fizzed and popped and made shining bubbles that floated all the way up to the stars.`,
		Keepsake: "a little glass tube full of stardust"},
	{ID: "soccer", Label: "Soccer", Love: "soccer",
		Scene:    `On a meadow of soft clover, {{.Name}} dribbled a soccer ball past a row of sleepy sheep and tapped it into the goal so gently that it did not even wake the goalkeeper.`,
		Keepsake: "a soccer ball no bigger than a marble"},
	{ID: "space", Label: "Space & Planets", Love: "outer space",
		Scene:    `A little rocket carried {{.Name}} and {{.Pal.Name}} around the rings of Saturn and past the red face of Mars, and the Moon gave them a sleepy wave as they went by.`,
		Keepsake: "a tiny piece of a shooting star"},
	{ID: "superheroes", Label: "Superheroes", Love: "superheroes",
		Scene:    `{{.Name}} put on a cape that fluttered in the breeze and flew over the sleeping town, making sure that everybody was safe and snug in bed.`,
		Keepsake: "a superhero cape, folded up small"},
	{ID: "tennis", Label: "Tennis", Love: "tennis",
		Scene:    `On a tennis court painted with stars, {{.Name}} and {{.Pal.Name}} hit a fuzzy yellow ball back and forth, slower and slower, until it floated in the air like a little sun.`,
		Keepsake: "a fuzzy tennis ball that smelled of summer"},
	{ID: "vehicles", Label: "Vehicles", Love: "anything with wheels",
		Scene:    `A shiny fire truck, a rumbling tractor and a long blue train lined up in a row, and {{.Name}} rang every bell and tooted every horn before they all parked for the night.`,
		Keepsake: "a little toy fire truck"},
	{ID: OtherInterest, Label: "Other (specify)",
		// The parent's own words arrive as .Other, data and never template text.
		Love:     `{{.Other}}`,
		Scene:    `Then came a surprise made just for {{.Name}}: {{.Other}}, right there in the dream, exactly the way {{.They}} had always imagined.`,
		Keepsake: `a little dream-picture of {{.Other}}`},
}

// giggles stand in for 'other' text that makes no sense (spec 02 §5): a
// nonsense word becomes something silly to giggle at instead.
var giggles = []Interest{
	{ID: OtherInterest, Love: "tickly giggle-bugs",
		Scene:    `Then a cloud of tiny giggle-bugs fluttered down and tickled {{.Name}}’s toes, and {{.Pal.Name}} laughed so hard that {{.Pal.He}} rolled right over.`,
		Keepsake: "a giggle-bug in a jam jar, giggling softly"},
	{ID: OtherInterest, Love: "wibbly-wobbly jelly dances",
		Scene:    `Out of nowhere came a wibbly-wobbly jelly that danced the silliest dance, and {{.Name}} and {{.Pal.Name}} wobbled along until they were nothing but giggles.`,
		Keepsake: "a jelly bean that never stopped wobbling"},
	{ID: OtherInterest, Love: "the Snorkelwump’s silly songs",
		Scene:    `A round, fluffy Snorkelwump bounced by singing “Flibber-flabber, noodle-doodle!”, which made no sense at all, and that made {{.Name}} giggle all the more.`,
		Keepsake: "a feather from the Snorkelwump’s hat"},
}

func findGender(id string) (Gender, bool) {
	for _, g := range Genders {
		if g.ID == id {
			return g, true
		}
	}
	return Gender{}, false
}

func findCompanion(id string) (Companion, bool) {
	for _, c := range Companions {
		if c.ID == id {
			return c, true
		}
	}
	return Companion{}, false
}

func findInterest(id string) (Interest, bool) {
	for _, i := range Interests {
		if i.ID == id {
			return i, true
		}
	}
	return Interest{}, false
}
