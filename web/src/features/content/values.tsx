import { BookOpenCheck, Brain, Gem, HeartHandshake, type LucideIcon } from 'lucide-react'
import { CharacterPortrait, characters } from '@/components/art/characters'
import { brand } from '@/config/brand'
import { facts } from './facts'

const beliefs: { title: string; text: string; icon: LucideIcon; tone: string }[] = [
  {
    title: 'Empowering Young Minds',
    text: 'Children are not just listeners: they choose the path. Every decision they make in a story builds confidence, curiosity and a love of thinking for themselves.',
    icon: Brain,
    tone: 'bg-tiger-100 text-tiger-700',
  },
  {
    title: 'Inclusive Storytelling',
    text: 'Every child deserves to see themselves in a story. Our friends come from all walks of the jungle, and our tales celebrate different families, cultures and feelings.',
    icon: HeartHandshake,
    tone: 'bg-berry-100 text-berry-700',
  },
  {
    title: 'Educational Value',
    text: 'Counting carrots, solving mysteries, naming big feelings: learning is tucked into every adventure, shaped with teachers and child-development experts.',
    icon: BookOpenCheck,
    tone: 'bg-leaf-100 text-leaf-700',
  },
  {
    title: 'Quality First',
    text: 'Sturdy pages, careful words and hand-drawn pictures. We read every book aloud dozens of times before it reaches your shelf.',
    icon: Gem,
    tone: 'bg-grape-100 text-grape-700',
  },
]

const team = [
  { name: 'Hannah Lindqvist', role: 'Founder & Storyteller', character: 'siso' as const, portrait: '/illustrations/team-hannah.svg', text: 'Wrote the first Siso story at her kitchen table in 2010 and has not stopped since.' },
  { name: 'Amara Okafor', role: 'Head of Stories', character: 'nainni' as const, portrait: '/illustrations/team-amara.svg', text: 'Former primary-school teacher who makes sure every tale is fun to read aloud.' },
  { name: 'Tomás Ferreira', role: 'Illustration Lead', character: 'lizzie' as const, portrait: '/illustrations/team-tomas.svg', text: 'Draws every stripe, whisker and scale, usually with a cup of cocoa nearby.' },
  { name: 'Grace Mwangi', role: 'Learning & Wellbeing', character: 'feefee' as const, portrait: '/illustrations/team-grace.svg', text: 'Child psychologist who helps our stories name big feelings gently.' },
]

/** Our Values: About, Beliefs and Team. */
export function Values() {
  return (
    <div className="space-y-16">
      <section aria-labelledby="values-about" className="grid items-center gap-8 rounded-[2rem] bg-gradient-to-br from-sun-100 via-tiger-50 to-berry-100 p-6 sm:p-10 md:grid-cols-[1fr_auto]">
        <div>
          <h2 id="values-about" className="text-3xl font-bold">
            About
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink/85">
            Since {facts.founded}, {brand.name} has made interactive storybooks for children aged {facts.ages}. We believe a story is most magical when the reader helps
            write it: that is why every one of our books has {facts.storyPaths} paths to explore, and why Siso and friends keep growing with every family that reads with
            them.
          </p>
        </div>
        <div className="flex justify-center -space-x-4" aria-hidden="true">
          {characters.map((c) => (
            <span key={c.id} className={`${c.color} flex size-16 items-center justify-center rounded-full border-4 border-white shadow-md sm:size-20`}>
              <CharacterPortrait id={c.id} className="size-12 sm:size-16" />
            </span>
          ))}
        </div>
      </section>

      <section aria-labelledby="values-beliefs">
        <h2 id="values-beliefs" className="text-3xl font-bold">
          Beliefs
        </h2>
        <p className="mt-2 max-w-2xl text-lg text-muted">Four promises we make to every child who opens one of our books.</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2">
          {beliefs.map((b) => (
            <li key={b.title} className="rounded-3xl border-2 border-line bg-white p-6 shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
              <span className={`flex size-14 items-center justify-center rounded-2xl ${b.tone}`}>
                <b.icon className="size-7" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-2xl font-semibold">{b.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{b.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-team">
        <h2 id="values-team" className="text-3xl font-bold">
          Team
        </h2>
        <p className="mt-2 max-w-2xl text-lg text-muted">A small team of writers, artists and teachers who still giggle at their own stories.</p>
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {team.map((m) => {
            const color = characters.find((c) => c.id === m.character)?.color ?? 'bg-tiger-100'
            return (
              <li key={m.name} className="flex flex-col items-center rounded-3xl border-2 border-line bg-white p-6 text-center shadow-sm">
                <span className={`${color} flex size-28 items-end justify-center overflow-hidden rounded-full`}>
                  <img src={m.portrait} width={160} height={160} alt={`Portrait of ${m.name}`} loading="lazy" className="size-28" />
                </span>
                <h3 className="mt-4 text-xl font-semibold">{m.name}</h3>
                <p className="text-sm font-extrabold text-tiger-700">{m.role}</p>
                <p className="mt-2 text-sm leading-relaxed text-muted">{m.text}</p>
              </li>
            )
          })}
        </ul>
      </section>
    </div>
  )
}
