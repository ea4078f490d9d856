import { describe, expect, it } from 'vitest';
import {
  decodeJsonBody,
  decodeUrlencoded,
  joinRepeatedWithNul,
  ParamError,
  splitList,
  validateParams,
  vmidParam,
} from './params';

function errors(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (e) {
    if (e instanceof ParamError) return e.errors;
    throw e;
  }
  throw new Error('no ParamError');
}

describe('validateParams (pve-common JSONSchema messages)', () => {
  it('converts valid values', () => {
    expect(
      validateParams(
        { vmid: '100', on: 'yes', tf: 'hour' },
        { vmid: vmidParam, on: { type: 'boolean' }, tf: { type: 'string', enum: ['hour'] } },
      ),
    ).toEqual({
      vmid: 100,
      on: true,
      tf: 'hour',
    });
  });

  it('reports every problem with the real message', () => {
    expect(
      errors(() =>
        validateParams(
          { vmid: 'abc', timeframe: 'minute', extra: '1', node: '-x' },
          {
            vmid: vmidParam,
            timeframe: { type: 'string', enum: ['hour', 'day'] },
            node: { type: 'string', format: 'pve-node' },
            cf: { type: 'string' },
          },
        ),
      ),
    ).toEqual({
      vmid: "type check ('integer') failed - got 'abc'",
      timeframe: "value 'minute' does not have a value in the enumeration 'hour, day'",
      extra: 'property is not defined in schema and the schema does not allow additional properties',
      node: 'invalid format - value does not look like a valid node name\n',
      cf: 'property is missing and it is not optional',
    });
    expect(errors(() => validateParams({ vmid: '99' }, { vmid: vmidParam }))).toEqual({
      vmid: 'value must have a minimum value of 100',
    });
  });
});

describe('request parameters (pve-http-server decode_urlencoded, RESTHandler normalisation)', () => {
  it('decodes like decode_urlencoded: & and ; separate, + is a space, UTF-8, repeated keys become arrays', () => {
    expect(decodeUrlencoded('a=1&b=x+y;c=%C3%A9t%C3%A9&a=2&a=3')).toEqual({ a: ['1', '2', '3'], b: 'x y', c: 'été' });
    expect(decodeUrlencoded('a=1&a&b=')).toEqual({ b: '' });
    expect(decodeUrlencoded('')).toEqual({});
  });

  it('JSON bodies keep arrays, booleans become 0/1, null is left out', () => {
    expect(decodeJsonBody('{"command":["ls","-l"],"start":true,"n":5,"x":null,"o":{"k":1}}')).toEqual({
      command: ['ls', '-l'],
      start: '1',
      n: '5',
      o: '{"k":1}',
    });
    expect(decodeJsonBody('nope')).toBeUndefined();
  });

  it('an array fails a scalar type check, joins for a *-list format; array parameters take one value or many', () => {
    expect(
      errors(() => validateParams({ vmid: ['100', '101'], name: ['a', 'b'] }, { vmid: vmidParam, name: { type: 'string' } })),
    ).toEqual({ vmid: "type check ('integer') failed - got ARRAY", name: "type check ('string') failed - got ARRAY" });
    expect(validateParams({ vmid: ['100', '101'] }, { vmid: { type: 'string', format: 'pve-vmid-list' } })).toEqual({
      vmid: '100,101',
    });
    expect(validateParams({ command: 'ls', more: ['a', 'b'] }, { command: { type: 'array' }, more: { type: 'array' } })).toEqual({
      command: ['ls'],
      more: ['a', 'b'],
    });
  });

  it('PVE 7 joins repeated keys with NUL, which split_list splits again', () => {
    expect(joinRepeatedWithNul({ vmid: ['100', '101'], x: 'y' })).toEqual({ vmid: '100\u0000101', x: 'y' });
    expect(splitList('100\u0000101')).toEqual(['100', '101']);
    expect(splitList(' 100, 101;102 103')).toEqual(['100', '101', '102', '103']);
    expect(validateParams({ vmid: '100\u0000101' }, { vmid: { type: 'string', format: 'pve-vmid-list' } })).toEqual({
      vmid: '100\u0000101',
    });
  });
});
