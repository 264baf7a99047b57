import { Page } from '@/components/ui/page'
import { scrollToChildren } from '@/config/navigation'
import { paths } from '@/config/paths'
import { DreamMaker } from '@/features/dreams'

export default function DreamakerPage() {
  return (
    <Page title="Dream Maker" intro="Create a personalized dream story for your little one!">
      <DreamMaker profilePath={paths.profile} profileState={scrollToChildren} />
    </Page>
  )
}
