import { Permission, Role } from 'appwrite';
import { DB, ME } from './schema.js';
import type { Context } from './context.js';
import { like, refused, type Row } from './table.js';

/**
 * DatabasesBase::testInvalidDocumentStructure (Appwrite 1.4 e2e): each attribute format and range
 * accepts a good value and refuses a bad one with the validator's message.
 */
const mine = [
  Permission.read(Role.user(ME)),
  Permission.update(Role.user(ME)),
  Permission.delete(Role.user(ME)),
];
const create = (c: Context, data: Record<string, unknown>) =>
  c.me.databases.createDocument(DB, 'structure', 'unique()', data, mine);

const good: [string, unknown][] = [
  ['email', 'user@example.com'],
  ['enum', 'yes'],
  ['ip', '1.1.1.1'],
  ['url', 'http://www.example.com'],
  ['range', 3],
  ['floatRange', 1.4],
  ['probability', 0.99999],
  ['upperBound', 8],
  ['lowerBound', 8],
];

const invalid = (detail: string) => `Invalid document structure: ${detail}`;
const bad: [string, unknown, string | RegExp][] = [
  [
    'email',
    'user@@example.com',
    invalid('Attribute "email" has invalid format. Value must be a valid email address'),
  ],
  [
    'enum',
    'badEnum',
    invalid('Attribute "enum" has invalid format. Value must be one of (yes, no, maybe)'),
  ],
  [
    'ip',
    '1.1.1.1.1',
    invalid('Attribute "ip" has invalid format. Value must be a valid IP address'),
  ],
  [
    'url',
    'example...com',
    invalid('Attribute "url" has invalid format. Value must be a valid URL'),
  ],
  [
    'range',
    11,
    invalid('Attribute "range" has invalid format. Value must be a valid range between 1 and 10'),
  ],
  [
    'probability',
    1.1,
    invalid(
      'Attribute "probability" has invalid format. Value must be a valid range between 0 and 1',
    ),
  ],
  [
    'upperBound',
    11,
    invalid(
      'Attribute "upperBound" has invalid format. Value must be a valid range between -9,223,372,036,854,775,808 and 10',
    ),
  ],
  [
    'lowerBound',
    3,
    invalid(
      'Attribute "lowerBound" has invalid format. Value must be a valid range between 5 and 9,223,372,036,854,775,808',
    ),
  ],
  [
    'birthDay',
    '2020-10-10 27:30:10+01:00',
    /^Invalid document structure: Attribute "birthDay" has invalid/,
  ],
];

export const structureRows: Row<Context>[] = [
  ...good.map(([key, value]): Row<Context> => ({
    name: `testInvalidDocumentStructure: ${key} ${JSON.stringify(value)} is accepted`,
    run: (c) => create(c, { [key]: value }),
    expect: like({ [key]: value }),
  })),
  {
    name: 'testInvalidDocumentStructure: an omitted attribute with a default takes it',
    run: (c) => create(c, { range: 3 }),
    expect: like({ probability: 0, email: null }),
  },
  ...bad.map(([key, value, message]): Row<Context> => ({
    name: `testInvalidDocumentStructure: ${key} ${JSON.stringify(value)} is 400`,
    run: (c) => create(c, { [key]: value }),
    expect: refused(400, 'document_invalid_structure', message),
  })),
  {
    name: 'testInvalidDocumentStructure: floatRange 2.5 is 400 with the exact bounds',
    run: (c) => create(c, { floatRange: 2.5 }),
    expect: refused(
      400,
      'document_invalid_structure',
      invalid(
        'Attribute "floatRange" has invalid format. Value must be a valid range between 1.1 and 1.4',
      ),
    ),
    differs: {
      appwrite: '"between 1 and 1": the bounds rounded to integers (a TODO in its own test)',
      why: 'the message names the real bounds, 1.1 and 1.4',
    },
  },
];
