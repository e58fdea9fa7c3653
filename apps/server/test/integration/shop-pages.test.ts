import { ID, Permission, Role } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_HIGHLIGHTS,
  HIGHLIGHTS_ID,
  INFO_PAGE_SLUGS,
  INFO_TEXT_LIMITS,
  readHighlights,
} from '@courtside/shop';
import { renderedPagesVersion } from '../../src/web/mount.js';
import { expectError } from '../support/expect-error.js';
import type { SdkUser } from '../support/sdk.js';
import {
  CUSTOMERS,
  denied,
  ids,
  shopWorld,
  WHO,
  type ShopWorld,
  type Who,
} from '../support/shop.js';

/**
 * The shop's pages and delivery estimate (collection `pages`): anyone reads them, only the owner
 * writes them, one document per known slug, the title and body checked with clear messages.
 */

let w: ShopWorld;
const as = (who: Who): SdkUser => w[who];
const pages = [ids.database, ids.pages] as const;
const invalid = (message: string | RegExp) => ({
  code: 400,
  type: 'document_invalid_structure',
  message,
});

beforeAll(async () => {
  w = await shopWorld();
  await w.admin.databases.createDocument(...pages, 'faq', {
    title: 'FAQ',
    body: '## Original?\nYes.',
  });
});
afterAll(() => w.server.close());

describe('reading', () => {
  it.each(WHO)('%s lists and reads the saved pages', async (who) => {
    const list = await as(who).databases.listDocuments(...pages);
    expect(list.documents.map((d) => d.$id)).toEqual(['faq']);
    const faq = await as(who).databases.getDocument(...pages, 'faq');
    expect(faq).toMatchObject({ title: 'FAQ', body: '## Original?\nYes.' });
  });

  it('a page never saved is not found (the web app shows its default text)', async () => {
    await expectError(w.visitor.databases.getDocument(...pages, 'terms'), {
      code: 404,
      type: 'document_not_found',
    });
  });
});

describe('writing', () => {
  it.each(CUSTOMERS)('%s cannot create, change or delete a page', async (who) => {
    const db = as(who).databases;
    const message = 'Only the shop owner can do this';
    await expectError(db.createDocument(...pages, 'terms', { title: 'T', body: 'B' }), {
      ...denied,
      message,
    });
    await expectError(db.updateDocument(...pages, 'faq', { body: 'Mine now' }), denied);
    await expectError(db.deleteDocument(...pages, 'faq'), denied);
    expect((await w.admin.databases.getDocument(...pages, 'faq')).body).toBe('## Original?\nYes.');
  });

  it('the owner saves, changes and deletes every page and the delivery estimate', async () => {
    const db = w.admin.databases;
    for (const slug of [...INFO_PAGE_SLUGS.filter((s) => s !== 'faq'), 'delivery']) {
      const made = await db.createDocument(...pages, slug, {
        title: `  ${slug} title `,
        body: slug === 'delivery' ? ' 3-5  working days ' : 'Line one\r\n\r\n- a point\n',
      });
      expect(made.$id).toBe(slug);
      // Trimmed, one line for a title, Unix line ends; no permissions of its own.
      expect(made.title).toBe(`${slug} title`);
      expect(made.body).toBe(slug === 'delivery' ? '3-5 working days' : 'Line one\n\n- a point');
      expect(made.$permissions).toEqual([]);
    }
    const changed = await db.updateDocument(...pages, 'terms', { body: 'New terms' });
    expect(changed).toMatchObject({ title: 'terms title', body: 'New terms' });
    await db.deleteDocument(...pages, 'terms');
    await expectError(w.visitor.databases.getDocument(...pages, 'terms'), {
      code: 404,
      type: 'document_not_found',
    });
  });

  it('the permissions a writer sends are ignored: the collection decides who reads', async () => {
    const made = await w.admin.databases.createDocument(
      ...pages,
      'terms',
      { title: 'Terms', body: 'Read by all' },
      [Permission.read(Role.label('admin'))],
    );
    expect(made.$permissions).toEqual([]);
    expect((await w.alice.databases.getDocument(...pages, 'terms')).body).toBe('Read by all');
  });
});

describe('the service highlights (D33)', () => {
  it('the owner saves them, checked and trimmed, and every visitor reads them', async () => {
    const own = [
      { title: ' Replies\n 10am-8pm ', text: 'On WhatsApp, every day' },
      ...DEFAULT_HIGHLIGHTS.slice(1),
    ];
    const made = await w.admin.databases.createDocument(...pages, HIGHLIGHTS_ID, {
      title: 'Service highlights',
      body: JSON.stringify(own),
    });
    expect(readHighlights(made.body as string)[0]).toEqual({
      title: 'Replies 10am-8pm',
      text: 'On WhatsApp, every day',
    });
    const read = await w.visitor.databases.getDocument(...pages, HIGHLIGHTS_ID);
    expect(read.body).toBe(made.body);
    await expectError(
      w.alice.databases.updateDocument(...pages, HIGHLIGHTS_ID, { body: '[]' }),
      denied,
    );
  });

  it('refuses a wrong list in words, naming the box', async () => {
    const save = (body: string) =>
      w.admin.databases.updateDocument(...pages, HIGHLIGHTS_ID, { body });
    await expectError(
      save('24/7'),
      invalid('The highlights are a list of three, each with a title and a text.'),
    );
    await expectError(
      save(JSON.stringify([...DEFAULT_HIGHLIGHTS.slice(0, 2), { title: '', text: 'x' }])),
      invalid('Highlight 3: please write its promise.'),
    );
  });
});

describe('refusals, in words', () => {
  const db = () => w.admin.databases;

  it('refuses a page the shop does not have', async () => {
    for (const id of ['about-us', ID.unique()]) {
      await expectError(
        db().createDocument(...pages, id, { title: 'About', body: 'Us' }),
        invalid(
          /^There is no page ".+"\. The pages are: privacy, terms, faq, contact, size-exchange, delivery, highlights\.$/,
        ),
      );
    }
  });

  it('refuses an empty or oversized title or body', async () => {
    const create = (title: string, body: string) =>
      db().createDocument(...pages, 'contact', { title, body });
    await expectError(create('   ', 'Text'), invalid('Please give the page a title.'));
    await expectError(create('Contact', ' \n '), invalid('Please write the text of the page.'));
    // Past the stored size: the schema's own words, naming the attribute and its limit.
    await expectError(
      create('x'.repeat(INFO_TEXT_LIMITS.title + 1), 'Text'),
      invalid(/Attribute "title" .* no longer than 120 chars/),
    );
    await expectError(
      create('Contact', 'x'.repeat(INFO_TEXT_LIMITS.body + 1)),
      invalid(/Attribute "body" .* no longer than 20000 chars/),
    );
    await expectError(
      db().updateDocument(...pages, 'delivery', { body: 'x'.repeat(61) }),
      invalid('The delivery estimate is too long: 60 characters at most.'),
    );
    await expectError(
      db().updateDocument(...pages, 'faq', { title: '' }),
      invalid('Please give the page a title.'),
    );
    await expectError(db().updateDocument(...pages, 'faq', { author: 'me' }), {
      code: 400,
      type: 'document_invalid_structure',
    });
    expect((await db().getDocument(...pages, 'faq')).title).toBe('FAQ');
  });
});

it('a saved page moves the version the rendered pages are kept by', async () => {
  const version = renderedPagesVersion(w.server.app.databases, ids)!;
  const before = await version();
  await w.admin.databases.updateDocument(...pages, 'delivery', { body: '1-2 working days' });
  expect(await version()).toBeGreaterThan(before);
});
