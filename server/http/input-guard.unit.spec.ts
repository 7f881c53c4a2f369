import { describe, expect, it } from 'vitest';
import { guardRawQuery } from './input-guard.ts';

describe('guardRawQuery', () => {
  it('should pass ordinary and encoded query strings', () => {
    for (const url of ['/api/x', '/api/x?', '/api/x?a=1&b=%C3%A4', '/api/x?q=%F0%9F%98%80&flag', '/api/x?a=b=c']) expect(() => guardRawQuery(url), url).not.toThrow();
  });

  it('should refuse escapes that do not decode as UTF-8, in a value or a key', () => {
    for (const url of ['/api/x?q=%ED%A0%80', '/api/x?%ED%A0%80=1', '/api/x?a=1&b=%FF', '/api/x?q=50%']) {
      expect(() => guardRawQuery(url), url).toThrowError(expect.objectContaining({ kind: 'ValidationError' }));
    }
  });
});
