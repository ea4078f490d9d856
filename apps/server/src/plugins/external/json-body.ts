import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sjson from 'secure-json-parse';
import { AppError, errorText } from '../../errors';

/** Deepest nesting accepted in a JSON body; our deepest legitimate payload has depth 3. */
export const MAX_JSON_DEPTH = 20;

/** Depth of nested arrays/objects, computed without recursion so hostile input cannot overflow the stack. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) max = depth;
    if (max > limit) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return max;
}

/** A UTF-16 surrogate without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when a string (key or value) anywhere in `value` holds a NUL character or an unpaired UTF-16 surrogate:
 * PostgreSQL text and jsonb cannot store either, so such input is refused up front rather than failing in an
 * insert (possibly after an earlier write of the same request).
 */
export function hasUnstorableText(value: unknown): boolean {
  const bad = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (bad(node)) return true;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) {
        if (!Array.isArray(node) && bad(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * JSON bodies: prototype-poisoning keys refused (`__proto__`, `constructor.prototype`), nesting bounded, text
 * PostgreSQL cannot store refused, errors as 400 `{detail}`. The size bound is Fastify's bodyLimit (413).
 */
async function jsonBodyPlugin(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(new AppError('invalid_json', errorText('request.emptyJson')), undefined);
      return;
    }
    let parsed: unknown;
    try {
      parsed = sjson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      done(new AppError('invalid_json', errorText('request.malformedJson')), undefined);
      return;
    }
    if (jsonDepth(parsed, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError('bad_request', errorText('request.tooDeep', { levels: MAX_JSON_DEPTH })), undefined);
      return;
    }
    if (hasUnstorableText(parsed)) {
      done(new AppError('bad_request', errorText('request.badText')), undefined);
      return;
    }
    done(null, parsed);
  });
}

export const jsonBody = fp(jsonBodyPlugin, { name: 'json-body' });
