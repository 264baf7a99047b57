import { Page } from '@/components/ui/page'
import { paths } from '@/config/paths'
import { FindDifferencesGame } from '@/features/games/components/find-differences-game'

export default function FindDifferencesPage() {
  return (
    <Page title="Find the Differences!" intro="Look closely at the two pictures and tap every place where they differ.">
      <FindDifferencesGame configPath={paths.findDifferencesConfig} />
    </Page>
  )
}
