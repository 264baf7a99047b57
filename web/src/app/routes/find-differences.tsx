import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { KidModeSwitch } from '@/features/kid-mode/kid-mode-switch'
import { FindDifferencesGame } from '@/features/games/components/find-differences-game'

export default function FindDifferencesPage() {
  return (
    <Page title="Find the Differences!" intro="Look closely at the two pictures and tap every place where they differ.">
      <KidModeSwitch />
      <FindDifferencesGame configPath={paths.findDifferencesConfig} />
    </Page>
  )
}
