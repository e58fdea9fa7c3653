import { describe, expect, it } from 'vitest';
import type { ShopContext } from '../../src/shop/context.js';
import { mailLine } from '../../src/shop/mail-line.js';
import type { MailMessage } from '../../src/tools/mailer.js';

/** A mailer whose deliveries take `ms` each, recording what was on its way at once. */
function slowMailer(ms: (m: MailMessage) => number) {
  const sent: string[] = [];
  const errors: string[] = [];
  let onTheWay = 0;
  let most = 0;
  const shop = {
    mailer: {
      async send(m: MailMessage) {
        onTheWay++;
        most = Math.max(most, onTheWay);
        await new Promise((r) => setTimeout(r, ms(m)));
        onTheWay--;
        if (m.subject === 'broken') throw new Error('no such address');
        sent.push(m.subject);
        return { delivered: 'outbox' as const, id: m.subject };
      },
    },
    log: { error: (info: { to?: string }) => errors.push(String(info.to)) },
  } as unknown as ShopContext;
  return { shop, sent, errors, most: () => most };
}

const message = (subject: string, to = 'a@example.com'): MailMessage => ({
  to,
  subject,
  text: subject,
});

describe("the shop's mail line", () => {
  it('sends the news of different orders side by side, four at most, and is idle after all', async () => {
    const { shop, sent, most } = slowMailer(() => 20);
    const line = mailLine(shop);
    for (let i = 0; i < 10; i++) line.later(() => [message(`order ${i}`)], `order-${i}`);
    await line.idle();
    expect(sent).toHaveLength(10);
    expect(most()).toBe(4);
  });

  it("keeps one order's news in order, even when the first is slower", async () => {
    const { shop, sent } = slowMailer((m) => (m.subject.endsWith('placed') ? 60 : 5));
    const line = mailLine(shop);
    line.later(() => [message('A placed'), message('A owner notice')], 'A');
    line.later(() => [message('A cancelled')], 'A');
    line.later(() => [message('B shipped')], 'B');
    await line.idle();
    expect(sent.filter((s) => s.startsWith('A'))).toEqual([
      'A placed',
      'A owner notice',
      'A cancelled',
    ]);
    expect(sent.indexOf('B shipped')).toBeLessThan(sent.indexOf('A placed'));
  });

  it('logs a failed message and goes on with the next', async () => {
    const { shop, sent, errors } = slowMailer(() => 1);
    const line = mailLine(shop);
    line.later(() => [message('broken', 'nobody@example.com'), message('after')], 'A');
    line.later(() => {
      throw new Error('could not build');
    });
    line.later(() => [message('other')]);
    await line.idle();
    expect(sent.sort()).toEqual(['after', 'other']);
    expect(errors).toContain('nobody@example.com');
    expect(errors).toHaveLength(2);
  });

  it('holds back news of an order while its messages kept with the order are on their way', async () => {
    const { shop, sent } = slowMailer(() => 5);
    const line = mailLine(shop);
    let delivered!: () => void;
    const confirmation = new Promise<void>((done) => (delivered = done)).then(() => {
      sent.push('A placed');
    });
    line.alongside('A', confirmation);
    line.later(() => [message('A cancelled')], 'A');
    line.later(() => [message('B shipped')], 'B');
    await new Promise((r) => setTimeout(r, 30));
    expect(sent).toEqual(['B shipped']);
    let idle = false;
    void line.idle().then(() => (idle = true));
    delivered();
    await line.idle();
    expect(idle).toBe(true);
    expect(sent).toEqual(['B shipped', 'A placed', 'A cancelled']);
  });
});
