import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { FindObjectsGame } from '@/features/games/components/find-objects-game'

export default function FindObjectsPage() {
  return (
    <Page title="Clean Up The Forest!" intro="Someone left litter in the forest. Find every piece before the time runs out!">
      <FindObjectsGame configPath={paths.findObjectsConfig} />
    </Page>
  )
}
