import { Link } from 'react-router'
import { Heart, MailCheck, MailX } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TokenLinkPage } from '@/components/ui/token-link-page'
import { useConfirmSubscription, useUnsubscribe } from '../api/subscribe'

/**
 * The confirmation e-mail's page (/newsletter/confirm?token=): it confirms
 * once as it opens, then thanks the parent. A second visit says the link
 * was used.
 */
export function ConfirmSubscriptionPage({ token, homePath, booksPath }: { token: string; homePath: string; booksPath: string }) {
  const confirm = useConfirmSubscription()
  return (
    <TokenLinkPage
      token={token}
      mutation={confirm}
      confirmOnOpen
      icon={MailCheck}
      title={confirm.isSuccess ? 'Thank you for subscribing!' : 'Confirming your subscription…'}
      description={
        confirm.isSuccess && (
          <>
            You are on the Siso &amp; Friends newsletter now: new storybooks, reading ideas and the odd surprise, a few times a month.
            Every letter has a link to leave with one click.
          </>
        )
      }
    >
      {confirm.isSuccess && (
        <p className="flex items-center gap-2 font-bold text-tiger-800">
          <Heart className="size-5" aria-hidden="true" /> Siso, Nainni, Lizzie and FeeFee say hello!
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to={booksPath}>Browse the books</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={homePath}>Back to the home page</Link>
        </Button>
      </div>
    </TokenLinkPage>
  )
}

/**
 * A campaign's unsubscribe page (/newsletter/unsubscribe?token=): one
 * button, so that mail scanners opening links unsubscribe nobody. Mail
 * apps use the one-click POST of the List-Unsubscribe header instead.
 */
export function UnsubscribePage({ token, homePath }: { token: string; homePath: string }) {
  const unsubscribe = useUnsubscribe()
  return (
    <TokenLinkPage
      token={token}
      mutation={unsubscribe}
      icon={MailX}
      title={unsubscribe.isSuccess ? 'You are unsubscribed' : 'Leave the newsletter?'}
      description={
        unsubscribe.isSuccess
          ? 'We will not send you the newsletter again. Order e-mails still come as usual. We will miss you!'
          : 'One click and the Siso & Friends newsletter stops. Order e-mails still come as usual.'
      }
    >
      {!unsubscribe.isSuccess && token && (
        <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
          Unsubscribe
        </Button>
      )}
      <Button asChild variant="outline">
        <Link to={homePath}>Back to the home page</Link>
      </Button>
    </TokenLinkPage>
  )
}
