/**
 * The one form kit (shadcn-style) on react-hook-form + zod. Every form is built the same way:
 *
 *   const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues })
 *   <Form {...form}>
 *     <form onSubmit={form.handleSubmit(onValid)} noValidate>
 *       <FormField control={form.control} name="email" render={({ field }) => (
 *         <FormItem>
 *           <FormLabel>Email</FormLabel>
 *           <FormControl><Input type="email" {...field} /></FormControl>
 *           <FormDescription>We never share it.</FormDescription>
 *           <FormMessage />
 *         </FormItem>
 *       )} />
 *     </form>
 *   </Form>
 *
 * The common case, a labelled text input, is one line: `<InputField control={form.control} name="email" label="Email" type="email" />`.
 *
 * FormItem gives the field its ids; FormLabel points at the control, and FormControl marks
 * the control `aria-invalid` and `aria-describedby` its description and message. When the
 * server refuses the values, `setServerErrors(form.setError, error)` puts the API's
 * `error.fields` on their fields.
 */
import { Slot } from '@radix-ui/react-slot'
import { createContext, useContext, useEffect, useId, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react'
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type Control,
  type ControllerProps,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
  type UseFormSetError,
} from 'react-hook-form'
import { ApiError } from '@/lib/api'
import { cn } from '@/lib/cn'
import { Input, Select, Textarea } from './input'
import { FieldError, Label } from './label'

/** Hands the useForm() result to every field below it. */
export const Form = FormProvider

type FormFieldContextValue = { name: string }
const FormFieldContext = createContext<FormFieldContextValue | null>(null)

type FormItemContextValue = { id: string; hasDescription: boolean; setHasDescription: (has: boolean) => void }
const FormItemContext = createContext<FormItemContextValue | null>(null)

/** One field of the form: react-hook-form's Controller, remembering the name for the parts below. */
export function FormField<TValues extends FieldValues = FieldValues, TName extends FieldPath<TValues> = FieldPath<TValues>>(
  props: ControllerProps<TValues, TName>,
) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  )
}

/** The ids and error state of the field around the caller (inside FormField + FormItem). */
export function useFormField() {
  const field = useContext(FormFieldContext)
  const item = useContext(FormItemContext)
  if (!field || !item) throw new Error('useFormField must be used inside <FormField> and <FormItem>')
  const { getFieldState } = useFormContext()
  const formState = useFormState({ name: field.name })
  const state = getFieldState(field.name, formState)
  return {
    name: field.name,
    formItemId: item.id,
    formDescriptionId: `${item.id}-description`,
    formMessageId: `${item.id}-message`,
    hasDescription: item.hasDescription,
    setHasDescription: item.setHasDescription,
    error: state.error,
    invalid: state.invalid,
  }
}

/** Wraps label, control, description and message; `id` (optional) becomes the control's id, e.g. for a link to the field. */
export function FormItem({ id, className, ...props }: ComponentProps<'div'>) {
  const generated = useId()
  const [hasDescription, setHasDescription] = useState(false)
  return (
    <FormItemContext.Provider value={{ id: id ?? generated, hasDescription, setHasDescription }}>
      <div className={cn('space-y-2', className)} {...props} />
    </FormItemContext.Provider>
  )
}

export function FormLabel(props: ComponentProps<typeof Label>) {
  const { formItemId } = useFormField()
  return <Label htmlFor={formItemId} {...props} />
}

/** Passes id, aria-invalid and aria-describedby (description, then message) to its one child (Input, Textarea...). */
export function FormControl(props: ComponentProps<typeof Slot>) {
  const { formItemId, formDescriptionId, formMessageId, hasDescription, error } = useFormField()
  const describedBy = [hasDescription && formDescriptionId, error && formMessageId].filter(Boolean).join(' ')
  return <Slot id={formItemId} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...props} />
}

/** A hint under the control; the control is described by it (it registers itself with its FormItem). */
export function FormDescription({ className, ...props }: ComponentProps<'p'>) {
  const { formDescriptionId, setHasDescription } = useFormField()
  useEffect(() => {
    setHasDescription(true)
    return () => setHasDescription(false)
  }, [setHasDescription])
  return <p id={formDescriptionId} className={cn('text-sm text-muted', className)} {...props} />
}

/** The field's error message (announced); renders nothing while the field is valid. */
export function FormMessage() {
  const { formMessageId, error } = useFormField()
  return <FieldError id={formMessageId} message={error?.message} />
}

type LabelledFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = {
  control: Control<TValues>
  name: TName
  label: ReactNode
  /** The control's id, e.g. for a link to the field. */
  id?: string
  className?: string
  /** Shown under the control, above the message (e.g. a strength meter). */
  children?: ReactNode
}

/**
 * FormField + FormItem + label + message around one control, the frame every
 * field repeats; `renderControl` renders the control (Input, Select, Textarea...).
 */
export function LabelledField<TValues extends FieldValues, TName extends FieldPath<TValues>>({
  control,
  name,
  label,
  id,
  className,
  children,
  renderControl,
}: LabelledFieldProps<TValues, TName> & { renderControl: (field: ControllerRenderProps<TValues, TName>) => ReactElement }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem id={id} className={className}>
          <FormLabel>{label}</FormLabel>
          <FormControl>{renderControl(field)}</FormControl>
          {children}
          <FormMessage />
        </FormItem>
      )}
    />
  )
}

type InputFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = LabelledFieldProps<TValues, TName> &
  Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'id' | 'className' | 'children'>

/** A labelled text input with its message: `<InputField control={form.control} name="email" label="Email" type="email" />`. */
export function InputField<TValues extends FieldValues, TName extends FieldPath<TValues>>({ control, name, label, id, className, children, onChange, onBlur, ...input }: InputFieldProps<TValues, TName>) {
  return (
    <LabelledField control={control} name={name} label={label} id={id} className={className} renderControl={(field) => (
      <Input
        {...input}
        {...field}
        value={field.value ?? ''}
        onChange={(e) => {
          field.onChange(e)
          onChange?.(e)
        }}
        onBlur={(e) => {
          field.onBlur()
          onBlur?.(e)
        }}
      />
    )}>
      {children}
    </LabelledField>
  )
}

type TextareaFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = LabelledFieldProps<TValues, TName> &
  Omit<ComponentProps<typeof Textarea>, 'name' | 'value' | 'defaultValue' | 'id' | 'className' | 'children' | 'onChange' | 'onBlur'>

/** A labelled text area with its message, as InputField is for a line of text: `<TextareaField control={form.control} name="reason" label="Reason" rows={2} />`. */
export function TextareaField<TValues extends FieldValues, TName extends FieldPath<TValues>>({ control, name, label, id, className, children, ...textarea }: TextareaFieldProps<TValues, TName>) {
  return (
    <LabelledField control={control} name={name} label={label} id={id} className={className} renderControl={(field) => <Textarea {...textarea} {...field} value={field.value ?? ''} />}>
      {children}
    </LabelledField>
  )
}

export type SelectOption = { value: string; label: string }

type SelectFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<LabelledFieldProps<TValues, TName>, 'children'> &
  Omit<ComponentProps<typeof Select>, 'name' | 'value' | 'defaultValue' | 'id' | 'className' | 'children'> & {
    options: readonly SelectOption[]
    /** The first, empty choice ('Choose a country'), when the field may be left empty. */
    placeholder?: string
  }

/**
 * A labelled one-time code of `digits` digits (an authenticator app's, an e-mail's): the number pad
 * on a phone, the code the phone offers from a message, and nothing but digits kept.
 */
export function CodeField<TValues extends FieldValues, TName extends FieldPath<TValues>>({ digits = 6, children, ...props }: LabelledFieldProps<TValues, TName> & { digits?: number }) {
  return (
    <LabelledField
      {...props}
      renderControl={(field) => (
        <Input
          {...field}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={digits}
          className="tracking-[0.3em]"
        />
      )}
    >
      {children}
    </LabelledField>
  )
}

/** A labelled native select with its message, like InputField. */
export function SelectField<TValues extends FieldValues, TName extends FieldPath<TValues>>({ control, name, label, options, placeholder, id, className, ...select }: SelectFieldProps<TValues, TName>) {
  return (
    <LabelledField control={control} name={name} label={label} id={id} className={className} renderControl={(field) => (
      <Select {...select} {...field} value={field.value ?? ''}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    )} />
  )
}

/** The server's field names mapped to the form's: `{ amountCents: 'amount' }`. A name's first part maps the rest ("lines" maps "lines.0"). */
export type ServerFieldNames = Readonly<Record<string, string>>

/**
 * The form's field for a field the server named in its refusal, or null when
 * the form (`names`, when given) has no such field.
 */
export function formFieldOf(serverField: string, names?: readonly string[], rename: ServerFieldNames = {}): string | null {
  const name = rename[serverField] ?? rename[serverField.split('.')[0]] ?? serverField
  return !names || names.includes(name) ? name : null
}

/**
 * Shows the server's field messages (`{"error":{"fields":{name: message}}}`) on their fields.
 * Returns true when at least one field got a message, so the caller can skip its generic toast.
 * Only names listed in `names` (the form's own fields) are set, when given; `rename` maps the
 * server's names to the form's (`{ priceCents: 'price' }`, the price being typed in dollars).
 */
export function setServerErrors<TValues extends FieldValues>(
  setError: UseFormSetError<TValues>,
  error: unknown,
  names?: readonly FieldPath<TValues>[],
  rename?: ServerFieldNames,
): boolean {
  if (!(error instanceof ApiError)) return false
  let shown = false
  for (const [field, message] of Object.entries(error.fields)) {
    const name = formFieldOf(field, names, rename)
    if (name === null) continue
    setError(name as FieldPath<TValues>, { type: 'server', message }, { shouldFocus: !shown })
    shown = true
  }
  return shown
}
