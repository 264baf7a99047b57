import { BookOpen, Palette, Sparkles, Globe2, Search, Images } from 'lucide-react'
import { Link } from 'react-router'
import { CharacterPortrait, characters } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { NewsletterSection } from './home-newsletter'

export default function HomePage() {
  return (
    <>
      <Hero />
      <CharactersSection />
      <GamesSection />
      <DreamakerSection />
      <NewsletterSection />
    </>
  )
}

function Hero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-sun-100 via-tiger-50 to-berry-100">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 md:py-20 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white/80 px-4 py-1.5 text-sm font-extrabold text-tiger-700 shadow-sm">
            <Sparkles className="size-4" /> New interactive storybook
          </p>
          <h1 className="mt-5 text-5xl font-bold leading-tight text-tiger-800 sm:text-6xl">Our First Adventure</h1>
          <p className="mt-4 max-w-lg text-xl text-ink/80">A magical journey where you choose what happens next!</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to={paths.book(3)}>Buy Now</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={paths.books}>Browse all books</Link>
            </Button>
          </div>
        </div>
        <div className="relative mx-auto w-full max-w-md" aria-hidden="true">
          <div className="absolute -left-6 top-6 size-40 rounded-full bg-sun-300/60 blur-2xl" />
          <div className="absolute -right-4 bottom-4 size-40 rounded-full bg-leaf-100 blur-2xl" />
          <div className="relative grid grid-cols-2 gap-4 rotate-2">
            {characters.map((c, i) => (
              <div key={c.id} className={`${c.color} flex aspect-square items-center justify-center rounded-3xl border-4 border-white shadow-lg ${i % 2 ? 'translate-y-6' : ''}`}>
                <CharacterPortrait id={c.id} className="size-3/4" />
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  )
}

function SectionHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 className="text-3xl font-bold sm:text-4xl">{title}</h2>
      <p className="mt-3 text-lg text-muted">{intro}</p>
    </div>
  )
}

function CharactersSection() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <SectionHeading title="Meet the Characters" intro="Four best friends who turn every page into an adventure." />
      <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
        {characters.map((c) => (
          <li key={c.id}>
            <Link
              to={paths.character(c.id)}
              className="group flex h-full flex-col items-center rounded-3xl border-2 border-line bg-white p-5 text-center shadow-sm transition hover:-translate-y-1 hover:shadow-lg"
            >
              <span className={`${c.color} flex size-28 items-center justify-center rounded-full transition group-hover:scale-105 sm:size-32`}>
                <CharacterPortrait id={c.id} className="size-24 sm:size-28" />
              </span>
              <span className="mt-4 font-display text-xl font-semibold">{c.name}</span>
              <span className="text-sm font-bold text-tiger-700">{c.kind}</span>
              <span className="mt-2 hidden text-sm text-muted sm:block">{c.blurb}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

function GamesSection() {
  const games = [
    { title: 'Find Objects', text: 'Help Siso tidy the forest by spotting the hidden litter before time runs out.', to: paths.findObjects, icon: Search, color: 'bg-leaf-100 text-leaf-700' },
    { title: 'Find Differences', text: 'Two pictures, five sneaky changes. Can you spot them all?', to: paths.findDifferences, icon: Images, color: 'bg-grape-100 text-grape-500' },
  ]
  return (
    <section className="bg-white py-16">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionHeading title="Fun & Educational Games" intro="Playful puzzles that sharpen eyes and minds." />
        <div className="grid gap-6 md:grid-cols-2">
          {games.map((g) => (
            <Card key={g.title} className="flex flex-col items-start gap-4 p-6">
              <span className={`flex size-14 items-center justify-center rounded-2xl ${g.color}`}>
                <g.icon className="size-7" />
              </span>
              <h3 className="text-2xl font-semibold">{g.title}</h3>
              <p className="text-muted">{g.text}</p>
              <Button asChild variant="secondary" className="mt-auto">
                <Link to={g.to}>Play Now</Link>
              </Button>
            </Card>
          ))}
        </div>
      </div>
    </section>
  )
}

function DreamakerSection() {
  const bullets = [
    { icon: Palette, text: 'Design your own characters' },
    { icon: Globe2, text: 'Build magical worlds' },
    { icon: BookOpen, text: 'Create and share stories digitally' },
  ]
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-gradient-to-br from-grape-500 to-sky-500 p-8 text-white shadow-xl md:grid-cols-2 md:p-12">
        <div>
          <p className="font-extrabold uppercase tracking-wider text-white/80">Dreamaker</p>
          <h2 className="mt-2 text-4xl font-bold text-white">Create Your Story</h2>
          <p className="mt-3 text-lg text-white/90">Make a bedtime story starring your little one and their favourite friend.</p>
          <Button asChild size="lg" className="mt-6 bg-white text-grape-700 shadow-[0_4px_0_rgba(0,0,0,0.15)] hover:bg-sun-100">
            <Link to={paths.dreamaker}>Start Creating</Link>
          </Button>
        </div>
        <ul className="space-y-4">
          {bullets.map((b) => (
            <li key={b.text} className="flex items-center gap-4 rounded-2xl bg-white/15 p-4 text-lg font-bold backdrop-blur">
              <b.icon className="size-7 shrink-0" /> {b.text}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
