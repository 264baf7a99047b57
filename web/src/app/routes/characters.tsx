import { Page } from '@/components/ui/page'
import { CharacterGallery } from '@/features/content/characters'

export default function CharactersPage() {
  return (
    <Page title="Meet the Characters" intro="Four best friends, one big jungle, and an adventure on every page.">
      <CharacterGallery />
    </Page>
  )
}
