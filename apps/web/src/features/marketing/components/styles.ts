import { cn } from '@/components/ui/cn';

// brand-600 on white text is below 4.5:1; the public pages use brand-700 for solid buttons so they pass
// WCAG AA (Lighthouse's contrast audit) in both themes.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';
const SIZES = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm', lg: 'h-12 px-6 text-base' } as const;
const VARIANTS = {
  solid: 'bg-brand-700 text-white hover:bg-orange-800 focus-visible:outline-brand-700',
  outline:
    'border border-slate-300 bg-white/70 text-slate-900 hover:bg-slate-100 focus-visible:outline-slate-500 dark:border-slate-600 dark:bg-slate-900/70 dark:text-slate-100 dark:hover:bg-slate-800',
  light: 'bg-white text-slate-900 hover:bg-slate-100 focus-visible:outline-white',
  onDark: 'border border-white text-white hover:bg-white/10 focus-visible:outline-white',
} as const;

export function cta(variant: keyof typeof VARIANTS = 'solid', size: keyof typeof SIZES = 'md', extra?: string): string {
  return cn(BASE, SIZES[size], VARIANTS[variant], extra);
}

export const SECTION = 'mx-auto w-full max-w-6xl px-4 sm:px-6';
export const MUTED = 'text-slate-600 dark:text-slate-300';
