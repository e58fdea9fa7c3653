import { describe, expect, it } from 'vitest';
import {
  accountLine,
  accountsError,
  DEFAULT_FACTS,
  readShopFacts,
  readShopSettings,
  factsOf,
  factsFromServer,
  textFactError,
  whatsappLink,
} from '../src/index.js';

const account = { payee: 'Sana Malik', bank: 'HBL', number: '1234 5678 9012', iban: '' };

describe("the shop's facts", () => {
  it('refuse each wrong value in the words of its field', () => {
    expect(textFactError('name', '  ')).toBe('Shop name is required');
    expect(textFactError('tagline', '')).toBeNull();
    expect(textFactError('whatsapp', '042 35761234')).toBe(
      'WhatsApp number: enter a Pakistani mobile number, like 03XX XXXXXXX',
    );
    expect(textFactError('phone', '0301 2345678')).toBeNull();
    expect(textFactError('email', 'not-an-address')).toBe('Email address must be a valid address');
    expect(textFactError('instagram', 'instagram.com/x')).toBe(
      'Instagram link must be a web address starting with https://',
    );
    expect(textFactError('instagram', '')).toBeNull();
    expect(textFactError('name', 'x'.repeat(61))).toBe('Shop name must be at most 60 characters');
    expect(textFactError('address', 42)).toBe('Address must be text');
  });

  it('check every account: payee, bank and number required, an IBAN as Pakistani banks write it', () => {
    expect(accountsError([account])).toBeNull();
    expect(accountsError([account, { ...account, number: ' ' }])).toBe(
      'Account 2: account number is required',
    );
    expect(accountsError([{ ...account, iban: 'PK36 SCBL 0000 0011 2345 6702' }])).toBeNull();
    expect(accountsError([{ ...account, iban: 'PK36 1234' }])).toMatch(/^Account 1: IBAN must be/);
    expect(accountsError('[]')).toBe('The accounts must be a list');
    expect(accountsError(Array.from({ length: 11 }, () => account))).toBe('At most 10 accounts');
  });

  it('read a stored document, each missing or broken value at its default', () => {
    expect(readShopFacts(null)).toEqual(DEFAULT_FACTS);
    const facts = readShopFacts({
      name: 'Sneaker Bazaar',
      whatsapp: '0321 7654321',
      email: 'broken',
      accounts: JSON.stringify([{ ...account, iban: 'pk36scbl0000001123456702' }]),
      exchange_days: 7,
    });
    expect(facts.name).toBe('Sneaker Bazaar');
    expect(facts.whatsapp).toBe('+923217654321');
    expect(facts.email).toBe(DEFAULT_FACTS.email);
    expect(facts.accounts).toEqual([{ ...account, iban: 'PK36SCBL0000001123456702' }]);
    expect(facts.exchange_days).toBe(7);
    expect(readShopFacts({ accounts: 'not json' }).accounts).toEqual(DEFAULT_FACTS.accounts);
  });

  it('are read lightly in the browser: what the server sent, a mistyped value at its default', () => {
    const sent = { ...DEFAULT_FACTS, name: 'Sneaker Bazaar', accounts: [account, { bank: 1 }] };
    expect(factsFromServer(sent)).toEqual({ ...sent, accounts: [account] });
    expect(factsFromServer({ name: 7, exchange_days: '3' })).toEqual(DEFAULT_FACTS);
    expect(factsFromServer(null)).toEqual(DEFAULT_FACTS);
  });

  it('are the settings a page may show, and nothing else', () => {
    const facts = factsOf(readShopSettings({ name: 'Sneaker Bazaar', cod_fee: 300 }));
    expect(facts).toEqual({ ...DEFAULT_FACTS, name: 'Sneaker Bazaar' });
    expect(facts).not.toHaveProperty('cod_fee');
  });

  it('write an account on one line and a wa.me link from any form of the number', () => {
    expect(accountLine({ ...account, iban: 'PK36SCBL0000001123456702' })).toBe(
      'HBL: 1234 5678 9012 (IBAN PK36 SCBL 0000 0011 2345 6702), Sana Malik',
    );
    expect(whatsappLink('Hi', '0321 7654321')).toBe('https://wa.me/923217654321?text=Hi');
    expect(whatsappLink('Hi', '+923217654321')).toBe('https://wa.me/923217654321?text=Hi');
  });
});
