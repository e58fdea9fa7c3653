import { describe, expect, it } from 'vitest';
import {
  checkInfoText,
  DEFAULT_HIGHLIGHTS,
  HIGHLIGHTS_ID,
  HIGHLIGHTS_TITLE,
  highlightsBody,
  isInfoTextId,
  readHighlights,
  unknownInfoPageMessage,
} from '../src/index.js';

const three = (titles: string[]) => titles.map((title) => ({ title, text: `About ${title}` }));

describe('the service highlights (D33)', () => {
  it('by default promise what one person can keep: no round-the-clock service', () => {
    expect(DEFAULT_HIGHLIGHTS.map((h) => h.title)).toEqual([
      'Free delivery over Rs.10,000',
      'WhatsApp replies 9am-9pm',
      'Same item guarantee',
    ]);
    expect(JSON.stringify(DEFAULT_HIGHLIGHTS)).not.toMatch(/24\/7|any time|photo/i);
    // And pass their own rules.
    const body = highlightsBody(DEFAULT_HIGHLIGHTS);
    expect(checkInfoText(HIGHLIGHTS_ID, { title: HIGHLIGHTS_TITLE, body }).ok?.body).toBe(body);
  });

  it('are one more document of the pages collection', () => {
    expect(isInfoTextId(HIGHLIGHTS_ID)).toBe(true);
    expect(unknownInfoPageMessage('about')).toMatch(/delivery, highlights\.$/);
  });

  it('read as stored, each missing or broken box at its default', () => {
    const own = three(['Open every day', 'Replies within the hour', 'Checked twice']);
    expect(readHighlights(highlightsBody(own))).toEqual(own);
    expect(readHighlights(null)).toEqual(DEFAULT_HIGHLIGHTS);
    expect(readHighlights('not json')).toEqual(DEFAULT_HIGHLIGHTS);
    expect(readHighlights(JSON.stringify([own[0], { title: '' }, 7]))).toEqual([
      own[0],
      DEFAULT_HIGHLIGHTS[1],
      DEFAULT_HIGHLIGHTS[2],
    ]);
  });

  it('are stored trimmed on one line, and refused in words naming the box', () => {
    const check = (body: string) => checkInfoText(HIGHLIGHTS_ID, { title: HIGHLIGHTS_TITLE, body });
    const sent = [
      { title: '  Replies\n 9am-9pm ', text: ' On WhatsApp ' },
      ...DEFAULT_HIGHLIGHTS.slice(1),
    ];
    expect(JSON.parse(check(JSON.stringify(sent)).ok!.body)[0]).toEqual({
      title: 'Replies 9am-9pm',
      text: 'On WhatsApp',
    });
    expect(check(JSON.stringify(three(['a', 'b']))).error).toBe('Write all 3 highlights.');
    expect(check(JSON.stringify(three(['a', ' ', 'c']))).error).toBe(
      'Highlight 2: please write its promise.',
    );
    expect(check(JSON.stringify(three(['a', 'b', 'x'.repeat(41)]))).error).toBe(
      'Highlight 3: the promise is too long, 40 characters at most.',
    );
    const longText = [...three(['a', 'b']), { title: 'c', text: 'y'.repeat(81) }];
    expect(check(JSON.stringify(longText)).error).toBe(
      'Highlight 3: the line is too long, 80 characters at most.',
    );
    for (const wrong of ['', 'x', '{}', '[1,2,3]', '[{"title":1,"text":"a"}]']) {
      expect(check(wrong).error, wrong).toBe(
        'The highlights are a list of three, each with a title and a text.',
      );
    }
  });
});
