import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Heart, MailCheck, MailX } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { messageOf } from '@/lib/errors'
import { useConfirmSubscription, useUnsubscribe } from '../api/subscribe'

/**
 * The confirmation e-mail's page (/newsletter/confirm?token=): it confirms
 * once as it opens, then thanks the parent. A second visit says the link
 * was used.
 */
export function ConfirmSubscriptionPage({ token, homePath, booksPath }: { token: string; homePath: string; booksPath: string }) {
  const confirm = useConfirmSubscription()
  const sent = useRef(false)
  useEffect(() => {
    if (!token || sent.current) return
    sent.current = true
    confirm.mutate(token)
  }, [token, confirm])
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <MailCheck className="size-10 text-tiger-700" aria-hidden="true" />
          <CardTitle>{confirm.isSuccess ? 'Thank you for subscribing!' : 'Confirming your subscription…'}</CardTitle>
          {confirm.isSuccess && (
            <CardDescription>
              You are on the Siso &amp; Friends newsletter now: new storybooks, reading ideas and the odd surprise, a few times a month.
              Every letter has a link to leave with one click.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!token && <Alert tone="error">This link is not complete. Please open the link from the e-mail again.</Alert>}
          {confirm.isError && <Alert tone="error">{messageOf(confirm.error)}</Alert>}
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
        </CardContent>
      </Card>
    </div>
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
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <MailX className="size-10 text-tiger-700" aria-hidden="true" />
          <CardTitle>{unsubscribe.isSuccess ? 'You are unsubscribed' : 'Leave the newsletter?'}</CardTitle>
          <CardDescription>
            {unsubscribe.isSuccess
              ? 'We will not send you the newsletter again. Order e-mails still come as usual. We will miss you!'
              : 'One click and the Siso & Friends newsletter stops. Order e-mails still come as usual.'}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!token && <Alert tone="error">This link is not complete. Please open the link from the e-mail again.</Alert>}
          {unsubscribe.isError && <Alert tone="error">{messageOf(unsubscribe.error)}</Alert>}
          {!unsubscribe.isSuccess && token && (
            <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
              Unsubscribe
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={homePath}>Back to the home page</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
