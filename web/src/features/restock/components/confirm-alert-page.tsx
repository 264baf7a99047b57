import { Link } from 'react-router'
import { Bell } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { TokenLinkPage } from '@/components/ui/token-link-page'
import { useConfirmAlert } from '../api/notify'

/** /back-in-stock/confirm?token=: the visitor's address waits for the book from now on. */
export function ConfirmAlertPage({ token, bookPath }: { token: string; bookPath: (id: number) => string }) {
  const confirm = useConfirmAlert()
  return (
    <TokenLinkPage
      token={token}
      mutation={confirm}
      confirmOnOpen
      icon={Bell}
      title={confirm.isSuccess ? "We'll tell you when it's back" : 'Confirming…'}
      description={
        confirm.isSuccess && (
          <>
            {confirm.data.title ? `As soon as “${confirm.data.title}” is back on our shelves` : 'As soon as the book is back'}, we will send you one
            e-mail, then forget your address.
          </>
        )
      }
    >
      {confirm.isSuccess && (
        <Button asChild variant="outline">
          <Link to={bookPath(confirm.data.bookId)}>Back to the book</Link>
        </Button>
      )}
    </TokenLinkPage>
  )
}
