import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { Bell } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { messageOf } from '@/lib/errors'
import { useConfirmAlert } from '../api/notify'

/** /back-in-stock/confirm?token=: the visitor's address waits for the book from now on. */
export function ConfirmAlertPage({ token, bookPath }: { token: string; bookPath: (id: number) => string }) {
  const confirm = useConfirmAlert()
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
          <Bell className="size-10 text-tiger-700" aria-hidden="true" />
          <CardTitle>{confirm.isSuccess ? "We'll tell you when it's back" : 'Confirming…'}</CardTitle>
          {confirm.isSuccess && (
            <CardDescription>
              {confirm.data.title ? `As soon as “${confirm.data.title}” is back on our shelves` : 'As soon as the book is back'}, we will send you one
              e-mail, then forget your address.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!token && <Alert tone="error">This link is not complete. Please open the link from the e-mail again.</Alert>}
          {confirm.isError && <Alert tone="error">{messageOf(confirm.error)}</Alert>}
          {confirm.isSuccess && (
            <Button asChild variant="outline">
              <Link to={bookPath(confirm.data.bookId)}>Back to the book</Link>
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
