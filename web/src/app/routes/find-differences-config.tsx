import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { DifferencePairsEditor } from '@/features/games/components/difference-pairs-editor'
import { useLocalDifferencePairs } from '@/features/games/components/config-store'

/** The player-side difference pair screen: kept in this browser only (differencePairs). */
export default function FindDifferencesConfigPage() {
  const store = useLocalDifferencePairs()
  return (
    <Page title="My Image Pairs" intro="Add up to three picture pairs of your own and mark up to five differences on each. They are kept in this browser and played beside the shop's own.">
      <Link to={paths.findDifferences} className="mb-6 inline-flex items-center gap-2 font-bold text-tiger-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the game
      </Link>
      <DifferencePairsEditor store={store} />
    </Page>
  )
}
