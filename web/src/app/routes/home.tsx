import { BookOpen, Palette, Sparkles, Globe2, Search, Images } from 'lucide-react'
import { Link } from 'react-router'
import { CharacterFigure, characters } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import { NewsletterSection } from './home-newsletter'

export { ready } from './home-newsletter'

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
        <HeroArt />
      </div>
    </section>
  )
}

/** 'Our First Adventure' itself, with the four friends gathered round its cover. */
function HeroArt() {
  return (
    <Link to={paths.book(3)} className="group relative mx-auto block aspect-[5/4] w-full max-w-lg" aria-label="Our First Adventure: see the book">
      <span className="absolute left-1/2 top-1/2 size-[85%] -translate-x-1/2 -translate-y-1/2 rounded-full bg-white/60" aria-hidden="true" />
      <span className="absolute left-[8%] top-[4%] size-24 rounded-full bg-sun-300/70 blur-2xl" aria-hidden="true" />
      <img
        src="/covers/book-3.svg"
        width={400}
        height={600}
        alt=""
        fetchPriority="high"
        className="absolute left-1/2 top-[2%] h-[88%] w-auto -translate-x-1/2 -rotate-3 rounded-xl border-4 border-white shadow-2xl transition group-hover:-rotate-1"
      />
      <CharacterFigure id="nainni" decorative className="absolute bottom-[14%] left-[6%] h-[40%] w-auto -rotate-3" />
      <CharacterFigure id="lizzie" decorative className="absolute bottom-[12%] right-[2%] h-[40%] w-auto rotate-3" />
      <CharacterFigure id="siso" decorative className="absolute -bottom-[2%] left-[14%] h-[46%] w-auto" />
      <CharacterFigure id="feefee" decorative className="absolute -bottom-[2%] right-[14%] h-[44%] w-auto" />
    </Link>
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
              <span className={`${c.color} flex h-36 w-full items-end justify-center overflow-hidden rounded-2xl pt-3 transition group-hover:scale-105 sm:h-44`}>
                <CharacterFigure id={c.id} decorative className="h-full w-auto" />
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
    { title: 'Find Differences', text: 'Two pictures, five sneaky changes. Can you spot them all?', to: paths.findDifferences, icon: Images, color: 'bg-grape-100 text-grape-700' },
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
      <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-gradient-to-br from-grape-700 to-[#1d4ed8] p-8 text-white shadow-xl md:grid-cols-2 md:p-12">
        <div>
          <p className="font-extrabold uppercase tracking-wider text-white">Dreamaker</p>
          <h2 className="mt-2 text-4xl font-bold text-white">Create Your Story</h2>
          <p className="mt-3 text-lg text-white/90">Make a bedtime story starring your little one and their favorite friend.</p>
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
