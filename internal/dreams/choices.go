// Package dreams is Dream Maker: personalized bedtime stories for a parent's
// children, composed on the server from five read-aloud templates and kept
// so the parent can read them again ("My Dreams"). A child who hears a story
// every night hears a new one: each template has several openings, middles
// and endings, each interest several scenes, each companion several
// moments, and the story told is the one that repeats least of what the
// child heard lately.
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
// The phrases slot into the templates for any child: each is past tense or
// a noun phrase, so no verb has to agree with the child.
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
	// Moments are small templates, one of which each story tells: the
	// companion being just who they are, somewhere along the way.
	Moments []string `json:"-"`
}

// Companions are the four friends, in the page's order.
var Companions = []Companion{
	{ID: "siso", Name: "Siso", Label: "Siso the tiger", He: "he", His: "his", Him: "him",
		Home:    "the green and whispering jungle",
		Arrives: "with a little lantern swinging from the tip of his stripy tail",
		Ride:    "climbed onto Siso’s soft, stripy back",
		Sound:   "gave a deep, rumbly purr",
		Tuck:    "tucked the blanket in with one big, gentle paw",
		Moments: []string{
			`Siso showed {{.Name}} how tigers stretch before bed, one long, slow stretch from the tip of the nose to the end of the tail, and {{.Name}} stretched in just the same way.`,
			`Siso let {{.Name}} count the stripes on his back, but there were so many that {{.Name}} gave up at forty-two and gave the big tiger a hug instead.`,
			`When a cool breeze blew, Siso curled his big, warm body around {{.Name}} like a stripy blanket and purred until the breeze gave up and went away.`,
			`Siso taught {{.Name}} the tiger’s secret for falling asleep: three slow, deep breaths, and then a yawn so big that it shows every whisker.`,
		}},
	{ID: "feefee", Name: "FeeFee", Label: "FeeFee the Elephant", He: "she", His: "her", Him: "her",
		Home:    "the wide golden savanna",
		Arrives: "holding a little lantern in her curly trunk",
		Ride:    "climbed up onto FeeFee’s broad, gentle back, between her big floppy ears",
		Sound:   "hummed a low, gentle elephant hum",
		Tuck:    "tucked the blanket in with her soft, careful trunk",
		Moments: []string{
			`FeeFee filled her trunk at a silver pool and sprayed a fountain high into the air, and the moonlight turned every drop into a tiny rainbow for {{.Name}}.`,
			`FeeFee flapped her big ears to make a gentle breeze, and {{.Name}} said it felt like being fanned by two soft gray sails.`,
			`FeeFee, who remembers everything, as elephants do, told {{.Name}} about the brightest, most beautiful night she had ever seen, and said this one was even better.`,
			`FeeFee lifted {{.Name}} up with her trunk, gently, gently, so that for one moment {{.Name}} could see over the tops of the clouds.`,
		}},
	{ID: "lizzie", Name: "Lizzie", Label: "Lizzie the Lizard", He: "she", His: "her", Him: "her",
		Home:    "the sunny green valley",
		Arrives: "with a little lantern balanced on the end of her clever curly tail",
		Ride:    "held on tight to Lizzie’s small, cool hand",
		Sound:   "sang a soft, clicky lizard lullaby",
		Tuck:    "tucked the blanket in with her quick little hands",
		Moments: []string{
			`Lizzie scampered up a tall stem to take a look around, slid back down, and told {{.Name}} with a grin, “Everything is just right.”`,
			`Lizzie changed color to match everything the two friends passed, pink, then yellow, then sky blue, and {{.Name}} laughed every single time.`,
			`Lizzie found a flat stone that still held a little of the day’s sunshine, and {{.Name}} sat beside her on it to warm up chilly toes.`,
			`Lizzie showed {{.Name}} how to keep perfectly still, the way lizards do in the sun, and the two friends kept so still that a butterfly landed on Lizzie’s nose.`,
		}},
	{ID: "nainni", Name: "Nainni", Label: "Nainni the Rabbit", He: "she", His: "her", Him: "her",
		Home:    "the little clover garden where the carrots grow",
		Arrives: "with a little lantern hanging from one of her long, soft ears",
		Ride:    "took Nainni’s soft, fluffy paw",
		Sound:   "sang a tiny, whispery rabbit song",
		Tuck:    "smoothed the blanket with her soft, fluffy paws",
		Moments: []string{
			`Nainni hopped ahead in three big bounces, hopped all the way back again, and twitched her nose at {{.Name}}, which is how rabbits say, “Follow me!”`,
			`Nainni shared a crunchy carrot from her basket, one bite for {{.Name}} and one bite for Nainni, until only the leafy top was left.`,
			`Nainni’s long ears could hear the quietest sounds in the world, so she whispered to {{.Name}} what the stars were saying: “Sleep well, little one.”`,
			`Nainni wiggled her fluffy tail and taught {{.Name}} the bunny hop, and the two friends hopped along together, boing, boing, boing, until both were out of breath.`,
		}},
}

// Interest is one of the 34 things a child may love. Love is a noun phrase
// for "Mia loved ..."; each of Scenes is a sentence or two of dream that
// fits any template; Keepsake is a small thing the companion leaves behind.
// All three are small templates: they may name the child and the companion.
type Interest struct {
	ID       string   `json:"id"`
	Label    string   `json:"label"`
	Love     string   `json:"-"`
	Scenes   []string `json:"-"`
	Keepsake string   `json:"-"`
}

// Interests are the spec's 34 options, in its order; 'other' is last.
var Interests = []Interest{
	{ID: "animals", Label: "Animals", Love: "every kind of animal", Keepsake: "a tiny wooden fox", Scenes: []string{
		`A family of sleepy foxes, a wise old owl and a hedgehog in a knitted scarf came by to say goodnight, and {{.Name}} knew the name of every single one.`,
		`A baby elephant no bigger than a teapot trotted over, curled its tiny trunk around {{.Name}}’s finger and held on until it had been given three gentle pats.`,
		`Down by a silver pond, {{.Name}} and {{.Pal.Name}} counted ducklings, one, two, three, four, while a shy little otter floated past on its back and waved a wet paw.`,
	}},
	{ID: "arts", Label: "Arts & Crafts", Love: "painting pictures", Keepsake: "a paintbrush with a starlight tip", Scenes: []string{
		`A giant paintbrush was waiting, dipped in sunset colors, and {{.Name}} painted a rainbow bridge right across the sky while {{.Pal.Name}} sprinkled glitter on the clouds.`,
		`On a wall as long as a river, {{.Name}} drew a whole sleepy town in crayon, and each little house lit up a window the moment it was finished.`,
		`With a bowl of glue, a heap of colored paper and a great deal of glitter, {{.Name}} made a paper moon so lovely that the real moon came down for a closer look.`,
	}},
	{ID: "baseball", Label: "Baseball", Love: "baseball", Keepsake: "a baseball stitched with silver thread", Scenes: []string{
		`On a baseball diamond of soft green moss, {{.Name}} hit a slow, shining ball so high that it became a brand-new star, and a crowd of fireflies cheered.`,
		`{{.Pal.Name}} pitched a ball as soft as a marshmallow, and {{.Name}} swung, hit it and ran all four bases, touching home plate just as the crickets shouted, “Safe!”`,
		`In the dream ballpark the bleachers were full of owls in tiny baseball caps, and every time {{.Name}} caught a fly ball, the owls hooted, “Whoo-hoo!”`,
	}},
	{ID: "basketball", Label: "Basketball", Love: "basketball", Keepsake: "a tiny basketball that glowed like the moon", Scenes: []string{
		`A basketball hoop hung from the tip of the crescent moon, and {{.Name}} jumped as light as a feather and dropped a glowing ball through the net with a soft swish.`,
		`On a court painted with stars, {{.Name}} dribbled a ball that bounced with a sound like a tiny drum, passed it to {{.Pal.Name}} and got it back for a perfect shot.`,
		`Just for fun, the basketball hoop kept floating higher and higher, but {{.Name}} bounced off a cloud, soared right up to the rim and scored anyway.`,
	}},
	{ID: "building", Label: "Building & Construction", Love: "building things", Keepsake: "a little yellow hard hat", Scenes: []string{
		`A friendly crane and a little yellow digger were waiting, and {{.Name}} and {{.Pal.Name}} built a tower of soft bricks that reached right up to the clouds.`,
		`With a tool belt full of silver tools, {{.Name}} built a cozy tree house with a rope ladder, a round window and a tiny door just the right size for {{.Pal.Name}}.`,
		`A bridge was missing across a babbling stream, so {{.Name}} measured, hammered and fitted every plank until the sleepy rabbits could tiptoe safely home.`,
	}},
	{ID: "camping", Label: "Camping & Nature", Love: "camping under the stars", Keepsake: "a smooth pebble from the whispering stream", Scenes: []string{
		`Beside a whispering stream, {{.Name}} and {{.Pal.Name}} pitched a cozy tent, toasted marshmallows over a tiny crackling fire and listened to the crickets sing the evening song.`,
		`Inside a tent that glowed like a lantern, {{.Name}} made shadow animals on the canvas with a flashlight, and {{.Pal.Name}} laughed hardest at the bunny with the floppiest ears.`,
		`Deep in a pine forest, {{.Name}} followed a map to a hidden clearing and lay on a soft, mossy bank, watching shooting stars zip across the sky like silver fish.`,
	}},
	{ID: "cartoons", Label: "Cartoons", Love: "cartoons", Keepsake: "a cartoon star that still had its sparkle", Scenes: []string{
		`Everything turned bright and bouncy, just like a cartoon, and {{.Name}} and {{.Pal.Name}} went boing, boing, boing over hills that wobbled like jelly.`,
		`A cartoon door was painted on a tree, and when {{.Name}} knocked, it swung open onto a world where the clouds had funny faces and the flowers whistled.`,
		`{{.Name}} zoomed across the sky just like a cartoon hero, leaving a trail of little puffy clouds, and {{.Pal.Name}} laughed so hard that the clouds giggled too.`,
	}},
	{ID: "comics", Label: "Comics", Love: "comic books", Keepsake: "a comic book with a twinkling cover", Scenes: []string{
		`The sky filled up with comic-book pictures, and each time {{.Name}} laughed, a little speech bubble floated up that said “Ha!” in big, round letters.`,
		`{{.Name}} stepped right into the pages of a comic book, where every jump went WHOOSH, every hop went BOING, and {{.Pal.Name}} had a thought bubble full of cookies.`,
		`With a pencil as tall as a lamppost, {{.Name}} drew a comic strip across the clouds, starring a brave hero called {{.Name}} and a loyal sidekick called {{.Pal.Name}}.`,
	}},
	{ID: "cooking", Label: "Cooking", Love: "baking yummy treats", Keepsake: "a star-shaped cookie wrapped in a napkin", Scenes: []string{
		`In a kitchen that smelled of warm cinnamon, {{.Name}} baked a tray of star-shaped cookies, with {{.Pal.Name}} as a very hungry helper.`,
		`{{.Name}} stirred a big pot of moonlight soup, added a pinch of stardust and a spoonful of honey, and {{.Pal.Name}} declared it the best soup in the whole dream.`,
		`At a bakery where the ovens hummed lullabies, {{.Name}} rolled out the dough, cut it into crescent moons and sprinkled each one with sugar that sparkled like snow.`,
	}},
	{ID: "cricket", Label: "Cricket", Love: "cricket", Keepsake: "a cricket ball with a silver seam", Scenes: []string{
		`On a smooth green cricket pitch under the moon, {{.Name}} tapped the ball so softly that it rolled all the way to the edge of the dream, and the owls clapped politely.`,
		`{{.Pal.Name}} bowled a slow, twinkling ball, and {{.Name}} swung the bat and hit a splendid six that sailed over the trees and landed in a nest of sleepy robins.`,
		`At teatime in the middle of the match, {{.Name}} shared lemonade and tiny sandwiches with both teams, and everyone agreed it was the friendliest game of cricket ever played.`,
	}},
	{ID: "dancing", Label: "Dancing", Love: "dancing", Keepsake: "a pair of tiny dancing shoes", Scenes: []string{
		`Music began to play from nowhere at all, and {{.Name}} danced a twirly, swirly dance with {{.Pal.Name}} until even the stars were swaying along.`,
		`On a dance floor made of moonbeams, {{.Name}} tapped, spun and leaped, and every step left a little glowing footprint that twinkled for a while before it faded.`,
		`A line of fireflies made a conga, and {{.Name}} led the way, one, two, three, kick, winding through the dream with {{.Pal.Name}} wiggling along at the back.`,
	}},
	{ID: "detectives", Label: "Detectives", Love: "solving mysteries", Keepsake: "a detective’s magnifying glass", Scenes: []string{
		`With a magnifying glass in hand, {{.Name}} followed a trail of glittery footprints and solved the Mystery of the Missing Moonbeam, which had only been hiding behind a cloud.`,
		`Detective {{.Name}} found a clue, then another, then a third, and discovered at last who had taken the last cookie from the jar: a very embarrassed little mouse.`,
		`A note in a bottle said, “Find the golden key,” and {{.Name}} searched high and low, under leaves and behind stones, until there it was, tucked inside a sleeping tulip.`,
	}},
	{ID: "dinosaurs", Label: "Dinosaurs", Love: "dinosaurs", Keepsake: "a little dinosaur made of smooth green stone", Scenes: []string{
		`A gentle long-necked dinosaur bent down to say hello, and {{.Name}} slid all the way down its back like a great green slide, landing softly in a pile of ferns.`,
		`A baby triceratops with three little horns and a very big yawn wanted a bedtime story, so {{.Name}} told one, and the little dinosaur was snoring before the end.`,
		`In a valley of giant ferns, {{.Name}} and {{.Pal.Name}} found a dinosaur egg that wobbled and cracked, and out popped a tiny stegosaurus who hiccuped and smiled a toothy smile.`,
	}},
	{ID: "football", Label: "American Football", Love: "football", Keepsake: "a football signed by the Man in the Moon", Scenes: []string{
		`On a field striped with moonlight, {{.Name}} caught a football that floated down like a bubble and carried it all the way to the end zone while {{.Pal.Name}} did a happy dance.`,
		`{{.Name}} was the quarterback of the Dream Team, and a perfect spiral pass sailed straight to {{.Pal.Name}}, who caught it and shouted, “Touchdown!”`,
		`In a stadium full of cheering stars, {{.Name}} kicked a field goal so high and so straight that the ball sailed between the goalposts and kept going, all the way to the moon.`,
	}},
	{ID: "gaming", Label: "Gaming", Love: "video games", Keepsake: "a golden star from the very last level", Scenes: []string{
		`The whole dream turned into a gentle video game, and {{.Name}} hopped from glowing block to glowing block, collecting golden stars, with {{.Pal.Name}} cheering at every level.`,
		`{{.Name}} and {{.Pal.Name}} played a game where the only way to win was to be kind, and by the final level the whole screen was full of hearts.`,
		`A big shining START button appeared in the air, and {{.Name}} pressed it and zoomed through a level of bouncy mushrooms and secret tunnels, all the way to a castle at the very end.`,
	}},
	{ID: "hockey", Label: "Hockey", Love: "hockey", Keepsake: "a little silver hockey puck", Scenes: []string{
		`On a frozen lake as smooth as glass, {{.Name}} passed the puck to {{.Pal.Name}} and back again, and scored a goal so gentle that the puck slid into the net and fell asleep.`,
		`{{.Name}} laced up a pair of silver skates and glided across a rink lit by the moon, stick in hand, while a team of penguins cheered from the snowbanks.`,
		`In the big hockey game between the Snowflakes and the Icicles, {{.Name}} was the star player, and the winning goal made the whole rink glitter.`,
	}},
	{ID: "jokes", Label: "Jokes", Love: "silly jokes", Keepsake: "a brand-new joke on a slip of paper, to read in the morning", Scenes: []string{
		`{{.Pal.Name}} told the silliest joke in the whole world, {{.Name}} told an even sillier one back, and the two friends laughed until the moon had to hold its tummy.`,
		`A talking frog asked, “What do you call a sleeping dinosaur?” and when {{.Name}} called out, “A dino-snore!” the frog laughed so hard it fell off its lily pad.`,
		`{{.Name}} found a joke tree, and every time the wind blew, a joke fell down like a ripe apple, each one funnier than the one before.`,
	}},
	{ID: "lego", Label: "Lego", Love: "building with little bricks", Keepsake: "one small red brick", Scenes: []string{
		`A mountain of colorful bricks stood waiting, and click by click {{.Name}} built a castle with a tower for every star, and a snug little room in it for {{.Pal.Name}}.`,
		`{{.Name}} snapped bricks together into a spaceship with wings, blinking lights and a cup holder, and took {{.Pal.Name}} for a spin around the dream.`,
		`Out of a box of little bricks, {{.Name}} built a whole town, with a bakery, a fire station and a zoo, and all the tiny people in it waved goodnight.`,
	}},
	{ID: "magic", Label: "Magic", Love: "magic tricks", Keepsake: "a magic wand with a star on the end", Scenes: []string{
		`{{.Name}} waved a twinkling wand, and out of a tall black hat popped a flock of paper butterflies, a shower of silver sparkles and a very surprised {{.Pal.Name}}.`,
		`With a swish of a velvet cape, {{.Name}} made a coin disappear, found it again behind {{.Pal.Name}}’s ear and turned it into a chocolate coin for the two friends to share.`,
		`At the Academy of Dream Magic, {{.Name}} learned the spell for turning raindrops into jellybeans, and said it so well that it started to rain jellybeans everywhere.`,
	}},
	{ID: "martialArts", Label: "Martial Arts", Love: "martial arts", Keepsake: "a soft belt the color of the night sky", Scenes: []string{
		`In a quiet garden of cherry blossoms, {{.Name}} practiced slow, strong martial arts moves and bowed to {{.Pal.Name}} at the end, as calm and steady as a mountain.`,
		`{{.Name}} showed {{.Pal.Name}} a perfect kick and a perfect block, and then the two friends sat very still and breathed as slowly as the waves.`,
		`On a mat as soft as moss, {{.Name}} earned a brand-new belt, and the wise old turtle who was the teacher gave a proud little nod.`,
	}},
	{ID: "music", Label: "Music", Love: "music", Keepsake: "a tiny silver bell that rang a lullaby", Scenes: []string{
		`An orchestra of crickets, frogs and nightingales was tuning up, and {{.Name}} was asked to be the conductor, waving a little baton as the sweetest lullaby began.`,
		`{{.Name}} found a piano with keys made of moonlight, and every note played made a tiny star appear, until the whole sky twinkled with music.`,
		`{{.Name}} and {{.Pal.Name}} started a band, with a drum made from a hollow log and a guitar strung with spider silk, and the whole dream came to listen.`,
	}},
	{ID: "mythical", Label: "Mythical Creatures", Love: "magical creatures", Keepsake: "a shimmering scale from a friendly dragon", Scenes: []string{
		`A shy little dragon and a unicorn with a rainbow mane stepped out of the mist, and {{.Name}} gave each one a gentle pat on the nose.`,
		`A baby griffin who could not fly yet needed a little help, so {{.Name}} held its paws and counted to three, and up it flapped, squeaking with joy.`,
		`{{.Name}} rode on the back of a friendly phoenix, whose feathers glowed as warm as a campfire, high above the clouds and once around the moon.`,
	}},
	{ID: "pirates", Label: "Pirates", Love: "pirate adventures", Keepsake: "a golden coin from the pirates’ treasure chest", Scenes: []string{
		`A pirate ship with patchwork sails bobbed by, and Captain {{.Name}} read the treasure map and found a chest full of golden buttons and very silly hats.`,
		`Captain {{.Name}} stood at the wheel of a pirate ship while a parrot in a tiny hat squawked, “Land ahoy!” and an island shaped like a sleeping cat came into view.`,
		`On Treasure Island, {{.Name}} and {{.Pal.Name}} dug where X marked the spot and found a chest full of seashells that sang like the sea.`,
	}},
	{ID: "princesses", Label: "Princesses & Knights", Love: "fairy-tale castles", Keepsake: "a tiny crown made of moonbeams", Scenes: []string{
		`At a castle made of moonbeams, a kind princess and a brave knight invited {{.Name}} to a royal tea party, where {{.Pal.Name}} wore a crown that was a little too big.`,
		`{{.Name}} was made a knight of the Moonlit Kingdom, kneeling while the queen tapped each shoulder with a silver wand and said, “Arise, brave {{.Name}}!”`,
		`A little dragon had been lonely in a tall tower for far too long, so {{.Name}} rode up on a white pony and invited it to the castle ball, where it danced all night.`,
	}},
	{ID: "puzzles", Label: "Puzzles", Love: "puzzles", Keepsake: "one last puzzle piece shaped like a star", Scenes: []string{
		`A giant jigsaw puzzle lay across the ground, and piece by piece {{.Name}} put it together until it showed a picture of home, with a light on in {{.Their}} very own window.`,
		`A sphinx with sleepy eyes asked a riddle, “What has a soft head and no legs, and waits for you every night?” and {{.Name}} smiled and said, “A pillow!”`,
		`{{.Name}} found a maze of tall green hedges and, with {{.Pal.Name}} close behind, took every turn just right and reached the middle, where a fountain sparkled.`,
	}},
	{ID: "reading", Label: "Reading", Love: "reading books", Keepsake: "a bookmark made from a silver leaf", Scenes: []string{
		`Inside a hollow tree there was a library where the books whispered stories out loud, and {{.Name}} chose one all about a brave little friend called {{.Pal.Name}}.`,
		`A book as big as a door opened all by itself, and {{.Name}} stepped right into its pages, where the words floated by like butterflies.`,
		`{{.Name}} curled up in a reading nook made of pillows and starlight and read {{.Pal.Name}} a story, doing all the voices, even the growly ones.`,
	}},
	{ID: "robots", Label: "Robots", Love: "robots", Keepsake: "a little robot that blinked goodnight", Scenes: []string{
		`A friendly robot with blinking lights and squeaky wheels rolled up, and {{.Name}} taught it how to wave, how to giggle and how to say goodnight.`,
		`In a workshop full of gears and springs, {{.Name}} built a little robot dog that wagged a metal tail, beeped happily and followed {{.Pal.Name}} everywhere.`,
		`A robot chef rolled over with a tray of warm cocoa, and {{.Name}} helped it find the right button to make marshmallows pop out on top.`,
	}},
	{ID: "science", Label: "Science", Love: "science experiments", Keepsake: "a little glass tube full of stardust", Scenes: []string{
		`In a laboratory full of bubbling jars, {{.Name}} mixed a purple potion that fizzed and popped and made shining bubbles that floated all the way up to the stars.`,
		`With a telescope as long as a canoe, {{.Name}} looked at the rings of a faraway planet and discovered a brand-new star, which was named after {{.Name}} on the spot.`,
		`{{.Name}} planted a tiny seed, added a drop of water and a little sunshine from a jar, and watched it grow into a flower taller than {{.Pal.Name}}.`,
	}},
	{ID: "soccer", Label: "Soccer", Love: "soccer", Keepsake: "a soccer ball no bigger than a marble", Scenes: []string{
		`On a meadow of soft clover, {{.Name}} dribbled a soccer ball past a row of sleepy sheep and tapped it into the goal so gently that it did not even wake the goalkeeper.`,
		`{{.Name}} and {{.Pal.Name}} played soccer with a ball made of moonlight, and every time it was kicked, it left a silvery trail like a comet.`,
		`In the final minute of the Dream Cup, {{.Name}} scored the winning goal with a perfect header, and the crowd of fireflies lit up the whole stadium.`,
	}},
	{ID: "space", Label: "Space & Planets", Love: "outer space", Keepsake: "a tiny piece of a shooting star", Scenes: []string{
		`A little rocket carried {{.Name}} and {{.Pal.Name}} around the rings of Saturn and past the red face of Mars, and the Moon gave a sleepy wave as the rocket went by.`,
		`Floating in a shiny spacesuit, {{.Name}} bounced across the Moon in giant, slow-motion steps and left a footprint in the silvery dust.`,
		`{{.Name}} steered a spaceship through a field of twinkling comets, said hello to a friendly alien with three eyes and counted all the moons of Jupiter.`,
	}},
	{ID: "superheroes", Label: "Superheroes", Love: "superheroes", Keepsake: "a superhero cape, folded up small", Scenes: []string{
		`{{.Name}} put on a cape that fluttered in the breeze and flew over the sleeping town, making sure that everybody was safe and snug in bed.`,
		`With a super-strong hug and a super-kind smile, Super {{.Name}} rescued a kitten from a tall tree and carried it gently back to its basket.`,
		`A bright signal lit up the clouds, and {{.Name}} zoomed off to help: a little star had fallen, and it needed a superhero to put it back in the sky.`,
	}},
	{ID: "tennis", Label: "Tennis", Love: "tennis", Keepsake: "a fuzzy tennis ball that smelled of summer", Scenes: []string{
		`On a tennis court painted with stars, {{.Name}} and {{.Pal.Name}} hit a fuzzy yellow ball back and forth, slower and slower, until it floated in the air like a little sun.`,
		`{{.Name}} served an ace so fast and so fluffy that the ball turned into a dandelion puff and drifted away on the breeze.`,
		`At the Moonlight Open, {{.Name}} won the final match and lifted a silver trophy, and {{.Pal.Name}} cheered louder than anyone in the crowd.`,
	}},
	{ID: "vehicles", Label: "Vehicles", Love: "anything with wheels", Keepsake: "a little toy fire truck", Scenes: []string{
		`A shiny fire truck, a rumbling tractor and a long blue train lined up in a row, and {{.Name}} rang every bell and tooted every horn before the whole line parked for the night.`,
		`{{.Name}} drove a little red race car around a track lined with cheering daisies, zooming past the finish line just ahead of {{.Pal.Name}} on a scooter.`,
		`A hot-air balloon with a striped basket floated down, and {{.Name}} climbed in and steered it high over rivers and hills, waving to the sleepy cows below.`,
	}},
	{ID: OtherInterest, Label: "Other (specify)",
		// The parent's own words arrive as .Other, .OtherNamed and
		// .OtherSaid, data and never template text. They may name a thing ("the big red bus"),
		// many things ("trains and ducks") or a doing ("horse riding"), so
		// they stand where any of those reads well, and no pronoun points
		// back at them.
		Love:     `{{.Other}}`,
		Keepsake: `a little picture of {{.OtherNamed}}`,
		Scenes: []string{
			`On the way, {{.Name}} told {{.Pal.Name}} all about {{.Other}}, and {{.Pal.Name}} listened with wide, shining eyes and asked to hear every single detail.`,
			`“What do you love most of all?” asked {{.Pal.Name}}, and {{.Name}} said, “{{.OtherSaid}}!” so happily that {{.Pal.Name}} clapped.`,
			`Then, with one finger in the stardust, {{.Name}} drew a picture of {{.Other}}, and the picture began to sparkle and glow.`,
		}},
}

// giggles stand in for 'other' text that makes no sense (spec 02 §5): a
// nonsense word becomes something silly to giggle at instead.
var giggles = []Interest{
	{ID: OtherInterest, Love: "tickly giggle-bugs", Keepsake: "a giggle-bug in a jam jar, giggling softly", Scenes: []string{
		`Then a cloud of tiny giggle-bugs fluttered down and tickled {{.Name}}’s toes, and {{.Pal.Name}} laughed so hard that {{.Pal.He}} rolled right over.`,
		`A giggle-bug landed on {{.Name}}’s nose, wiggled its feelers and sneezed the smallest sneeze in the world, which made everybody laugh.`,
	}},
	{ID: OtherInterest, Love: "wibbly-wobbly jelly dances", Keepsake: "a jelly bean that never stopped wobbling", Scenes: []string{
		`Out of nowhere came a wibbly-wobbly jelly that danced the silliest dance, and {{.Name}} and {{.Pal.Name}} wobbled along until both friends were nothing but giggles.`,
		`A jelly as big as a pillow bounced by, going wibble, wobble, wibble, and {{.Name}} bounced on it like a trampoline.`,
	}},
	{ID: OtherInterest, Love: "the Snorkelwump’s silly songs", Keepsake: "a feather from the Snorkelwump’s hat", Scenes: []string{
		`A round, fluffy Snorkelwump bounced by singing “Flibber-flabber, noodle-doodle!”, which made no sense at all, and that made {{.Name}} giggle all the more.`,
		`The Snorkelwump taught {{.Name}} a brand-new word, “wumpity,” which means nothing whatsoever, and {{.Name}} said it over and over until even {{.Pal.Name}} was giggling.`,
	}},
}

// dreamScenes fill a story for a child whose parent chose no interests.
var dreamScenes = []string{
	`Fireflies danced in slow, golden circles, and a family of rabbits played hide-and-seek among the glowing flowers, giggling whenever {{.Name}} found one.`,
	`{{.Name}} and {{.Pal.Name}} rolled down a gentle hill, counting the stars on the way, and the stars twinkled back as if counting too.`,
	`A choir of frogs in tiny bow ties sang a song about the moon, and {{.Name}} joined in on the chorus, which went “ribbit, ribbit, goodnight.”`,
	`A snowman was sipping a cup of cold cocoa, because hot cocoa would never do, and offered {{.Name}} a sip with a frosty smile.`,
	`{{.Name}} found a garden where the flowers told knock-knock jokes, and the tulips shook with laughter at each joke.`,
	`A little waterfall poured warm milk and honey into a cup just the right size for a sleepy {{.Child}}, and {{.Name}} drank every drop.`,
	`A family of penguins in woolly scarves waddled by, and the smallest penguin gave {{.Name}} a flipper to hold all the way across the ice.`,
	`{{.Name}} blew the biggest bubble anyone had ever seen, and it floated up over the treetops, shimmering, until it landed on a cloud with the softest pop.`,
	`A kindly old moth with wings like silver lace landed on {{.Name}}’s shoulder and hummed the softest tune in the world.`,
	`A merry-go-round of painted horses turned slowly under the stars, and {{.Name}} chose the horse with the golden mane and rode it around and around.`,
	`A little cloud drifted down low, and {{.Name}} climbed on and bounced, higher and higher, as if it were the fluffiest trampoline ever made.`,
	`Through a gap in a hedge, {{.Name}} found a tea party of teddy bears, and the biggest bear poured {{.Pal.Name}} a cup of warm honey tea.`,
	`A lighthouse keeper who was a very old turtle let {{.Name}} turn the great lamp, and its beam swept across the sea to wish every little boat goodnight.`,
	`{{.Name}} and {{.Pal.Name}} found a baby star crying in the tall grass, carried it up a mossy hill and tossed it gently back into the sky, where its mother twinkled a thank-you.`,
	`A sleepy bear was trying to count sheep but kept losing track, so {{.Name}} counted the sheep out loud, and by sheep number nine the bear was snoring.`,
	`At a little market that only opens at night, a mouse in an apron sold {{.Name}} a jar of moonlight for one button, and the jar glowed like a night-light.`,
	`The wind had tangled the kites of a whole village in one tall tree, and {{.Name}} and {{.Pal.Name}} untangled the strings one by one until every kite flew free again.`,
	`A family of hedgehogs had lost the way home, so {{.Name}} lit the path with a glowing dandelion and led the whole family to a little round door under an old oak.`,
	`Under a bridge lived a troll who was not grumpy at all, only shy, and when {{.Name}} said hello, the troll smiled and shared a slice of blueberry pie.`,
	`A shallow river sparkled with little fish that glowed like lanterns, and {{.Name}} waded in and let the little fish nibble ticklish toes.`,
	`An owl who kept a library in a hollow tree lent {{.Name}} a book so small it fit on a fingertip, with a story inside about a brave little acorn.`,
	`A grumpy cloud would not stop raining on one patch of daisies, until {{.Name}} told it a funny story and the cloud laughed itself into a rainbow.`,
	`The moon had lost a silver button, and {{.Name}} and {{.Pal.Name}} searched the hillside, found it at last in a buttercup and sewed it back on with a thread of starlight.`,
	`A snail was late for a party and going as fast as a snail can, so {{.Name}} gave it a ride on a big green leaf, all the way to the party, just in time for cake.`,
	`In a field of sunflowers that turned toward the moon instead of the sun, {{.Name}} played hide-and-seek with a family of giggling field mice.`,
	`A boat made from half a walnut shell carried {{.Name}} across a puddle as wide as a lake, with a cricket at the oars singing a rowing song.`,
	`A baby dragon had the hiccups, and every hiccup puffed out a little pink cloud, until {{.Name}} showed the dragon how to sip water upside down.`,
	`The stars were playing connect-the-dots, and {{.Name}} joined the dots into a brand-new picture in the sky: a smiling cat with a very long tail.`,
	`A squirrel had hidden so many nuts that it could not remember where, so {{.Name}} and {{.Pal.Name}} drew a treasure map and found every last one.`,
	`An old clock in the middle of the forest had stopped, and when {{.Name}} wound its little key, all the flowers woke just long enough to yawn goodnight.`,
	`A kangaroo with a pocket full of warm socks handed {{.Name}} a pair with stars on the toes, just right for chilly dream feet.`,
	`{{.Name}} helped a family of beavers finish a cozy house by the pond, passing up sticks until the last one was in place and the baby beavers cheered.`,
	`A polar bear felt far too warm in the summer meadow, so {{.Name}} and {{.Pal.Name}} scooped a little hill of snow from a cloud, and the bear lay down on it with a happy sigh.`,
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
