import { ArrowLeft } from 'lucide-react'
import { Link } from 'react-router'
import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { GameImagesEditor } from '@/features/games/components/game-images-editor'
import { useLocalGameImages } from '@/features/games/components/config-store'

/** The player-side game image screen: kept in this browser only (gameImages). */
export default function FindObjectsConfigPage() {
  const store = useLocalGameImages()
  return (
    <Page title="My Game Images" intro="Add up to three pictures of your own and mark the hidden objects. They are kept in this browser and played beside the shop's own.">
      <Link to={paths.findObjects} className="mb-6 inline-flex items-center gap-2 font-bold text-tiger-700 hover:underline">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to the game
      </Link>
      <GameImagesEditor store={store} />
    </Page>
  )
}
