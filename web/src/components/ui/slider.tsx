import * as SliderPrimitive from '@radix-ui/react-slider'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A slider with one thumb per value; give thumbLabels for accessible names. */
export function Slider({ className, thumbLabels = [], ...props }: ComponentProps<typeof SliderPrimitive.Root> & { thumbLabels?: string[] }) {
  const count = (props.value ?? props.defaultValue ?? [0]).length
  return (
    <SliderPrimitive.Root className={cn('relative flex h-6 w-full touch-none select-none items-center', className)} {...props}>
      <SliderPrimitive.Track className="relative h-2.5 w-full grow overflow-hidden rounded-full bg-tiger-100">
        <SliderPrimitive.Range className="absolute h-full bg-tiger-500" />
      </SliderPrimitive.Track>
      {Array.from({ length: count }, (_, i) => (
        <SliderPrimitive.Thumb
          key={i}
          aria-label={thumbLabels[i]}
          className="block size-6 cursor-grab rounded-full border-4 border-tiger-500 bg-white shadow-md transition hover:scale-110 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-tiger-200"
        />
      ))}
    </SliderPrimitive.Root>
  )
}
