import { Clock, MapPin, Sparkles } from 'lucide-react'
import { Link } from 'react-router'
import { CharacterPortrait } from '@/components/art/characters'
import { Button } from '@/components/ui/button'
import { brand } from '@/config/brand'
import { paths } from '@/config/paths'
import { facts } from './facts'
import { StoreHours } from '@/components/store-hours'

const values = [
  { title: 'Imagination', text: 'Stories where children choose what happens next.' },
  { title: 'Kindness', text: 'Friends who share, say sorry and help each other.' },
  { title: 'Curiosity', text: 'Learning hidden in every page and every game.' },
  { title: 'Quality', text: 'Books built to be read a hundred times.' },
]

/** About: our story, values, visiting the shop and an illustrated map. */
export function About() {
  return (
    <div className="space-y-12">
      <section className="grid items-center gap-8 md:grid-cols-[1fr_18rem]">
        <div className="space-y-4 text-lg leading-relaxed text-ink/85">
          <p className="inline-flex items-center gap-2 rounded-full bg-sun-100 px-4 py-1.5 text-sm font-extrabold text-tiger-800">
            <Sparkles className="size-4" aria-hidden="true" /> Founded in {facts.founded}
          </p>
          <h2 className="text-3xl font-bold">Our story</h2>
          <p>
            {brand.name} began in {facts.founded} with one bedtime story about a little tiger who lost a stripe. The children who heard it kept asking &ldquo;and then what
            happened?&rdquo;, so we let them decide. That question turned into a small publisher of interactive storybooks for children aged {facts.ages}, each with{' '}
            {facts.storyPaths} story paths to explore.
          </p>
          <p>
            Today Siso the tiger and his friends Nainni, Lizzie and FeeFee live in homes and classrooms around the world, and our little shop in Maple Grove is still
            where every new adventure starts.
          </p>
        </div>
        <div className="relative mx-auto flex size-64 items-center justify-center rounded-full bg-tiger-100 shadow-inner" aria-hidden="true">
          <CharacterPortrait id="siso" className="size-48" />
          <span className="absolute -right-2 top-4 rotate-12 rounded-full bg-white px-3 py-1 font-display text-sm font-semibold text-tiger-700 shadow">Hi there!</span>
        </div>
      </section>

      <section aria-labelledby="about-values">
        <h2 id="about-values" className="text-3xl font-bold">
          What we value
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((v, i) => (
            <li key={v.title} className={`rounded-3xl p-5 ${['bg-tiger-100', 'bg-berry-100', 'bg-leaf-100', 'bg-sky-100'][i]}`}>
              <h3 className="text-xl font-semibold">{v.title}</h3>
              <p className="mt-1 text-ink/80">{v.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <Link to={paths.values} className="font-bold text-tiger-700 underline-offset-4 hover:underline">
            Read more about our values &rarr;
          </Link>
        </p>
      </section>

      <section aria-labelledby="about-visit" className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-6 rounded-3xl border-2 border-line bg-white p-6 shadow-sm sm:p-8">
          <h2 id="about-visit" className="text-3xl font-bold">
            Visit our shop
          </h2>
          <div className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-tiger-100 text-tiger-700">
              <MapPin className="size-5" aria-hidden="true" />
            </span>
            <address className="not-italic leading-relaxed">
              <span className="font-bold">{brand.name}</span>
              <br />
              {facts.address.street}
              <br />
              {facts.address.city}
              <br />
              {facts.address.country}
            </address>
          </div>
          <div className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-leaf-100 text-leaf-700">
              <Clock className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h3 className="text-lg font-semibold">Store hours</h3>
              <StoreHours hours={facts.hours} className="mt-1 grid-cols-[auto_auto] gap-y-1" />
            </div>
          </div>
          <Button asChild>
            <Link to={paths.contact}>Contact Us</Link>
          </Button>
        </div>
        <ShopMap />
      </section>
    </div>
  )
}

/** An SVG map instead of an embedded one: no third-party requests, no tracking. */
function ShopMap() {
  return (
    <figure className="overflow-hidden rounded-3xl border-2 border-line bg-leaf-100">
      <img src="/illustrations/map.svg" width={400} height={300} alt="Illustrated map: our shop on Storybook Lane, by the river and the park in Maple Grove" loading="lazy" className="h-auto w-full" />
      <figcaption className="flex items-center justify-center gap-2 bg-white px-4 py-3 text-center text-sm font-bold">
        <MapPin className="size-5 shrink-0 text-tiger-700" aria-hidden="true" />
        {facts.address.street}, {facts.address.city}
      </figcaption>
    </figure>
  )
}
