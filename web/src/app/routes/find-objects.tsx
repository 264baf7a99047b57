import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'
import { FindObjectsGame } from '@/features/games/components/find-objects-game'

export default function FindObjectsPage() {
  return (
    <Page title="Clean Up The Forest!" intro="Look closely and find everything on the list before the time runs out!">
      <KidModeSwitch />
      <FindObjectsGame configPath={paths.findObjectsConfig} />
    </Page>
  )
}
