import { describe, expect, it } from 'vitest';
import { readUserAgent } from '../../src/tools/user-agent.js';

const client = (ua: string) => {
  const d = readUserAgent(ua);
  return [d.clientCode, d.clientName, d.clientVersion, d.clientEngine, d.deviceName].join(' | ');
};

describe('readUserAgent: the browsers the session and log models name', () => {
  it('tells apart the browsers that also say Chrome or Safari', () => {
    const chrome = 'AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36';
    const windows = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) ${chrome}`;
    expect(client(windows)).toBe('CH | Chrome | 120.0 | Blink | desktop');
    expect(client(`${windows} Edg/121.0.2210.91`)).toBe(
      'PS | Microsoft Edge | 121.0 | Blink | desktop',
    );
    expect(client(`${windows} OPR/105.0.0.0`)).toBe('OP | Opera | 105.0 | Blink | desktop');
    expect(
      client(`Mozilla/5.0 (Linux; Android 13; SM-S908B) SamsungBrowser/23.0 ${chrome} Mobile`),
    ).toBe('SB | Samsung Browser | 23.0 | Blink | smartphone');
    expect(client('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0')).toBe(
      'FF | Firefox | 120.0 | Gecko | desktop',
    );
  });

  it('names the mobile Chrome and Safari on a phone or tablet', () => {
    expect(client('Mozilla/5.0 (Linux; Android 10; K) Chrome/120.0.0.0 Mobile Safari/537.36')).toBe(
      'CM | Chrome Mobile | 120.0 | Blink | smartphone',
    );
    expect(
      client(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Version/17.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('MF | Mobile Safari | 17.1 | WebKit | smartphone');
    expect(
      client('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Version/17.1 Safari/605.1.15'),
    ).toBe('SF | Safari | 17.1 | WebKit | desktop');
  });

  it('answers empty fields for what it does not know', () => {
    expect(client('curl/8.0')).toBe(' |  |  |  | ');
    expect(readUserAgent(undefined).osName).toBe('');
  });
});
