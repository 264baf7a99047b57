import { BookOpen, Blocks, ChevronRight, GraduationCap, Heart, Library, RotateCcw, Search, Sprout, Telescope, WandSparkles, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Loading } from '@/components/ui/loading'
import { paths } from '@/config/paths'
import { useCategories } from '../api/get-categories'

const tints = ['bg-tiger-100', 'bg-sky-100', 'bg-grape-100', 'bg-leaf-100', 'bg-berry-100', 'bg-sun-100', 'bg-tiger-50', 'bg-sky-100']
// The site's icon set, not emoji: emoji need a font many computers lack.
const icons: Record<string, LucideIcon> = {
  fiction: BookOpen,
  'non-fiction': Telescope,
  mystery: Search,
  fantasy: WandSparkles,
  romance: Heart,
  'self-help': Sprout,
  education: GraduationCap,
  children: Blocks,
}

export function CategoriesList() {
  const categories = useCategories()
  if (categories.isPending) return <Loading label="Loading categories..." />
  if (categories.isError) {
    return (
      <Alert tone="error">
        <p className="font-bold">We couldn't load the categories.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void categories.refetch()}>
          <RotateCcw /> Try again
        </Button>
      </Alert>
    )
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {categories.data.map((c, i) => {
        const Icon = icons[c.id] ?? Library
        return (
        <li key={c.id}>
          <Link
            to={paths.category(c.id)}
            className="group flex h-full flex-col rounded-2xl border-2 border-line bg-white p-5 shadow-sm transition hover:-translate-y-1 hover:border-tiger-200 hover:shadow-lg"
          >
            <span className={`${tints[i % tints.length]} flex size-14 items-center justify-center rounded-2xl text-tiger-800`} aria-hidden="true">
              <Icon className="size-7" />
            </span>
            <h2 className="mt-4 text-xl font-bold">{c.name}</h2>
            <p className="mt-1 flex-1 text-muted">{c.description}</p>
            <p className="mt-4 flex items-center justify-between font-extrabold text-tiger-700">
              {c.count} {c.count === 1 ? 'book' : 'books'}
              <ChevronRight className="size-5 transition group-hover:translate-x-1" aria-hidden="true" />
            </p>
          </Link>
        </li>
        )
      })}
    </ul>
  )
}
