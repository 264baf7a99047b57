import * as CheckboxPrimitive from '@radix-ui/react-checkbox'
import { Check } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        'peer flex size-5 shrink-0 cursor-pointer items-center justify-center rounded-md border-2 border-tiger-300 bg-white transition data-[state=checked]:border-tiger-500 data-[state=checked]:bg-tiger-500 data-[state=checked]:text-white disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-red-400',
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator>
        <Check className="size-3.5" strokeWidth={3.5} />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  )
}
