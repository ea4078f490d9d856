import { describe, expect, it } from 'vitest';
import { buildShape, compareToShape, stripMeta } from './shape-compare';

describe('shape comparison', () => {
  const fixture = [
    { a: 1, b: 'x', opt: true, nested: { n: 1 } },
    { a: 2.5, b: 'y', nested: { n: 2 } },
  ];
  const shape = buildShape([fixture]);

  it('accepts an answer with the same keys and types', () => {
    expect(
      compareToShape(shape, [
        [
          { a: 3, b: 'z', opt: false, nested: { n: 0 } },
          { a: 0, b: '', nested: { n: 4 } },
        ],
      ]),
    ).toEqual([]);
  });

  it('reports a missing required key, a wrong type and an optional key never produced', () => {
    const problems = compareToShape(shape, [[{ a: '1', nested: { n: 1 } }]]);
    expect(problems).toContain('a: type string, fixture has number');
    expect(problems).toContain('b: missing in 1 of 1 answers');
    expect(problems).toContain('opt: optional key never produced');
  });

  it('honours exemptions and dynamic keys', () => {
    const s = buildShape([{ nics: { tap100i0: { netin: 1 } }, clustername: 'c' }], { dynamicKeys: ['nics'] });
    const opts = { dynamicKeys: ['nics'], exempt: { clustername: 'standalone' } };
    expect(compareToShape(s, [{ nics: { tap7i0: { netin: 2 } } }], opts)).toEqual([]);
    expect(compareToShape(s, [{ nics: { tap7i0: { netin: 'x' } } }], opts)).toEqual([
      'nics.*.netin: type string, fixture has number',
    ]);
  });

  it('strips metadata keys', () => {
    expect(stripMeta({ _source: 'x', data: [{ a: 1, _note: 2 }] })).toEqual({ data: [{ a: 1 }] });
  });
});
