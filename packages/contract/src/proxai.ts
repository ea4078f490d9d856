import { z } from 'zod';

// Schemas of the proxai routes; see SPEC.md §3 and §7, DESIGN.md §8.

export const AdviceQuerySchema = z.object({
  context: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z0-9_-]*$/i, 'letters, digits, - and _ only')
    .default('general'),
});

export const AdviceSeveritySchema = z.enum(['critical', 'warning', 'info']);
export type AdviceSeverity = z.infer<typeof AdviceSeveritySchema>;

export const AdviceItemSchema = z
  .object({
    severity: AdviceSeveritySchema,
    title: z.string(),
    detail: z.string(),
    action: z.string().optional(),
  })
  .meta({ id: 'AdviceItem' });
export type AdviceItem = z.infer<typeof AdviceItemSchema>;

export const AdviceSchema = z
  .object({
    advice: z.string(),
    items: z.array(AdviceItemSchema),
    source: z.enum(['rules', 'ai']),
  })
  .meta({ id: 'Advice' });
export type Advice = z.infer<typeof AdviceSchema>;
