import { facts } from './facts'

/** The blog's five posts (hard-coded, spec 02 §2). Images are our own SVGs in public/blog. */
export type BlogPost = {
  id: number
  title: string
  excerpt: string
  author: string
  date: string // ISO date
  category: string
  image: string
  imageAlt: string
}

export const blogPosts: BlogPost[] = [
  {
    id: 1,
    title: '5 Ways to Make Bedtime Stories Magical',
    excerpt: 'Funny voices, a cosy reading nook and letting your child choose the ending: small rituals that turn story time into the best part of the day.',
    author: 'Hannah Lindqvist',
    date: '2025-11-20',
    category: 'Reading Tips',
    image: '/blog/bedtime-stories.svg',
    imageAlt: 'Moon and stars over an open book',
  },
  {
    id: 2,
    title: 'Why Choose-Your-Path Stories Build Confidence',
    excerpt: `When children decide what happens next, they practise making choices in a safe place. Here is what we have learned since we began writing branching stories in ${facts.founded}.`,
    author: 'Grace Mwangi',
    date: '2025-10-08',
    category: 'Learning',
    image: '/blog/choose-your-path.svg',
    imageAlt: 'A path forking into two ways with a signpost',
  },
  {
    id: 3,
    title: 'Building a Home Library on a Budget',
    excerpt: 'You do not need a whole wall of shelves. A dozen well-loved books, a library card and a basket by the sofa go a very long way.',
    author: 'Amara Okafor',
    date: '2025-09-02',
    category: 'Family',
    image: '/blog/reading-together.svg',
    imageAlt: 'A cosy stack of colourful books with a reading lamp',
  },
  {
    id: 4,
    title: 'Counting Carrots: Easy Maths Games in the Garden',
    excerpt: 'Nainni\u2019s favourite garden games for little counters: no worksheets needed, just a sunny afternoon and a handful of seeds.',
    author: 'Priya Raman',
    date: '2025-07-15',
    category: 'Activities',
    image: '/blog/garden-counting.svg',
    imageAlt: 'Carrots growing in a sunny garden with numbers',
  },
  {
    id: 5,
    title: 'Starting a Kindness Club with Siso',
    excerpt: 'Siso\u2019s Kindness Club began as one classroom\u2019s idea. Here is how to start your own, with printable badges and ten kind-deed ideas.',
    author: 'Tomás Ferreira',
    date: '2025-05-28',
    category: 'Kindness',
    image: '/blog/kindness-club.svg',
    imageAlt: 'Balloons and hearts floating over a hill',
  },
]

/**
 * Every /blog/{id} shows this one article (spec 02 §2). Its body is HTML and
 * goes through sanitizeHtml before it is rendered.
 */
export const article = {
  title: '5 Ways to Make Bedtime Stories Magical',
  author: 'Hannah Lindqvist',
  date: '2025-11-20',
  category: 'Reading Tips',
  image: '/blog/bedtime-stories.svg',
  imageAlt: 'Moon and stars over an open book',
  readMinutes: 4,
  html: `
<p>Bedtime stories are one of the simplest gifts we can give our children: ten quiet minutes, a warm lap and a world that fits between two covers. After years of reading with our own children (and thousands of letters from yours), here are our five favourite ways to make those minutes magical.</p>
<h2>1. Make a cosy reading nook</h2>
<p>A pile of cushions, a soft blanket and a small lamp are all you need. When the nook only comes out at story time, children start to feel sleepy and settled the moment they climb in.</p>
<h2>2. Give every character a voice</h2>
<p>Siso is loud and bouncy, Nainni whispers, Lizzie talks very fast and FeeFee speaks slowly and kindly. You do not need to be an actor: <strong>children love the effort far more than the performance</strong>.</p>
<h2>3. Let your child choose what happens next</h2>
<p>Our interactive storybooks have 4-8 story paths each. Pause at every choice and ask: <em>&ldquo;The dark forest or the singing river?&rdquo;</em> Making choices in a safe story is wonderful practice for making them in real life.</p>
<blockquote>&ldquo;My daughter insists we read every ending before we are allowed to start a new book.&rdquo; &mdash; a parent from Ohio</blockquote>
<h2>4. Talk about the pictures</h2>
<p>Ask what your child can spot: a ladybird hiding on a leaf, a stripe that has wandered off. Looking closely builds vocabulary and attention, and it is just as fun as the words.</p>
<h2>5. Keep the last page calm</h2>
<p>End with something gentle: a favourite quiet book, a song, or a made-up story where your child is the hero. If you would like a hand with that, try <a href="/dreamaker">Dream Maker</a> to create a personalised bedtime story.</p>
<ul>
<li>Keep screens away for half an hour before bed.</li>
<li>Read the same favourite again and again: repetition is comforting.</li>
<li>Most of all, enjoy it. The cuddles are the best part.</li>
</ul>
<p>Sweet dreams, and happy reading!</p>
`,
}
