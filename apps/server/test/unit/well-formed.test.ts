import { describe, expect, it } from 'vitest';
import { wellFormed, wellFormedJson } from '../../src/tools/well-formed.js';

describe('well-formed text', () => {
  it('replaces each lone surrogate with U+FFFD and keeps pairs', () => {
    expect(wellFormed('plain')).toBe('plain');
    expect(wellFormed('\ud83d\udc5f')).toBe('\ud83d\udc5f');
    expect(wellFormed('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(wellFormed('\udc00\ud800')).toBe('\ufffd\ufffd');
    expect(wellFormed('\ud800\ud83d\udc5f\udfff')).toBe('\ufffd\ud83d\udc5f\ufffd');
    expect(wellFormed('\ud800'.repeat(128))).toBe('\ufffd'.repeat(128));
  });

  it('mends every string of a parsed body, keys and nested values included', () => {
    const body = JSON.parse(
      '{"a\\ud800":"\\udc00","list":["ok","\\ud800x",{"deep":"\\udbff"}],"n":1,"t":true,"z":null}',
    ) as unknown;
    expect(wellFormedJson(body)).toEqual({
      'a\ufffd': '\ufffd',
      list: ['ok', '\ufffdx', { deep: '\ufffd' }],
      n: 1,
      t: true,
      z: null,
    });
  });
});
