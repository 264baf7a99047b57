import { PermittedPage } from '@/features/admin/components/permitted-page'
import { StorybooksList } from '@/features/admin-storybooks/components/storybooks-list'

/** /admin/storybooks: the interactive editions, for owners, managers and editors. */
export default function AdminStorybooksRoute() {
  return (
    <PermittedPage
      permission="storybooks"
      title="Storybooks"
      intro="The books' interactive editions: pages, choices and endings. A draft stays here; a published storybook is read on the site."
    >
      <StorybooksList />
    </PermittedPage>
  )
}
