import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/protocol/errors.js';
import { Invalid } from '../../src/protocol/params.js';
import { parseDocumentPermissions } from '../../src/modules/databases/documents/permissions.js';
import { parseFilePermissions } from '../../src/modules/storage/files/permissions.js';
import {
  APPS_ROLE,
  assertGrantable,
  holdsAny,
  rolesByAction,
  rolesFor,
} from '../../src/protocol/permissions.js';

/** Files and documents share one parser: the same input gets the same detail from both. */
const detailOf = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    if (e instanceof Invalid) return `Invalid \`permissions\` param: ${e.message}`;
    if (e instanceof AppError) return e.message;
    throw e;
  }
  return null;
};

describe('shared permission strings', () => {
  it('expands write, drops duplicates and keeps first-seen order for files and documents', () => {
    const input = ['write("users")', 'read("any")', 'update("users")', 'read("user:a1/verified")'];
    const expected = [
      'update("users")',
      'delete("users")',
      'read("any")',
      'read("user:a1/verified")',
    ];
    expect(parseDocumentPermissions(input)).toEqual(expected);
    expect(parseFilePermissions(input)).toEqual(expected);
  });

  it('refuses bad entries with the same message in both modules', () => {
    for (const bad of [
      '*',
      'read("role:all")',
      'read(any)',
      'create("any")',
      'foo("any")',
      'read("admins")',
      'read("any:x")',
      'read("user")',
      'read("user:-bad")',
      'read("label:a-b")',
      'read("users/ok")',
      'read("guests/verified")',
    ]) {
      const doc = detailOf(() => parseDocumentPermissions([bad]));
      expect(doc, bad).toMatch(/^Invalid `permissions` param: /);
      expect(
        detailOf(() => parseFilePermissions([bad])),
        bad,
      ).toBe(doc);
    }
  });

  it('answers who may do what, write counting for create, update and delete', () => {
    const perms = ['read("any")', 'write("label:admin")', 'delete("user:u1")'];
    expect(rolesByAction(perms)).toEqual({
      read: ['any'],
      create: ['label:admin'],
      update: ['label:admin'],
      delete: ['label:admin', 'user:u1'],
    });
    expect(rolesFor(perms, 'delete')).toEqual(['label:admin', 'user:u1']);
  });
});

describe('the role of an API key', () => {
  it('passes every permission and may grant any role', () => {
    const key = ['any', APPS_ROLE];
    expect(holdsAny(key, ['label:admin'])).toBe(true);
    expect(holdsAny(key, [])).toBe(true);
    expect(() => assertGrantable(['read("user:someone")'], key)).not.toThrow();
    expect(holdsAny(['any', 'users'], ['label:admin'])).toBe(false);
  });

  it('can be named by no permission, so no document or file can grant it', () => {
    expect(detailOf(() => parseDocumentPermissions([`read("${APPS_ROLE}")`]))).toMatch(
      /Role "applications" is not allowed/,
    );
    expect(detailOf(() => parseFilePermissions([`read("${APPS_ROLE}")`]))).toMatch(
      /Role "applications" is not allowed/,
    );
  });
});
