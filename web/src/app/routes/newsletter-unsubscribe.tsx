import { useSearchParams } from 'react-router'
import { paths } from '@/config/paths'
import { UnsubscribePage } from '@/features/newsletter/components/link-pages'

/** /newsletter/unsubscribe?token=: a campaign's unsubscribe link (its POST is the one-click unsubscribe). */
export default function NewsletterUnsubscribeRoute() {
  const [params] = useSearchParams()
  return <UnsubscribePage token={params.get('token') ?? ''} homePath={paths.home} />
}
