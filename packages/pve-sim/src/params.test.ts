import { describe, expect, it } from 'vitest';
import { ParamError, validateParams, vmidParam } from './params';

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
