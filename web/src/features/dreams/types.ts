export type Choice = { id: string; label: string }
export type Choices = {
  genders: (Choice & { pronouns: string })[]
  companions: (Choice & { name: string })[]
  interests: Choice[]
  max_interests: number
  max_other_length: number
}
export type { Kid } from '@/lib/kids'
export type Dream = {
  id: string
  title: string
  paragraphs: string[]
  kid: { id: string; name: string; age: number }
  companion: { id: string; name: string; label: string }
  created_at: string
  /** "Keep this story": kept stories stay past the retention schedule. */
  kept?: boolean
}
export type NewDream = { kid_id: string; gender: string; companion: string; interests: string[]; other: string }
