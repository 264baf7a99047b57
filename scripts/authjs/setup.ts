// The official tests are written for Jest; Vitest's vi does what they ask of it.
import { vi } from 'vitest'
;(globalThis as unknown as { jest: typeof vi }).jest = vi
