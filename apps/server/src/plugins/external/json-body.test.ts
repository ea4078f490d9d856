import { describe, expect, it } from 'vitest';
import { hasUnstorableText, jsonDepth } from './json-body';

describe('hasUnstorableText', () => {
  it('accepts ordinary text in every script, emoji included', () => {
    expect(hasUnstorableText({ name: 'Hôte حاسوب 主机 🖥️', tags: ['a', { b: 'ç' }], n: 1, ok: true, none: null })).toBe(false);
  });

  it('finds NUL characters and unpaired surrogates in values and keys, at any depth', () => {
    expect(hasUnstorableText({ name: 'a\u0000b' })).toBe(true);
    expect(hasUnstorableText({ list: [{ deep: ['x\uD800'] }] })).toBe(true);
    expect(hasUnstorableText('\uDC00 alone')).toBe(true);
    expect(hasUnstorableText({ ['k\u0000']: 1 })).toBe(true);
    expect(hasUnstorableText('pair \uD83D\uDE00 ok')).toBe(false);
  });
});

describe('jsonDepth', () => {
  it('counts nesting without recursion and stops at the limit', () => {
    expect(jsonDepth({ a: [{ b: 1 }] })).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep, 20)).toBe(21);
  });
});
