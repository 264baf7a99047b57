import { expect, it } from 'vitest'
import { categoryChanges, categorySchema, categoryValuesOf, newCategoryOf } from './category-form'

const fiction = { id: 'fiction', name: 'Fiction', description: 'Stories.', position: 1, version: 2, count: 4 }

it('sends only the changed fields of a category', () => {
  expect(categoryChanges(fiction, categoryValuesOf(fiction))).toEqual({})
  expect(categoryChanges(fiction, { ...categoryValuesOf(fiction), name: ' Stories ', position: '3' })).toEqual({ name: 'Stories', position: 3 })
})

it('leaves a new category’s position to the server when none is given', () => {
  expect(newCategoryOf({ id: 'poetry', name: 'Poetry', description: '', position: '' })).toEqual({ id: 'poetry', name: 'Poetry', description: '' })
  expect(newCategoryOf({ id: 'poetry', name: 'Poetry', description: '', position: '0' })).toEqual({ id: 'poetry', name: 'Poetry', description: '', position: 0 })
})

it('checks the id and the position', () => {
  const result = categorySchema.safeParse({ id: 'Big Books', name: 'Big', description: '', position: '-1' })
  expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['id', 'position'])
})
