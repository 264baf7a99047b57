import { BookHeart, Images, Search } from 'lucide-react'
import { Link } from 'react-router'
import { Card } from '@/components/ui/card'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'

const activities = [
  { to: paths.findObjects, title: 'Find Hidden Objects', text: 'Search the forest picture for things that do not belong.', icon: Search, color: 'bg-leaf-100 text-leaf-700' },
  { to: paths.findDifferences, title: 'Spot the Differences', text: 'Compare two pictures and find every change.', icon: Images, color: 'bg-grape-100 text-grape-700' },
  { to: paths.dreamaker, title: 'Story Creator', text: 'Make a personalized bedtime story with Dream Maker.', icon: BookHeart, color: 'bg-berry-100 text-berry-700' },
]

export default function ActivitiesPage() {
  return (
    <Page title="Activities" intro="Games and story-making for curious young minds.">
      <KidModeSwitch />
      <ul className="grid gap-6 md:grid-cols-3">
        {activities.map((a) => (
          <li key={a.to}>
            <Link to={a.to} className="block h-full">
              <Card className="h-full p-6 transition hover:-translate-y-1 hover:shadow-lg">
                <span className={`flex size-14 items-center justify-center rounded-2xl ${a.color}`}>
                  <a.icon className="size-7" />
                </span>
                <h2 className="mt-4 text-2xl font-semibold">{a.title}</h2>
                <p className="mt-2 text-muted">{a.text}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  )
}
