import { z } from 'zod';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['ok', 'down']),
    version: z.string(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;
