import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { inlined } from '../../src/db/closing.js';

const q = (text: string, ...parameters: unknown[]) => CompiledQuery.raw(text, parameters);

describe('closing statements written out for one PostgreSQL message', () => {
  it('writes each parameter in as a literal of its kind', () => {
    expect(inlined(q('UPDATE t SET a = $1, b = $2, c = $3, d = $4', 2, -0.5, null, true))).toBe(
      'UPDATE t SET a = 2, b = -0.5, c = NULL, d = TRUE',
    );
    // Ten and more parameters: $10 is the tenth, not the first followed by a zero.
    const many = Array.from({ length: 11 }, (_, i) => i + 1);
    expect(inlined(q(many.map((n) => `$${n}`).join(','), ...many))).toBe(many.join(','));
  });

  it('quotes text so that nothing in it can end the literal', () => {
    expect(inlined(q('SELECT $1', "it's"))).toBe("SELECT 'it''s'");
    expect(inlined(q('SELECT $1', "a\\'; DROP TABLE t; --"))).toBe(
      "SELECT  E'a\\\\''; DROP TABLE t; --'",
    );
    // A literal holding "$2" is not read again as a parameter.
    expect(inlined(q('SELECT $1, $2', '$2', 7))).toBe("SELECT '$2', 7");
  });

  it('refuses what it cannot write as a literal', () => {
    expect(() => inlined(q('SELECT $1', Number.NaN))).toThrow(/not a number/);
    expect(() => inlined(q('SELECT $1', Infinity))).toThrow(/not a number/);
    expect(() => inlined(q('SELECT $1', Buffer.from('x')))).toThrow(/text, numbers and booleans/);
  });
});
