import type { CategorySlug } from '@courtside/shop';
import type { Colourway, Cut, View } from './sneaker-svg.js';

/** What a demo product is made of, and the small builders the catalogue uses. */

export interface DemoProduct {
  title: string;
  description: string;
  category: CategorySlug;
  price: number;
  /** 0 when there is no discount. */
  disc_price: number;
  size: number;
  condition: number;
  stock: number;
  colours: Colourway;
  cut: Cut;
  views: View[];
}

export { cw } from './sneaker-svg.js';

// The demo's pictures are drawings: its words never claim they show the pair itself.
const PRELOVED =
  'Pre-loved pair, checked by hand: clean insoles, no sole separation, laces replaced.';
const NEW = 'Brand new in the box with all tags, bought from an authorised retailer.';

/** A description: the pair's own words, then what pre-loved or new means at Courtside. */
export const d = (text: string, preloved = true) => `${text} ${preloved ? PRELOVED : NEW}`;
