import { describe, expect, it } from 'vitest';
import { searchTerm } from '../src/search-terms.js';

describe('the search term for what was typed', () => {
  it('spells out shorthands and splits a name from its number', () => {
    expect(searchTerm('aj1')).toBe('"jordan 1"');
    expect(searchTerm('AJ11 bred')).toBe('"jordan 11 bred"');
    expect(searchTerm('kobe6')).toBe('"kobe 6"');
    expect(searchTerm('lbj20')).toBe('"lebron 20"');
  });

  it('matches a model number whole: a phrase when words come with a number', () => {
    expect(searchTerm('  jordan   1 ')).toBe('"jordan 1"');
    expect(searchTerm('Kobe 6 Protro')).toBe('"kobe 6 protro"');
  });

  it('leaves words alone, and a quoted phrase as typed', () => {
    expect(searchTerm('kobe protro')).toBe('kobe protro');
    expect(searchTerm('15')).toBe('15');
    expect(searchTerm('"Air Jordan"')).toBe('"Air Jordan"');
    expect(searchTerm('   ')).toBe('');
  });
});
