import { BookOpen } from 'lucide-react'
import { Link } from 'react-router'
import { CharacterFigure, CharacterPortrait, characters, type CharacterId } from '@/components/art/characters'
import { paths } from '@/config/paths'

/** Each friend's longer story and the three books they appear in (fixed list, book ids from the catalogue). */
const details: Record<CharacterId, { description: string; loves: string; appearsIn: { id: number; title: string }[]; ring: string; accent: string }> = {
  siso: {
    description:
      'Siso is a young tiger with more curiosity than stripes. He is always first to say "let\u2019s find out!", and sometimes first to get into a muddle too. But Siso never gives up, and he always makes sure nobody gets left behind.',
    loves: 'Climbing the tallest trees, loud songs and mango pancakes.',
    appearsIn: [
      { id: 1, title: 'Siso and the Stripe That Got Away' },
      { id: 3, title: 'Our First Adventure' },
      { id: 7, title: 'Kind Words, Warm Hearts' },
    ],
    ring: 'border-tiger-300',
    accent: 'text-tiger-700',
  },
  nainni: {
    description:
      'Nainni is a gentle rabbit who notices the tiny wonders everyone else hops past: a ladybird on a leaf, a cloud shaped like a carrot. She loves counting things, tending her garden and telling bedtime stories to her friends.',
    loves: 'Her vegetable garden, counting everything and starry nights.',
    appearsIn: [
      { id: 2, title: 'Nainni Counts the Carrots' },
      { id: 3, title: 'Our First Adventure' },
      { id: 6, title: 'The Night the Stars Fell into the Pond' },
    ],
    ring: 'border-berry-500/40',
    accent: 'text-berry-700',
  },
  lizzie: {
    description:
      'Lizzie is a quick-thinking lizard with a fact for every occasion and a magnifying glass always in her pocket. When something goes missing in the valley, Lizzie is on the case, and she loves showing young detectives how to spot the clues.',
    loves: 'Sunny rocks, mysteries and her favorite straw sun hat.',
    appearsIn: [
      { id: 4, title: 'Lizzie and the Case of the Missing Sun Hat' },
      { id: 3, title: 'Our First Adventure' },
      { id: 6, title: 'The Night the Stars Fell into the Pond' },
    ],
    ring: 'border-leaf-500/40',
    accent: 'text-leaf-700',
  },
  feefee: {
    description:
      'FeeFee is the biggest animal in the savanna and the softest heart too. She never forgets a friend, and although thunder and the dark still make her tremble, she is learning that being brave means taking one small step at a time.',
    loves: 'Splashing in the river, big hugs and remembering birthdays.',
    appearsIn: [
      { id: 5, title: 'FeeFee Is Brave Enough' },
      { id: 3, title: 'Our First Adventure' },
      { id: 8, title: 'Where Do Elephants Sleep?' },
    ],
    ring: 'border-sky-500/40',
    accent: 'text-sky-700',
  },
}

/** Quick links to each friend, then one section per friend, anchored by id (siso, nainni, lizzie, feefee). */
export function CharacterGallery() {
  return (
    <>
      <nav aria-label="Characters" className="mb-10 flex flex-wrap gap-3">
        {characters.map((c) => (
          <Link key={c.id} to={paths.character(c.id)} className={`${c.color} flex items-center gap-2 rounded-full py-1.5 pl-1.5 pr-4 font-bold shadow-sm transition hover:-translate-y-0.5 hover:shadow-md`}>
            <span className="flex size-9 items-center justify-center rounded-full bg-white" aria-hidden="true">
              <CharacterPortrait id={c.id} className="size-8" />
            </span>
            {c.name}
          </Link>
        ))}
      </nav>
      <div className="space-y-10">
        {characters.map((c, i) => {
          const d = details[c.id]
          return (
            <section
              key={c.id}
              id={c.id}
              aria-labelledby={`${c.id}-name`}
              // scroll-mt keeps the name clear of the sticky header when arriving from /characters#id.
              className={`scroll-mt-28 grid items-center gap-6 overflow-hidden rounded-[2rem] border-4 ${d.ring} bg-white p-6 shadow-sm sm:p-8 md:gap-10 ${i % 2 ? 'md:grid-cols-[1fr_16rem]' : 'md:grid-cols-[16rem_1fr]'}`}
            >
              <div className={`${c.color} mx-auto flex h-64 w-52 items-end justify-center overflow-hidden rounded-[2rem] pt-4 sm:h-72 sm:w-64 ${i % 2 ? 'md:order-last' : ''}`}>
                <CharacterFigure id={c.id} className="h-full w-auto" />
              </div>
              <div>
                <h2 id={`${c.id}-name`} className="text-4xl font-bold">
                  {c.name} <span className={`font-semibold ${d.accent}`}>{c.kind}</span>
                </h2>
                <p className="mt-4 text-lg leading-relaxed text-ink/85">{d.description}</p>
                <p className="mt-3 text-ink/80">
                  <span className="font-bold">Loves: </span>
                  {d.loves}
                </p>
                <h3 className="mt-6 text-lg font-semibold">Appears in</h3>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {d.appearsIn.map((book) => (
                    <li key={book.id}>
                      <Link to={paths.book(book.id)} className="inline-flex items-center gap-2 rounded-full border-2 border-line bg-cream px-3 py-1.5 text-sm font-bold transition hover:border-tiger-300 hover:bg-tiger-50">
                        <BookOpen className="size-4 text-tiger-700" aria-hidden="true" />
                        {book.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            </section>
          )
        })}
      </div>
    </>
  )
}
