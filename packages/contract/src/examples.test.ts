import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './index';

// The examples of the OpenAPI document come from the schemas' `.meta({ examples })`: each must be valid.
const withExamples = [...z.globalRegistry._idmap.entries()].flatMap(([id, schema]) => {
  const examples = z.globalRegistry.get(schema)?.examples;
  return Array.isArray(examples) ? [{ id, schema, examples: examples as unknown[] }] : [];
});

describe('schema examples', () => {
  it('the main schemas have examples', () => {
    expect(withExamples.map((s) => s.id)).toEqual(
      expect.arrayContaining(['Vm', 'Host', 'Task', 'Error', 'DomainEvent', 'Licence']),
    );
  });

  it.each(withExamples)('$id: every example parses', ({ schema, examples }) => {
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) {
      const result = z.safeParse(schema, example);
      expect(result.error?.issues ?? []).toEqual([]);
    }
  });
});
