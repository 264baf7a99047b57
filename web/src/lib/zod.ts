// eslint-disable-next-line no-restricted-imports -- the one place zod is imported from
import { z } from 'zod'

// Zod probes whether it may compile parsers with `new Function`. Our Content
// Security Policy forbids eval, so the probe only ends up as a CSP violation in
// the console (and in Lighthouse's best practices). Parse without it.
z.config({ jitless: true })

export { z }
