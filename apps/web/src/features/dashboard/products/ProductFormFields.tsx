import type { UseFormReturn } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { CATEGORIES } from '@courtside/shop';
import type { ProductFormValues } from '@courtside/shop/validation';
import { TextField } from '../../../components/ui/TextField';

/** The product form's fields that are more than a text field (ProductForm.tsx). */
type Form = UseFormReturn<ProductFormValues>;

const fieldClass =
  'min-h-11 rounded-xl border bg-white px-3.5 text-base text-ink shadow-sm outline-none focus:border-ink';

export function DescriptionField({ form }: { form: Form }) {
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="product-description" className="text-sm font-medium text-ink-soft">
        Description
      </label>
      <textarea
        id="product-description"
        rows={5}
        aria-invalid={errors.description ? true : undefined}
        className={`${fieldClass} py-2.5 ${errors.description ? 'border-danger' : 'border-line'}`}
        {...register('description')}
      />
      {errors.description && <p className="text-xs text-danger">{errors.description.message}</p>}
    </div>
  );
}

function CategoryField({ form }: { form: Form }) {
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="product-category" className="text-sm font-medium text-ink-soft">
        Category
      </label>
      <select
        id="product-category"
        aria-invalid={errors.category ? true : undefined}
        className={`${fieldClass} ${errors.category ? 'border-danger' : 'border-line'}`}
        {...register('category')}
      >
        <option value="">Choose a category</option>
        {CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.label}
          </option>
        ))}
      </select>
      {errors.category && <p className="text-xs text-danger">{errors.category.message}</p>}
    </div>
  );
}

/** Category, size, condition, price and discount, two by two on wider screens. */
export function DetailsFields({ form }: { form: Form }) {
  const { register } = form;
  const errors = form.formState.errors;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <CategoryField form={form} />
      <TextField
        label="Shoe size (EUR)"
        type="number"
        step="any"
        inputMode="decimal"
        error={errors.size?.message}
        {...register('size', { valueAsNumber: true })}
      />
      <TextField
        label="Condition (out of 10)"
        type="number"
        step="any"
        inputMode="decimal"
        error={errors.condition?.message}
        {...register('condition', { valueAsNumber: true })}
      />
      <TextField
        label="Price (Rs.)"
        type="number"
        inputMode="numeric"
        error={errors.price?.message}
        {...register('price', { valueAsNumber: true })}
      />
      <TextField
        label="Discount price (Rs.)"
        type="number"
        inputMode="numeric"
        hint="0 or empty for no discount"
        error={errors.disc_price?.message}
        // An empty discount means none (D2), not a mistake to correct.
        {...register('disc_price', { setValueAs: (v: unknown) => (v === '' ? 0 : Number(v)) })}
      />
    </div>
  );
}

/** In stock or not, and how many pairs: out of stock means none, in stock at least one. */
export function StockFields({ form }: { form: Form }) {
  const { register, setValue, control } = form;
  const errors = form.formState.errors;
  const inStock = useWatch({ control, name: 'stoke' }) === 'true';
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 sm:items-end">
      <legend className="mb-1.5 text-sm font-medium text-ink-soft">Stock</legend>
      <div className="flex gap-2">
        {(
          [
            ['true', 'In Stock'],
            ['false', 'Out of Stock'],
          ] as const
        ).map(([value, label]) => (
          <label
            key={value}
            className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-xl border border-line bg-white px-3 text-sm font-medium has-checked:border-ink has-checked:ring-1 has-checked:ring-ink"
          >
            <input
              type="radio"
              value={value}
              className="accent-court"
              {...register('stoke', {
                onChange: () => {
                  const stock = form.getValues('stock');
                  if (value === 'false') setValue('stock', 0);
                  else if (!stock) setValue('stock', 1);
                },
              })}
            />
            {label}
          </label>
        ))}
      </div>
      <TextField
        label="Pairs in stock"
        type="number"
        inputMode="numeric"
        disabled={!inStock}
        error={errors.stock?.message}
        {...register('stock', { valueAsNumber: true })}
      />
    </fieldset>
  );
}

/** Draft: the product is kept here, hidden from shoppers, until the owner lists it. */
export function DraftField({ form }: { form: Form }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line bg-white px-3.5 py-3 has-checked:border-ink has-checked:ring-1 has-checked:ring-ink">
      <input type="checkbox" className="mt-0.5 size-5 accent-ink" {...form.register('draft')} />
      <span className="flex flex-col">
        <span className="text-sm font-semibold text-ink">Draft: hidden from shoppers</span>
        <span className="text-xs text-muted">
          Kept in the dashboard only: not in the shop, its search or at its link, until you untick
          this.
        </span>
      </span>
    </label>
  );
}
