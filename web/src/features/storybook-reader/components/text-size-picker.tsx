import { textSizes, type TextSize } from '@/components/storybook/page-view'
import { cn } from '@/lib/cn'

const letter: Record<TextSize, string> = { big: 'text-base', bigger: 'text-xl', biggest: 'text-2xl' }

/** The text size as three A's, each bigger than the last: a child picks by sight, a screen reader hears the size. */
export function TextSizePicker({ value, onChange }: { value: TextSize; onChange: (size: TextSize) => void }) {
  return (
    <div role="radiogroup" aria-label="Text size" className="flex h-11 items-center rounded-full border-2 border-tiger-200 bg-white p-0.5">
      {textSizes.map((size) => (
        <button
          key={size}
          type="button"
          role="radio"
          aria-checked={value === size}
          aria-label={`${size[0].toUpperCase()}${size.slice(1)} text`}
          onClick={() => onChange(size)}
          className={cn(
            'flex size-10 cursor-pointer items-center justify-center rounded-full font-display font-bold text-ink transition',
            letter[size],
            value === size ? 'bg-tiger-700 text-white' : 'hover:bg-tiger-50',
          )}
        >
          A
        </button>
      ))}
    </div>
  )
}
