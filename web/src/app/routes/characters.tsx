import { Page } from '@/components/ui/page'

export default function CharactersPage() {
  return <Page title="Meet the Characters" />
}
