import { Slot } from '@radix-ui/react-slot'
import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-bold transition-all duration-150 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 active:scale-[0.97] cursor-pointer',
  {
    variants: {
      variant: {
        // Tones dark enough for white text to meet WCAG AA contrast (4.5:1).
        default: 'bg-tiger-700 text-white shadow-[0_4px_0_var(--color-tiger-900)] hover:bg-tiger-800 hover:-translate-y-0.5',
        secondary: 'bg-leaf-700 text-white shadow-[0_4px_0_var(--color-leaf-900)] hover:bg-leaf-800 hover:-translate-y-0.5',
        outline: 'border-2 border-tiger-200 bg-white text-ink hover:border-tiger-400 hover:bg-tiger-50',
        ghost: 'text-ink hover:bg-tiger-100',
        destructive: 'bg-red-700 text-white hover:bg-red-800',
        link: 'text-tiger-700 underline-offset-4 hover:underline rounded-none',
      },
      size: {
        default: 'h-11 px-6 text-base',
        sm: 'h-9 px-4 text-sm',
        lg: 'h-13 px-8 text-lg',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button'
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />
}

export { buttonVariants }
