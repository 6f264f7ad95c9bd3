import { describe, expect, it } from 'vitest';
import { sharedValidators } from '../../src/server/openapi/shared-validators.js';

type Compile = (route: { schema: unknown; httpPart: string; method: string; url: string }) => (value: unknown) => boolean;
const compilerFor = (options: object) => sharedValidators({}, options) as unknown as Compile;

const count = () => ({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });

describe('validators shared by every app of the process', () => {
  it('compiles a schema once: an equal schema of another app or route gets the same validator, which still refuses bad input', () => {
    const first = compilerFor({ customOptions: { coerceTypes: false } });
    const again = compilerFor({ customOptions: { coerceTypes: false } });
    const validate = first({ schema: count(), httpPart: 'body', method: 'POST', url: '/api/a' });
    expect(again({ schema: count(), httpPart: 'body', method: 'PATCH', url: '/api/b' })).toBe(validate);
    expect(validate({ n: 3 })).toBe(true);
    expect(validate({ n: '3' })).toBe(false);
    expect(validate({})).toBe(false);
  });

  it('keeps apart what differs: the schema, the part of the request, or the compiler options', () => {
    const compile = compilerFor({ customOptions: { coerceTypes: false } });
    const body = compile({ schema: count(), httpPart: 'body', method: 'POST', url: '/api/a' });
    const text = compile({ schema: { type: 'object', properties: { n: { type: 'string' } }, required: ['n'] }, httpPart: 'body', method: 'POST', url: '/api/a' });
    expect(text).not.toBe(body);
    expect(text({ n: 3 })).toBe(false);
    expect(text({ n: 'três' })).toBe(true);
    expect(compile({ schema: count(), httpPart: 'querystring', method: 'POST', url: '/api/a' })).not.toBe(body);
    // Other options, another Ajv: here the string '3' is coerced to the integer the schema asks.
    const coercing = compilerFor({ customOptions: { coerceTypes: true } })({ schema: count(), httpPart: 'body', method: 'POST', url: '/api/a' });
    expect(coercing).not.toBe(body);
    expect(coercing({ n: '3' })).toBe(true);
  });
});
