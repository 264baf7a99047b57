-- The blog (internal/posts): posts written in Markdown in the back office,
-- drafts or published. body_html is the Markdown rendered and sanitized by
-- the server when a post is saved; the five posts below are seeded without
-- it, and the server renders them at start (posts.New). A later migration
-- that changes the Markdown of a post empties its body_html likewise.
-- published_at is the date the post shows; version counts saves, so a save
-- based on an older one is refused (409).
CREATE TABLE posts (
    id            SERIAL PRIMARY KEY,
    slug          TEXT NOT NULL UNIQUE,
    title         TEXT NOT NULL,
    excerpt       TEXT NOT NULL,
    author        TEXT NOT NULL,
    category      TEXT NOT NULL,
    body_markdown TEXT NOT NULL,
    body_html     TEXT NOT NULL DEFAULT '',
    read_minutes  INTEGER NOT NULL DEFAULT 1,
    cover_image   TEXT NOT NULL,
    cover_alt     TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    published_at  DATE NOT NULL,
    version       INTEGER NOT NULL DEFAULT 1,
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX posts_published ON posts (status, published_at);

INSERT INTO posts (id, slug, title, excerpt, author, category, cover_image, cover_alt, status, published_at, created_at, updated_at, body_markdown) VALUES
(1, '5-ways-to-make-bedtime-stories-magical', '5 Ways to Make Bedtime Stories Magical',
 'Funny voices, a cosy reading nook and letting your child choose the ending: small rituals that turn story time into the best part of the day.',
 'Hannah Lindqvist', 'Reading Tips', '/blog/bedtime-stories.svg', 'Moon and stars over an open book', 'published', '2025-11-20', '2025-11-20 09:00:00', '2025-11-20 09:00:00',
'Bedtime stories are one of the simplest gifts we can give our children: ten quiet minutes, a warm lap and a whole world that fits between two covers. You don''t need a special talent or a shelf of new books to make those minutes count. Here are five small rituals that families tell us turn story time into the best part of the day.

## 1. Build a cozy reading nook

A pile of pillows, a soft blanket and a small lamp are all it takes. If the nook only comes out at story time, it becomes a signal: the day is winding down, and it''s time to settle in together. Let your child help choose the spot. A corner of the bedroom, a place under the window, even a blanket fort on a Friday night will do.

## 2. Give every character a voice

Siso is loud and bouncy, Nainni whispers, Lizzie talks very fast and FeeFee speaks slowly and kindly. You don''t have to be an actor. **Children love the effort far more than the performance**, and a silly voice that cracks halfway through usually gets the biggest laugh of the night. Once your child knows the story well, invite them to do a voice or two.

## 3. Let your child choose what happens next

Pause before you turn the page and ask, "What do you think happens now?" In our choose-your-path books the story really does change: the dark forest or the singing river? Whatever they pick, go with it. Choosing in a safe, low-stakes place is good practice for choosing in real life, and children glow with pride when the story follows their lead.

> "My daughter insists we read every ending before we''re allowed to start a new book." (a parent from Ohio)

## 4. Slow down for the pictures

In a picture book, the illustrations tell half the story. Ask what your child can spot: a ladybug hiding on a leaf, a stripe that has wandered off Siso''s tail, a cloud shaped like a boat. Looking closely and naming what they see builds vocabulary and attention, and it lets a tired reader rest their voice for a moment.

## 5. Keep the last page calm

End with something gentle: a favorite quiet book, a lullaby, or a made-up story in which your child is the hero. If you''d like a hand with that last one, [Dream Maker](/dreamaker) creates a personalized bedtime story starring your little one and a friend from Siso & Friends.

A few more things that help:

- Put screens away a little while before story time, so the book gets everyone''s full attention.
- Read the same favorite again and again if that''s what your child asks for. Repetition is comforting, and they notice something new each time.
- Let story time be short on busy nights. Five happy minutes beat twenty rushed ones.
- Most of all, enjoy it. The cuddles are the best part.

Sweet dreams, and happy reading!'),

(2, 'why-choose-your-path-stories-build-confidence', 'Why Choose-Your-Path Stories Build Confidence',
 'When children decide what happens next, they practise making choices in a safe place. Here is what we have learned since we began writing branching stories in 2010.',
 'Grace Mwangi', 'Learning', '/blog/choose-your-path.svg', 'A path forking into two ways with a signpost', 'published', '2025-10-08', '2025-10-08 09:00:00', '2025-10-08 09:00:00',
'When we began writing branching stories in 2010, we expected children to love them because they''re fun. They do. But over the years, parents and teachers have told us about something else they notice: children who get to make choices in a story start to trust their own choices a little more.

## Decisions without the pressure

Real-life decisions can feel enormous when you''re five. What if you pick the wrong game at recess, or say the wrong thing to a new friend? A story is a safe place to practice. If your child sends Siso down the dark forest path and it turns out to be a muddy dead end, nothing bad has happened. You simply turn back, laugh, and try the singing river instead.

That''s the heart of it: **a choice that goes wrong in a story is an adventure, not a failure.** Children learn that choosing is something you can do again, and that changing your mind is allowed.

## Thinking before turning the page

At each fork in our interactive storybooks, we encourage a short pause. Ask your child:

- What do you think will happen if we go this way?
- How might Nainni feel about that?
- Which way would you choose if you were FeeFee?

These little questions invite children to predict, to imagine how someone else feels and to explain their reasons out loud. There are no wrong answers, only different stories.

## Owning the outcome

When a child chooses the path, the ending belongs to them. You''ll often hear "I made that happen!" at the last page. That sense of ownership is a quiet kind of confidence. It''s also why so many children want to read again straight away, to find out what their other choices would have done.

## Learning that everyone chooses differently

Reading a branching story with a sibling or a friend brings a lesson of its own. One child wants the river, the other wants the forest. Taking turns, or agreeing on a path together, is practice in listening and compromise. And discovering that a brother''s favorite ending isn''t yours is a gentle way to learn that people see things differently, and that''s fine.

## Tips for reading together

- Let your child make the choice, even when you can guess it leads somewhere silly.
- Resist the urge to steer. If you must, ask a question rather than give an answer.
- When an ending disappoints them, ask what they would change next time.
- Keep a list of the endings you''ve found. Our books have between four and eight paths each, and finding them all becomes a game of its own.

Confidence grows from small moments of "I decided, and it was okay." A choose-your-path story gives children lots of those moments, curled up next to someone who loves them.'),

(3, 'building-a-home-library-on-a-budget', 'Building a Home Library on a Budget',
 'You do not need a whole wall of shelves. A dozen well-loved books, a library card and a basket by the sofa go a very long way.',
 'Amara Okafor', 'Family', '/blog/reading-together.svg', 'A cosy stack of colourful books with a reading lamp', 'published', '2025-09-02', '2025-09-02 09:00:00', '2025-09-02 09:00:00',
'A home library doesn''t need a whole wall of shelves. What matters is that books are close at hand, easy to reach and part of everyday life. Here''s how to build one your children will love without spending much at all.

## Start with a dozen well-loved books

Quality beats quantity. Ten or twelve books your child asks for again and again are worth more than a hundred that sit untouched. Aim for a mix: a few picture books for reading together, a book of poems or rhymes, something about animals or how things work, and one or two stories just a little above your child''s level to grow into.

## Get to know your public library

A library card is the best deal in town. Most libraries let children borrow a whole stack of books at once, and librarians are wonderful at finding the next book for a reader who has just fallen in love with dinosaurs or detectives. Make the library a regular outing, every week or two, and let your child choose most of the books. Many libraries also run free story times, a lovely way to meet other families.

## Hunt for secondhand treasures

Thrift stores, yard sales and library book sales are full of children''s books in good condition, often for a dollar or less. Keep a short wish list on your phone so you recognize a bargain when you see one. Book swaps with friends, school swaps and the little free libraries in your neighborhood will refresh your shelves for nothing.

## Make it visible

Children read what they can see. A basket by the sofa, a low shelf in the bedroom or a narrow ledge with the covers facing out all invite small hands to pick a book. Rotate a few books in and out every couple of weeks so the basket always holds something that feels new.

## Let your child help curate

Give your child a say in what goes on the shelf. Let them sort books by color, by favorite character, or into "happy books" and "brave books." When children help organize their library, they feel it belongs to them, and they''re far more likely to use it.

## Choose books that last

When you do buy new, pick books that can be read more than one way. Board books survive toddlers; books with hidden details reward a second look; and choose-your-path stories like ours have several endings, so one book can feel like many.

## A few more budget tips

- Ask relatives for books, or a bookstore gift card, for birthdays and holidays.
- Write your child''s name and the date inside a gift book. It becomes a keepsake.
- Keep a library bag by the front door so borrowed books go back on time and late fees never eat into your budget.
- Borrow audiobooks from the library for long car rides.

The best home library is the one that gets used. Start small, keep it close, and let it grow along with your reader.'),

(4, 'counting-carrots-easy-maths-games-in-the-garden', 'Counting Carrots: Easy Maths Games in the Garden',
 'Nainni’s favourite garden games for little counters: no worksheets needed, just a sunny afternoon and a handful of seeds.',
 'Priya Raman', 'Activities', '/blog/garden-counting.svg', 'Carrots growing in a sunny garden with numbers', 'published', '2025-07-15', '2025-07-15 09:00:00', '2025-07-15 09:00:00',
'Nainni the rabbit has a vegetable patch, and she''s very serious about counting her carrots. These are her favorite garden games for little counters. You don''t need worksheets, a big yard or a green thumb: a sunny afternoon, a few pots and a handful of seeds are plenty. A balcony or a trip to the park works just as well.

## 1. The carrot count

Plant a row of carrot seeds (or radishes, which sprout much faster) and count them together as you go: one seed, two seeds, three. When the first shoots appear, count again. How many came up? How many are still sleeping? Younger children practice counting objects one by one; older ones can work out the difference.

## 2. Pebble patterns

Collect pebbles, leaves and petals and lay a pattern along the edge of a path: pebble, leaf, pebble, leaf. Ask your child what comes next, then let them invent a pattern for you to finish. Spotting and continuing patterns is one of the building blocks of math, and it looks lovely too.

## 3. Measuring up

Choose a sunflower or a bean plant and measure it every week with a piece of string, a ruler or your child''s hand spans. Keep a chart on the fridge. Is it taller than last week? Taller than your child? Which week did it grow the most? Children love watching the line climb, and they get real practice comparing and measuring.

## 4. Bug hunt tally

Give your child a notebook and go on a bug hunt. Every time you spot a ladybug, a snail or an ant, make a tally mark. Group the marks in fives and count them up at the end. Which creature won? A gentle rule for every hunt: look, count, and leave the bugs where you found them.

## 5. Seed sharing

Pour out a small pile of seeds and ask your child to share them fairly among three pots. What happens when there''s one left over? Sharing out equally is early division, and leftovers spark great conversations. Strawberries at snack time work too, and tend to hold everyone''s attention.

## 6. Shape spotting

Look for shapes around the garden: a round flower, a leaf like a triangle, the rectangle of a raised bed, the spiral of a snail shell. Take turns calling out a shape for the other person to find.

## Keeping it playful

- Follow your child''s lead. If they''d rather count worms than carrots, count worms.
- Use real words like "more," "fewer," "longer" and "half," and let your child use them too.
- Stop while it''s still fun. Ten happy minutes are better than a long lesson.
- Bring a book outside. Many picture books have things to count on every page.

By the end of the summer you may have a few carrots, and you''ll certainly have a child who knows that numbers are everywhere, even in the dirt. Nainni would be very proud.'),

(5, 'starting-a-kindness-club-with-siso', 'Starting a Kindness Club with Siso',
 'Siso’s Kindness Club began as one classroom’s idea. Here is how to start your own, with printable badges and ten kind-deed ideas.',
 'Tomás Ferreira', 'Kindness', '/blog/kindness-club.svg', 'Balloons and hearts floating over a hill', 'published', '2025-05-28', '2025-05-28 09:00:00', '2025-05-28 09:00:00',
'Siso''s Kindness Club began in one first-grade classroom, when a teacher asked her students what Siso the tiger would do to make someone''s day better. The children came up with so many ideas that they started writing them down, and the club was born. You can start one at home, with a few friends from the neighborhood or in your child''s class.

## What a kindness club is

A kindness club is a small group that meets regularly to plan kind things, do them and then talk about how it went. It can be as simple as a family meeting on Sunday evenings. The point isn''t to be perfect. It''s to notice kindness, practice it and celebrate it together.

## Getting started

1. **Pick a name and a time.** "Siso''s Kindness Club" works, but let the children choose. Once a week is plenty.
2. **Make badges.** Print a page of large circles, or trace around a cup, and let each member design a badge with their name, a tiger stripe and a heart. A safety pin or a piece of tape turns it into something to wear proudly.
3. **Start a kindness jar.** Every time someone does a kind deed, they write or draw it on a slip of paper and drop it in. Reading the slips aloud at the next meeting is often the best part.
4. **Keep it small and local.** Kindness means most when children can see what it does for the people around them.

## Ten kind-deed ideas to try

1. Draw a picture or write a note for a grandparent, a neighbor or a friend who lives far away.
2. Make a thank-you card for someone who helps your family, like a mail carrier, a teacher or a librarian.
3. Invite someone new to join a game at the playground.
4. Help set the table or tidy up without being asked.
5. Pass a book you''ve outgrown on to a younger child or a little free library.
6. Water a neighbor''s plants, or pick up litter in the park with a grown-up.
7. Read a story to a younger brother, sister or cousin.
8. Leave a cheerful message in chalk on the sidewalk for people walking by.
9. Give one specific, honest compliment to each person at dinner.
10. Put together a small care package for a local shelter, after asking what they need.

## Talking about it

At each meeting, ask: What kind thing did you do? How did the other person react? How did it make you feel? Children often discover that kindness feels good on both sides. It''s fine to talk about the times when being kind was hard, too, like sharing something special or including someone who isn''t a close friend.

## Reading together

Stories are a wonderful way to start conversations about kindness. In our books, Siso, Nainni, Lizzie and FeeFee often have to choose between the easy thing and the kind thing. Pause and ask your child what they would do. Those little talks can be the seeds of a club all their own.

Be kind, and have fun!');

-- The ids above were given, so the sequence starts after them.
SELECT setval('posts_id_seq', (SELECT MAX(id) FROM posts));
