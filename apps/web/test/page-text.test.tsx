import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageText } from '../src/components/ui/PageText';
import { parsePageText, safeHref } from '../src/lib/page-text';

function show(body: string) {
  const router = createMemoryRouter([{ path: '*', element: <PageText body={body} /> }]);
  return render(<RouterProvider router={router} />).container;
}

describe("the shop pages' text format", () => {
  it('reads headings, paragraphs with their line breaks, and both kinds of list', () => {
    expect(
      parsePageText('## Pay\nCash\non delivery\n\n- one\n  more\n* two\n1. first\n### Small'),
    ).toEqual([
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: 'Pay' }] },
      {
        kind: 'paragraph',
        lines: [[{ kind: 'text', text: 'Cash' }], [{ kind: 'text', text: 'on delivery' }]],
      },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'one more' }], [{ kind: 'text', text: 'two' }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }]] },
      { kind: 'heading', level: 3, content: [{ kind: 'text', text: 'Small' }] },
    ]);
  });

  it('renders them as elements, with bold, links and bare web addresses', () => {
    const c = show(
      '## Delivery\nWe ship **fast**. See the [size guide](/sizes) or https://wa.me/923001234567.\n\n1. Order\n2. Pay',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery' })).toBeInTheDocument();
    expect(c.querySelector('strong')).toHaveTextContent('fast');
    expect(screen.getByRole('link', { name: 'size guide' })).toHaveAttribute('href', '/sizes');
    const chat = screen.getByRole('link', { name: 'https://wa.me/923001234567' });
    // The full stop after an address is not part of it; other sites open in a new tab.
    expect(chat).toHaveAttribute('href', 'https://wa.me/923001234567');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(c.querySelector('ol')!).getAllByRole('listitem')).toHaveLength(2);
  });

  it('never turns the text into markup: tags show as the characters they are', () => {
    const evil =
      '<script>alert(1)</script>\n<img src=x onerror="alert(2)">\n\n## <b>Hi</b>\n- <iframe src="https://evil.test"></iframe>';
    const c = show(evil);
    for (const tag of ['script', 'img', 'b', 'iframe']) expect(c.querySelector(tag)).toBeNull();
    expect(c).toHaveTextContent('<script>alert(1)</script>');
    expect(c).toHaveTextContent('<img src=x onerror="alert(2)">');
    expect(screen.getByRole('heading', { name: '<b>Hi</b>' })).toBeInTheDocument();
  });

  it('links only to web, mail and phone addresses and to the shop itself', () => {
    const c = show(
      [
        '[a](javascript:alert(1))',
        '[b](JavaScript:alert(1))',
        '[c](data:text/html,<script>alert(1)</script>)',
        '[d](//evil.test/x)',
        '[e](/\\evil.test)',
        '[f](vbscript:msgbox)',
        '[mail](mailto:hello@courtside.pk) [call](tel:+923001234567) [faq](/faq)',
      ].join('\n'),
    );
    const hrefs = [...c.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['mailto:hello@courtside.pk', 'tel:+923001234567', '/faq']);
    // A refused link stays readable as the text it was.
    expect(c).toHaveTextContent('[a](javascript:alert(1))');
    for (const bad of ['javascript:x', ' //x.test', 'http:/x', 'ftp://x.test', 'mailto:'])
      expect(safeHref(bad), bad).toBeNull();
  });

  it('puts no link inside another', () => {
    const c = show('[https://wa.me/1](https://wa.me/1) and **bold https://x.test/a**');
    expect(c.querySelectorAll('a a')).toHaveLength(0);
    expect(c.querySelectorAll('a')).toHaveLength(2);
    expect(c.querySelector('strong a')).toHaveAttribute('href', 'https://x.test/a');
  });
});
