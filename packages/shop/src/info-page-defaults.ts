import { shopPhoneText, type ShopFacts } from './facts.js';
import type { InfoPageSlug, InfoText } from './info-pages.js';
import { formatRs, type Charges } from './pricing.js';

/**
 * What each of the shop's pages says until the owner saves their own text (info-pages.ts), built
 * from the shop's facts and charges as the owner last saved them, so a changed number or fee shows
 * here too. The text uses the pages' simple format: `## ` starts a heading, `- ` a list item, a
 * blank line a new paragraph, `**bold**`, and `[words](link)`.
 */

/** The pages' titles, which stay while their text changes. */
export const INFO_PAGE_TITLES: Readonly<Record<InfoPageSlug, string>> = Object.freeze({
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  faq: 'Frequently Asked Questions',
  contact: 'Contact Us',
  'size-exchange': 'Size Exchange Policy',
});

export function defaultInfoPages(
  F: ShopFacts,
  charges: Charges,
): Readonly<Record<InfoPageSlug, InfoText>> {
  const cod = formatRs(charges.codFee);
  const freeFrom = formatRs(charges.freeFrom);
  const phone = shopPhoneText(F);
  const whatsapp = `[WhatsApp ${shopPhoneText({ phone: F.whatsapp })}](https://wa.me/${F.whatsapp.replace(/\D/g, '')})`;
  const email = `[${F.email}](mailto:${F.email})`;
  const instagram = F.instagram ? `[Instagram](${F.instagram})` : '';
  const wallets = F.accounts.map((a) => a.bank).join(', ');

  const privacy = `${F.name} keeps only what it needs to get your shoes to you, and never sells it.

## What we keep
- Your name, e-mail address and mobile number, when you create an account or place an order.
- Your delivery address, so the next checkout is filled in for you.
- Your orders: the pairs, prices, payment method and status.
- Your e-mail address, if you subscribe to our offers.

Your cart and wishlist stay in your own browser until you order.

## What we use it for
- To confirm your order by phone or WhatsApp, deliver it and tell you where it is.
- To answer your messages and handle a size exchange.
- To send our offers, only if you subscribed. Each e-mail says how to stop them.

## Who else sees it
The courier gets your name, mobile number and address to deliver your parcel. Nobody else: we do not sell or share your details for advertising. We never see card details; bank and wallet transfers go straight from your account to ours.

## Cookies
We use one cookie to keep you signed in. There are no advertising trackers on this site.

## How long we keep it
Orders are kept for our accounts. You can ask us at any time to see, correct or delete your details and account: write to ${email} or message us on ${whatsapp}.`;

  const terms = `These terms apply when you use the ${F.name} website or buy from us. By placing an order you accept them.

## The shoes
- We sell original basketball shoes, new and pre-loved. Every pair is checked by hand before it is listed.
- Each pre-loved pair is one of a kind, in one size. Its condition is given out of 10 and shown in the photos; small signs of wear are normal for a pre-loved pair.
- Prices are in Pakistani rupees and may change, but never after you have placed your order.

## Orders
- An order is confirmed when we call or message you. We may cancel an order we cannot confirm, or whose pair has sold, and tell you why.
- You can cancel before your order ships: message us on ${whatsapp}.

## Payment
- **Cash on delivery** across Pakistan, with a ${cod} cash on delivery fee shown at checkout.
- **Bank or mobile wallet transfer** (${wallets}), with no fee. Send us a screenshot of the payment on WhatsApp; we ship once it has arrived.

## Delivery
We deliver across Pakistan by courier. The time it takes is shown on every product page and at checkout. Please check the parcel when it arrives and tell us the same day if anything is wrong.

## Returns and exchanges
We do not take returns. You can exchange a pair for another size under our [size exchange policy](/size-exchange). If we sent the wrong pair, or a pair not as described, we put it right at our cost.

## Your account
Keep your password to yourself. We may close an account used for fake orders.

## Changes and law
We may update these terms; the version on this page applies to new orders. These terms are governed by the laws of Pakistan. Questions: ${email}.`;

  const faq = `## Are your shoes original?
Yes. Every pair, new or pre-loved, is original and checked by hand before it is listed. If a pair is not what we described, we make it right.

## What does pre-loved mean?
Worn before, cleaned and checked. Each product shows its condition out of 10, with photos of the actual pair.

## How do I find my size?
Every product shows its EUR size. The [size guide](/sizes) turns EUR into US and UK sizes and foot length. Not sure? Message us and we will measure the insole for you.

## How can I pay?
- Cash on delivery, anywhere in Pakistan: a ${cod} fee is added at checkout.
- Bank or mobile wallet transfer (${wallets}): no fee. Send the payment screenshot on WhatsApp.

## How long does delivery take?
We deliver across Pakistan by courier. The current estimate is shown on every product page and at checkout. Delivery is free on orders over ${freeFrom}.

## Can I return a pair?
We do not take returns, but you can exchange a pair for another size: see the [size exchange policy](/size-exchange).

## Do I need an account to order?
No. Give your name, mobile number and address at checkout; an e-mail address is optional. We call you to confirm a cash-on-delivery order. Sign in later with a code sent to the same number and your orders are there.

## How will I hear about my order?
By SMS to the mobile number you gave, and by e-mail too if you gave an address: when you place it (with its number and total), when we confirm it and start packing, when it ships (with the courier, the tracking number and a tracking link), when it is delivered, and if it is cancelled or returned.

## How do I track my order?
Open [Track your order](/track) and type your order number and mobile number, or see [My Orders](/account/my-orders) after signing in.

## Can I order on WhatsApp?
Yes: send us the pair's link on ${whatsapp} and we will take your order there.`;

  const contact = `We are a small shop in ${F.address}, and we answer every message ourselves, usually within a few hours.

## WhatsApp
The quickest way to reach us: ${whatsapp}. Send a pair's link to ask about it, or order it right there.

## Phone
[${phone}](tel:${F.phone})

## E-mail
${email}

${instagram ? `## Instagram\nNew arrivals first on ${instagram}.\n` : ''}
## Your order
Please have your order number ready; you find it in the SMS we sent when you ordered, in [My Orders](/account/my-orders) and in your confirmation e-mail.`;

  const sizeExchange = `We do not take returns, but a pair that does not fit can be exchanged for another size.

## How it works
1. Message us on ${whatsapp} within **${F.exchange_days} days** of delivery, with your order number and photos of the pair.
2. Choose another pair from the shop in your size. New and pre-loved pairs are one of a kind, so we tell you what is available.
3. Send the pair back to us by courier; we ship your new pair as soon as it arrives.

## The rules
- The pair must come back as you received it: not worn outside, clean, with its box and everything that came with it.
- If the new pair costs more, you pay the difference; if it costs less, the difference is credit for your next order.
- You pay the courier to send the pair back; we pay to send the new one.
- One exchange per order.

## Wrong pair?
If we sent the wrong pair, or a pair not as described, we exchange it or refund you in full, and pay the courier both ways.

## Not sure of your size?
Check the [size guide](/sizes) before you order, or ask us for the insole length in centimetres.`;

  const bodies = { privacy, terms, faq, contact, 'size-exchange': sizeExchange };
  const pages = {} as Record<InfoPageSlug, InfoText>;
  for (const slug of Object.keys(INFO_PAGE_TITLES) as InfoPageSlug[]) {
    pages[slug] = { title: INFO_PAGE_TITLES[slug], body: bodies[slug] };
  }
  return pages;
}
