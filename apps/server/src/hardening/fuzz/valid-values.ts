import fc from 'fast-check';
import { safeUrlArbitrary, type FuzzTargets } from './targets';
import { accepts, type Field, type Model, type StringModel } from './zod-model';

/*
 * Values a field's schema accepts: the valid baselines that the mutations break one point at a time, so that a
 * rejection is caused by the mutation and not by the rest of the request.
 */

function uuidArbitrary(targets: FuzzTargets): fc.Arbitrary<string> {
  const random = fc.uuid({ version: [1, 4, 7] });
  return fc.oneof(
    { weight: 4, arbitrary: random },
    { weight: 1, arbitrary: random.map((u) => u.toUpperCase()) },
    { weight: 1, arbitrary: fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff') },
    ...(targets.knownIds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...targets.knownIds) }] : []),
  );
}

function emailArbitrary(): fc.Arbitrary<string> {
  const local = fc.stringMatching(/^[a-z0-9][a-z0-9_+'-]{0,15}$/);
  const domain = fc.constantFrom('example.test', 'mail.example.test', 'xn--bcher-kva.example', 'proxai.example');
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`) },
    // Normalised by the schema (trim, lower case): still valid.
    { weight: 1, arbitrary: fc.tuple(local, domain).map(([l, d]) => `  ${l.toUpperCase()}@${d.toUpperCase()}  `) },
    // Exactly the 254 characters allowed.
    { weight: 1, arbitrary: fc.constant(`${'e'.repeat(241)}@example.test`) },
  );
}

function stringCandidates(m: StringModel, targets: FuzzTargets): fc.Arbitrary<string> {
  if (m.formats.includes('uuid') || m.formats.includes('guid')) return uuidArbitrary(targets);
  if (m.formats.includes('email')) return emailArbitrary();
  if (m.formats.includes('url')) return safeUrlArbitrary(targets);
  const pattern = m.patterns[0];
  // fast-check cannot generate for every flag: without `i` the values are a subset of the valid ones.
  if (pattern) return fc.stringMatching(new RegExp(pattern.source, pattern.flags.replace(/[gimy]/g, '')), { size: 'small' });
  const max = Math.min(m.maxLength ?? 40, 40);
  const min = Math.min(m.minLength, max);
  const variants: fc.Arbitrary<string>[] = [
    fc.string({ minLength: min, maxLength: max }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: max }),
    fc.constantFrom('Zoë', 'Ωmega', '日本語のテキスト', 'مرحبا بالعالم', 'emoji 🚀🔥', 'x'.repeat(Math.max(min, 1))),
  ];
  // Boundaries: exactly the longest and the shortest value allowed, and surrogate pairs counted as two.
  if (m.maxLength !== undefined && m.maxLength <= 10_000) {
    variants.push(fc.constant('m'.repeat(m.maxLength)), fc.constant('𝕏'.repeat(Math.floor(m.maxLength / 2))));
  }
  if (m.minLength > 0) variants.push(fc.constant('n'.repeat(m.minLength)));
  if (m.normalises) variants.push(fc.string({ minLength: Math.max(min, 1), maxLength: max }).map((s) => `  ${s}\t`));
  return fc.oneof(...variants);
}

/** Values the schema of `field` accepts (its own safeParse filters the candidates). */
export function validArbitrary(field: Field, targets: FuzzTargets, depth = 0): fc.Arbitrary<unknown> {
  const base = validModel(field.model, targets, depth).filter((v) => accepts(field.schema, v));
  return field.nullable ? fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validModel(model: Model, targets: FuzzTargets, depth: number): fc.Arbitrary<unknown> {
  switch (model.kind) {
    case 'string':
      return stringCandidates(model, targets);
    case 'number': {
      const min = model.min ?? -1_000_000;
      const max = model.max ?? 1_000_000;
      if (model.int) {
        const lo = Math.ceil(model.minExclusive ? min + 1 : min);
        const hi = Math.floor(model.maxExclusive ? max - 1 : max);
        return fc.oneof(fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi));
      }
      return fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: model.minExclusive,
        maxExcluded: model.maxExclusive,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constantFrom(...model.values);
    case 'object': {
      const keys = Object.keys(model.fields);
      if (keys.length === 0) return fc.constant({});
      return fc.record(Object.fromEntries(keys.map((k) => [k, validArbitrary(model.fields[k]!, targets, depth + 1)])), {
        requiredKeys: keys.filter((k) => !model.fields[k]!.optional),
      });
    }
    case 'array':
      return fc.array(validArbitrary(model.item, targets, depth + 1), {
        minLength: model.minItems,
        maxLength: Math.max(model.minItems, Math.min(model.maxItems ?? 3, 3)),
      });
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validArbitrary(model.value, targets, depth + 1), {
        maxKeys: 3,
      });
    case 'union':
      return fc.oneof(...model.options.map((o) => validArbitrary(o, targets, depth + 1)));
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One valid value, the same for a given seed (the base the sweeps mutate). */
export function sampleValid(field: Field, targets: FuzzTargets, seed: number): unknown {
  return fc.sample(validArbitrary(field, targets), { numRuns: 1, seed })[0];
}
