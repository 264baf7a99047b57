export const brand = {
  name: 'Siso & Friends',
  tagline: 'The destination for the best children\u2019s books and magical reading experiences.',
  phone: '+1 (555) 014-2837',
} as const
