import { SIZE_TABLE, sizeExchangeNote } from '@courtside/shop';
import { useShopContent } from '../../lib/shop-content';
import { useShopFacts } from '../../lib/shop-facts';
import { Link } from 'react-router';
import { paths } from '../../config/routes';
import { ProductImage } from '../../components/product/ProductImage';
import { usePageTitle } from '../../lib/page-title';

const CELL = 'px-2 py-2 sm:px-3';

/** Size guide and store description, the size chart beside a real size table (docs/shop.md §2). */
export function SizesPage() {
  usePageTitle('Size guide');
  const facts = useShopFacts();
  const sizeChart = useShopContent().size_chart;
  return (
    <div className="space-y-8">
      <header className="max-w-2xl space-y-3">
        <h1 className="text-3xl font-black tracking-tight">Size Guide</h1>
        <p className="text-ink-soft">{facts.description}</p>
        <p className="text-sm text-ink-soft">
          {sizeExchangeNote(facts.exchange_days)}{' '}
          <Link to={paths.sizeExchange} className="font-semibold text-court-dark underline">
            How the size exchange works
          </Link>
        </p>
        <p className="text-sm text-muted">
          Every product shows its EUR size. Measure your foot from heel to longest toe and pick the
          row with that length or the next one up.
        </p>
      </header>
      <div className="grid items-start gap-8 lg:grid-cols-2">
        <figure className="space-y-2">
          <ProductImage
            fileId={sizeChart}
            alt="Size chart: EUR, US and UK sizes by foot length"
            ratio={3 / 2}
            fit="contain"
            sizes="(min-width: 1024px) 600px, 100vw"
            widths={[360, 600, 900, 1200]}
            eager
            className="rounded-card border border-line bg-white"
          />
          <figcaption className="text-xs text-muted">Size chart</figcaption>
        </figure>
        {/* Fits a 328 px phone column; should a larger text size still make it scroll, the
            region is focusable (arrow keys scroll it) and named. */}
        <div
          role="region"
          aria-label="Size table"
          tabIndex={0}
          className="overflow-x-auto rounded-card border border-line bg-white"
        >
          <table className="w-full text-xs tabular-nums sm:text-sm">
            <caption className="sr-only">
              Shoe sizes: EUR, US men, US women, UK and foot length
            </caption>
            <thead className="bg-ink text-left text-white">
              <tr>
                {['EUR', 'US Men', 'US Women', 'UK', 'Foot (cm)'].map((h) => (
                  <th key={h} scope="col" className={`${CELL} py-2.5 font-semibold`}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SIZE_TABLE.map((row) => (
                <tr key={row.eur} className="border-t border-line even:bg-paper">
                  <th scope="row" className={`${CELL} text-left font-bold`}>
                    {row.eur}
                  </th>
                  <td className={CELL}>{row.usMen}</td>
                  <td className={CELL}>{row.usWomen}</td>
                  <td className={CELL}>{row.uk}</td>
                  <td className={CELL}>{row.cm}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
