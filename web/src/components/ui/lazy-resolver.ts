import { zodResolver } from '@hookform/resolvers/zod'
import type { FieldValues, Resolver } from 'react-hook-form'
import type { z } from '@/lib/zod'

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema (say, as the visitor reaches the form), so the first check does not wait for it. */
  preload: () => void
}

/**
 * zodResolver for a schema that loads when the form first needs it: zod is
 * some 25 KB compressed, and a page whose form sits below its first paint (the
 * newsletter on /) or waits for a visitor to type (/login, /checkout) should
 * not fetch it with the page. `load` imports the schema's own module (the
 * browser keeps it, so each later check has it at once) and may choose among
 * its schemas at each check. The messages are the schema's, as with
 * zodResolver; a load that failed (offline) is tried again at the next check.
 *
 *   const resolver = lazyZodResolver(() => import('./login-schema').then((m) => m.loginSchema))
 *   useForm<LoginValues>({ resolver, ... });  <form onFocus={resolver.preload} ...>
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(load: () => Promise<z.ZodType<Output, Input>>): LazyResolver<Input, Output> {
  const resolve: Resolver<Input, unknown, Output> = async (values, context, options) => {
    const resolver = zodResolver(await load()) as Resolver<Input, unknown, Output>
    return resolver(values, context, options)
  }
  return Object.assign(resolve, { preload: () => void load().catch(() => {}) })
}
