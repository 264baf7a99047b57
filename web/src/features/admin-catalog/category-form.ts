import { z } from '@/lib/zod'
import type { CategoryChanges, NewCategory } from './api/categories'
import type { AdminCategory } from './types'

// A category's form in the back office: its id (chosen once: books and
// links use it), name, description and place in the list.

export type CategoryFormValues = { id: string; name: string; description: string; position: string }

const position = z.string().refine((text) => text.trim() === '' || (/^\d+$/.test(text.trim()) && Number(text) <= 10_000), 'A whole number from 0 to 10000: lower comes first.')

export const categorySchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Enter an id: lowercase letters, digits and hyphens, as in its URL.')
    .max(40, 'At most 40 characters.')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lowercase letters a–z, digits and single hyphens between them.'),
  name: z.string().trim().min(1, "Enter the category's name.").max(80, 'At most 80 characters.'),
  description: z.string().trim().max(1000, 'At most 1,000 characters.'),
  position,
})

export const emptyCategory: CategoryFormValues = { id: '', name: '', description: '', position: '' }

export function categoryValuesOf(c: AdminCategory): CategoryFormValues {
  return { id: c.id, name: c.name, description: c.description, position: String(c.position) }
}

/** A new category; without a position it goes last. */
export function newCategoryOf(v: CategoryFormValues): NewCategory {
  const category: NewCategory = { id: v.id.trim(), name: v.name.trim(), description: v.description.trim(), position: Number(v.position) }
  if (v.position.trim() === '') delete (category as Partial<NewCategory>).position
  return category
}

/** What a PATCH sends beside the version: the fields that changed. */
export function categoryChanges(loaded: AdminCategory, v: CategoryFormValues): CategoryChanges {
  const changes: CategoryChanges = {}
  if (v.name.trim() !== loaded.name) changes.name = v.name.trim()
  if (v.description.trim() !== loaded.description) changes.description = v.description.trim()
  if (v.position.trim() !== '' && Number(v.position) !== loaded.position) changes.position = Number(v.position)
  return changes
}
