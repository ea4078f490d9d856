import fc from 'fast-check';
import { EXTRA_FIELDS, edgeArbitrary, fieldEdges, literalEdges, stringEdges, wrongTypeEdges, type Labelled } from './edge-values';
import { type FuzzTargets } from './targets';
import { sampleValid, validArbitrary } from './valid-values';
import { accepts, type Field, type Model, type ObjectModel, type Primitive, type StringModel } from './zod-model';

/*
 * Mutations of one value from its model, used for every part of a request: `sweepValues` lists each single-point
 * mutation of a valid value (the sweep), `mutantArbitrary` draws random ones, alone or several at once (fast-check).
 */

/** A copy with the entries set as own properties (even `__proto__`, which `{...o, __proto__}` would not). */
function withEntries(base: unknown, entries: [string, unknown][]): Record<string, unknown> {
  const copy: Record<string, unknown> = base && typeof base === 'object' && !Array.isArray(base) ? { ...base } : {};
  for (const [k, v] of entries)
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
  return copy;
}

function without(base: unknown, key: string): Record<string, unknown> {
  const copy = { ...(base as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/** The option of a union `value` belongs to (its tag, else the first it satisfies). */
function optionOf(model: Extract<Model, { kind: 'union' }>, value: unknown): Field | undefined {
  return model.options.find((o) => accepts(o.schema, value)) ?? model.options[0];
}

function discriminatorTags(model: Extract<Model, { kind: 'union' }>): Primitive[] {
  const disc = model.discriminator;
  if (!disc) return [];
  return model.options.flatMap((o) => {
    const tag = o.model.kind === 'object' ? o.model.fields[disc]?.model : undefined;
    return tag?.kind === 'literal' ? tag.values : [];
  });
}

/**
 * Every single-point mutation of the valid `base`: each field removed, each field set to each of its edge values
 * (recursively inside nested objects), extra fields, a union's tag switched; then edge values of the whole.
 */
export function sweepValues(field: Field, base: unknown, targets: FuzzTargets, depth = 0): Labelled<unknown>[] {
  const model = field.model;
  const out: Labelled<unknown>[] = [];
  if (model.kind === 'object' && base && typeof base === 'object' && depth < 4) {
    for (const [key, sub] of Object.entries(model.fields)) {
      if (key in base) out.push({ label: `without ${key}${sub.optional ? ' (optional)' : ''}`, value: without(base, key) });
      const current = (base as Record<string, unknown>)[key] ?? sampleValid(sub, targets, 1);
      for (const e of sweepValues(sub, current, targets, depth + 1)) {
        out.push({ label: `${key}: ${e.label}`, value: withEntries(base, [[key, e.value]]) });
      }
    }
    for (const extra of EXTRA_FIELDS) out.push({ label: extra.label, value: withEntries(base, extra.value) });
    const first = Object.keys(model.fields).find((k) => k in base);
    if (first)
      out.push({
        label: `${first} in upper case`,
        value: withEntries(without(base, first), [[first.toUpperCase(), (base as Record<string, unknown>)[first]]]),
      });
    out.push({ label: 'empty object', value: {} }, ...wrongTypeEdges(model, field.nullable));
    return out;
  }
  if (model.kind === 'union') {
    const option = optionOf(model, base);
    if (option) out.push(...sweepValues(option, base, targets, depth));
    const disc = model.discriminator;
    if (disc) {
      for (const tag of discriminatorTags(model)) {
        if ((base as Record<string, unknown>)[disc] !== tag)
          out.push({ label: `${disc} switched to ${String(tag)}`, value: withEntries(base, [[disc, tag]]) });
      }
      for (const e of literalEdges(discriminatorTags(model)))
        out.push({ label: `${disc}: ${e.label}`, value: withEntries(base, [[disc, e.value]]) });
      for (const other of model.options.filter((o) => o !== option)) {
        out.push({
          label: 'fields of two variants',
          value: { ...(sampleValid(other, targets, 2) as object), ...(base as object) },
        });
      }
    }
    return out;
  }
  if (model.kind === 'array' && Array.isArray(base) && depth < 4) {
    out.push({
      label: 'too many items',
      value: Array.from({ length: (model.maxItems ?? 50) + 1 }, () => (base as unknown[])[0] ?? null),
    });
    for (const e of fieldEdges(model.item, targets)) out.push({ label: `item: ${e.label}`, value: [e.value] });
  }
  return [...out, ...fieldEdges(field, targets)];
}

const NO_CHANGE = Symbol('no change');

function stringMutants(m: StringModel, field: Field, targets: FuzzTargets): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 10, arbitrary: edgeArbitrary(stringEdges(m, targets)) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }) },
    // A valid value broken by one character (outside the pattern, or a lookalike).
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          validArbitrary(field, targets),
          fc.constantFrom(' ', '@', '!', '\u0000', '💥', '\n', '/', '..', '%', '\u0430'),
          fc.boolean(),
        )
        .map(([v, c, before]) => (typeof v === 'string' ? (before ? c + v : v + c) : c)),
    },
  );
}

function objectMutants(model: ObjectModel, field: Field, targets: FuzzTargets, depth: number): fc.Arbitrary<unknown> {
  const valid = validArbitrary(field, targets, depth);
  const keys = Object.keys(model.fields);
  const variants: fc.WeightedArbitrary<unknown>[] = [
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          valid,
          fc.oneof(
            edgeArbitrary(EXTRA_FIELDS) as fc.Arbitrary<[string, unknown][]>,
            fc.array(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })), {
              minLength: 1,
              maxLength: 3,
            }),
          ),
        )
        .map(([o, extra]) => withEntries(o, extra)),
    },
    { weight: 2, arbitrary: edgeArbitrary([{ label: 'empty object', value: {} }, ...wrongTypeEdges(model, field.nullable)]) },
  ];
  if (keys.length) {
    const perField = keys.map((k) =>
      fc.tuple(valid, mutantArbitrary(model.fields[k]!, targets, depth + 1)).map(([o, v]) => withEntries(o, [[k, v]])),
    );
    variants.push(
      { weight: 8, arbitrary: fc.oneof(...perField) },
      { weight: 3, arbitrary: fc.tuple(valid, fc.constantFrom(...keys)).map(([o, k]) => without(o, k)) },
      {
        // Several fields broken at once.
        weight: 2,
        arbitrary: fc
          .tuple(
            valid,
            fc.tuple(...keys.map((k) => fc.option(mutantArbitrary(model.fields[k]!, targets, depth + 1), { nil: NO_CHANGE }))),
          )
          .map(([o, changes]) =>
            withEntries(
              o,
              keys.flatMap((k, i) => (changes[i] === NO_CHANGE ? [] : [[k, changes[i]] as [string, unknown]])),
            ),
          ),
      },
    );
  }
  return fc.oneof(...variants);
}

function unionMutants(
  model: Extract<Model, { kind: 'union' }>,
  field: Field,
  targets: FuzzTargets,
  depth: number,
): fc.Arbitrary<unknown> {
  const variants: fc.Arbitrary<unknown>[] = model.options.map((o) => mutantArbitrary(o, targets, depth + 1));
  const disc = model.discriminator;
  const tags = discriminatorTags(model);
  if (disc && tags.length > 1) {
    const anyOption = fc.oneof(...model.options.map((o) => validArbitrary(o, targets, depth + 1)));
    variants.push(
      // A variant's fields under another tag (or a tag not in the enum), fields of two variants, no tag.
      fc
        .tuple(anyOption, fc.oneof(fc.constantFrom(...tags), edgeArbitrary(literalEdges(tags))))
        .map(([o, tag]) => withEntries(o, [[disc, tag]])),
      fc.tuple(anyOption, anyOption).map(([a, b]) => ({ ...(b as object), ...(a as object) })),
      anyOption.map((o) => without(o, disc)),
    );
  }
  variants.push(edgeArbitrary(wrongTypeEdges(model, field.nullable)));
  return fc.oneof(...variants);
}

/** Random values that break (or sit on the edge of) the schema of `field`. */
export function mutantArbitrary(field: Field, targets: FuzzTargets, depth = 0): fc.Arbitrary<unknown> {
  const model = field.model;
  if (depth > 6) return edgeArbitrary(wrongTypeEdges(model, field.nullable));
  switch (model.kind) {
    case 'string':
      return stringMutants(model, field, targets);
    case 'number':
      return fc.oneof({ weight: 6, arbitrary: edgeArbitrary(fieldEdges(field, targets)) }, { weight: 1, arbitrary: fc.double() });
    case 'object':
      return objectMutants(model, field, targets, depth);
    case 'union':
      return unionMutants(model, field, targets, depth);
    case 'array':
      return fc.oneof(
        edgeArbitrary(wrongTypeEdges(model, field.nullable)),
        mutantArbitrary(model.item, targets, depth + 1).map((v) => [v]),
        fc.array(validArbitrary(model.item, targets, depth + 1), {
          minLength: (model.maxItems ?? 50) + 1,
          maxLength: (model.maxItems ?? 50) + 2,
        }),
      );
    case 'record':
      return fc.oneof(
        edgeArbitrary(wrongTypeEdges(model, field.nullable)),
        mutantArbitrary(model.value, targets, depth + 1).map((v) => ({ key: v })),
      );
    case 'any':
      return fc.oneof(fc.jsonValue({ maxDepth: 3 }), edgeArbitrary(fieldEdges(field, targets)));
    case 'boolean':
    case 'literal':
    case 'null':
      return edgeArbitrary(fieldEdges(field, targets));
  }
}
