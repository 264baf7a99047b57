import { useEffect, useRef, type ReactNode } from 'react'
import type { UseMutationResult } from '@tanstack/react-query'
import type { LucideIcon } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { messageOf } from '@/lib/errors'

/**
 * The page an e-mailed link opens (`?token=`): a card with the link's
 * answer. With `confirmOnOpen` it sends the token once as it opens (the
 * newsletter's and back in stock's confirmations); without, the page's own
 * button sends it (the unsubscribe page, so that mail scanners opening links
 * change nothing). A link without its token, and the server's refusal (used,
 * expired), are said above the page's own content.
 */
export function TokenLinkPage<T>({
  token,
  mutation,
  confirmOnOpen = false,
  icon: Icon,
  title,
  description,
  children,
}: {
  token: string
  mutation: UseMutationResult<T, unknown, string>
  confirmOnOpen?: boolean
  icon: LucideIcon
  title: string
  description?: ReactNode
  children?: ReactNode
}) {
  const sent = useRef(false)
  const { mutate } = mutation
  useEffect(() => {
    if (!confirmOnOpen || !token || sent.current) return
    sent.current = true
    mutate(token)
  }, [confirmOnOpen, token, mutate])
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <CardHeader>
          <Icon className="size-10 text-tiger-700" aria-hidden="true" />
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!token && <Alert tone="error">This link is not complete. Please open the link from the e-mail again.</Alert>}
          {mutation.isError && <Alert tone="error">{messageOf(mutation.error)}</Alert>}
          {children}
        </CardContent>
      </Card>
    </div>
  )
}
