import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { Pencil, TicketPercent } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Form, FormDescription, InputField, SelectField } from '@/components/ui/form'
import { ListResults } from '@/components/ui/list-controls'
import { StaleSaveAlerts, useStaleSave } from '@/components/ui/stale-save'
import { ApiError } from '@/lib/api'
import { cn } from '@/lib/cn'
import { messageOf } from '@/lib/errors'
import { formatCents } from '@/lib/money'
import { adminDiscountsQueryOptions, useAdminDiscounts, useCreateDiscount, useUpdateDiscount } from '../api/discounts'
import { datesText, discountFieldsOf, discountSchema, discountValuesOf, emptyDiscount, formFieldOf, reductionText, statusOf, type DiscountValues } from '../discount-form'
import type { Discount } from '../types'

const labels: Record<keyof DiscountValues, string> = {
  code: 'Code',
  kind: 'Kind',
  value: 'Amount off',
  minimum: 'Minimum subtotal',
  firstDay: 'First day',
  lastDay: 'Last day',
  usageLimit: 'Use limit',
  oncePerCustomer: 'Once per customer',
  active: 'Active',
}

/** /admin/discounts: the codes buyers type in the cart, their rules and how often they were used. */
export function DiscountsPage() {
  const discounts = useAdminDiscounts()
  const [adding, setAdding] = useState(false)
  const [editing, setEditing] = useState<number | null>(null)
  return (
    <div className="space-y-6">
      {adding ? (
        <DiscountForm onDone={() => setAdding(false)} />
      ) : (
        <Button onClick={() => setAdding(true)}>
          <TicketPercent aria-hidden="true" /> New discount code
        </Button>
      )}
      <ListResults
        query={discounts}
        loading="Loading the discount codes..."
        what="the discount codes"
        isEmpty={(data) => data.length === 0}
        empty={{ icon: TicketPercent, title: 'No discount codes yet', description: 'Make the first one: buyers type it in the cart.' }}
      >
        {/* Cards at every width: a code opens its form in place, which a table row could not hold. */}
        {(data) => (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Discount codes">
            {data.map((d) => (
              <li key={d.id} className="rounded-2xl border-2 border-line bg-white p-5">
                {editing === d.id ? <DiscountForm discount={d} onDone={() => setEditing(null)} /> : <DiscountCard discount={d} onEdit={() => setEditing(d.id)} />}
              </li>
            ))}
          </ul>
        )}
      </ListResults>
    </div>
  )
}

const tones: Record<ReturnType<typeof statusOf>, string> = {
  Active: 'bg-leaf-100 text-leaf-700',
  Off: 'bg-line text-ink/80',
  Scheduled: 'bg-sky-100 text-sky-700',
  Expired: 'bg-berry-100 text-berry-700',
  'Used up': 'bg-tiger-100 text-tiger-800',
}

function DiscountCard({ discount: d, onEdit }: { discount: Discount; onEdit: () => void }) {
  const status = statusOf(d, new Date())
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="break-all font-display text-xl font-bold">{d.code}</h2>
        <span className={cn('rounded-full px-3 py-1 text-sm font-bold', tones[status])}>{status}</span>
      </div>
      <p className="mt-1 text-lg font-bold text-tiger-700">{reductionText(d)}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-bold">Used</dt>
        <dd>
          {d.usedCount}
          {d.usageLimit !== null ? ` of ${d.usageLimit}` : ' (no limit)'}
          {d.oncePerCustomer && ', once per customer'}
        </dd>
        <dt className="font-bold">Minimum</dt>
        <dd>{d.minSubtotalCents ? `${formatCents(d.minSubtotalCents)} subtotal` : 'None'}</dd>
        <dt className="font-bold">Dates</dt>
        <dd>{datesText(d)}</dd>
      </dl>
      <Button variant="outline" size="sm" className="mt-3" onClick={onEdit} aria-label={`Edit ${d.code}`}>
        <Pencil aria-hidden="true" /> Edit
      </Button>
    </div>
  )
}

/** A new code (no `discount`), or an edit over the version opened. */
function DiscountForm({ discount, onDone }: { discount?: Discount; onDone: () => void }) {
  const create = useCreateDiscount()
  const update = useUpdateDiscount()
  const queryClient = useQueryClient()
  const [base, setBase] = useState<Discount | null>(discount ?? null)
  const form = useForm<DiscountValues>({ resolver: zodResolver(discountSchema), defaultValues: discount ? discountValuesOf(discount) : emptyDiscount })
  const stale = useStaleSave({
    form,
    base,
    valuesOf: discountValuesOf,
    fetchLatest: async (d) => {
      const latest = (await queryClient.fetchQuery({ ...adminDiscountsQueryOptions(), staleTime: 0 })).find((x) => x.id === d.id)
      if (!latest) throw new Error('This discount is gone.')
      return latest
    },
    onReloaded: setBase,
  })
  const kind = useWatch({ control: form.control, name: 'kind' })
  const save = async (values: DiscountValues) => {
    try {
      const fields = discountFieldsOf(values)
      const saved = base ? await update.mutateAsync({ id: base.id, version: base.version, fields }) : await create.mutateAsync(fields)
      toast.success(base ? 'Discount saved' : 'Discount code added', { description: `${saved.code}: ${reductionText(saved)}.` })
      onDone()
    } catch (error) {
      if (stale.refused(error)) return
      let shown = false
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          const name = formFieldOf[field]
          if (name) {
            form.setError(name, { type: 'server', message }, { shouldFocus: !shown })
            shown = true
          }
        }
      }
      if (!shown) toast.error('Not saved', { description: messageOf(error) })
    }
  }
  const title = base ? `Edit ${base.code}` : 'New discount code'
  return (
    <Form {...form}>
      <form aria-label={title} noValidate onSubmit={(e) => void form.handleSubmit(save)(e)} className="space-y-4 rounded-2xl border-2 border-tiger-200 bg-white p-5">
        <h2 className="text-xl font-bold">{title}</h2>
        <StaleSaveAlerts stale={stale} labels={labels} />
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField control={form.control} name="code" label="Code" autoComplete="off" className="sm:col-span-2">
            <FormDescription>What buyers type in the cart; letters are read in capitals.</FormDescription>
          </InputField>
          <SelectField
            control={form.control}
            name="kind"
            label="Kind"
            options={[
              { value: 'percent', label: 'A percentage off' },
              { value: 'amount', label: 'A fixed amount off' },
            ]}
          />
          <InputField control={form.control} name="value" label={kind === 'percent' ? 'Percent off' : 'Amount off ($)'} inputMode="decimal" autoComplete="off" />
          <InputField control={form.control} name="minimum" label="Minimum subtotal ($)" inputMode="decimal" autoComplete="off" placeholder="none" />
          <InputField control={form.control} name="usageLimit" label="Use limit (all buyers)" inputMode="numeric" autoComplete="off" placeholder="no limit" />
          <InputField control={form.control} name="firstDay" label="First day" type="date" />
          <InputField control={form.control} name="lastDay" label="Last day" type="date" />
        </div>
        <label className="flex items-center gap-2 font-bold">
          <input type="checkbox" className="size-5 accent-tiger-600" {...form.register('oncePerCustomer')} />
          Once per customer (account or e-mail)
        </label>
        <label className="flex items-center gap-2 font-bold">
          <input type="checkbox" className="size-5 accent-tiger-600" {...form.register('active')} />
          Active
        </label>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Saving...' : base ? 'Save' : 'Add discount code'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  )
}
