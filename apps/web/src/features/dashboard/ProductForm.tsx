import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { CATEGORIES, type Product } from '@courtside/shop';
import {
  PRODUCT_FORM_MESSAGE,
  productFormSchema,
  type ProductFormValues,
} from '@courtside/shop/validation';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { paths } from '../../config/routes';
import { errorText } from '../../lib/errors';
import { DeleteProduct } from './DeleteProduct';
import { ImageField } from './ImageField';
import { extraImageIds } from './images';
import { useSaveProduct } from './use-save-product';

const fieldClass =
  'min-h-11 rounded-xl border bg-white px-3.5 text-base text-ink shadow-sm outline-none focus:border-ink';

function defaultsOf(p: Product | undefined): Partial<ProductFormValues> {
  if (!p) return { title: '', description: '', category: '', stoke: 'true', stock: 1 };
  return {
    title: p.title,
    description: p.description,
    category: p.category,
    size: p.size,
    condition: p.condition,
    price: p.price,
    disc_price: p.disc_price ?? 0,
    stoke: p.stoke === 'false' ? 'false' : 'true',
    stock: p.stock ?? (p.stoke === 'false' ? 0 : 1),
  };
}

/** The product form of docs/shop.md §5, for create (no product) and edit. */
export function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const editing = Boolean(product);
  const { save, progress } = useSaveProduct(product);
  const [main, setMain] = useState<File[]>([]);
  const [extras, setExtras] = useState<File[]>([]);
  const [imageErrors, setImageErrors] = useState<{ main?: string; extras?: string }>({});
  const [failure, setFailure] = useState('');
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: defaultsOf(product),
  });
  const { register, formState, setValue, control } = form;
  const errors = formState.errors;
  const inStock = useWatch({ control, name: 'stoke' }) === 'true';

  // Images are required only when creating (docs/shop.md §5).
  const checkImages = () => {
    const next = editing
      ? {}
      : {
          ...(main.length ? {} : { main: 'Choose a main image' }),
          ...(extras.length ? {} : { extras: 'Choose at least one extra image' }),
        };
    setImageErrors(next);
    return Object.keys(next).length === 0;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure('');
      if (!checkImages()) return;
      try {
        const id = await save(values, { main: main[0] ?? null, extras });
        toast.success(editing ? 'Product updated' : 'Product added');
        navigate(editing ? paths.product(id) : paths.dashboard.products);
      } catch (error) {
        setFailure(errorText(error));
      }
    },
    () => {
      checkImages();
    },
  );

  const invalid = Object.keys(errors).length > 0 || Object.keys(imageErrors).length > 0;
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-5">
      {invalid && (
        <p
          role="alert"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm font-semibold text-danger"
        >
          {PRODUCT_FORM_MESSAGE}
        </p>
      )}
      {failure && (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-danger">
          {failure}
        </p>
      )}
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
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
      <div className="grid gap-5 sm:grid-cols-2">
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
      <ImageField
        label="Main image"
        files={main}
        onFiles={setMain}
        existing={product?.image ? [product.image] : []}
        progress={progress}
        error={imageErrors.main}
        disabled={busy}
      />
      <ImageField
        label="Extra images"
        multiple
        files={extras}
        onFiles={setExtras}
        existing={extraImageIds(product?.images)}
        progress={progress}
        error={imageErrors.extras}
        disabled={busy}
      />
      <div className="flex flex-col-reverse gap-3 border-t border-line pt-5 sm:flex-row sm:justify-between">
        {product ? <DeleteProduct product={product} disabled={busy} /> : <span />}
        <Button type="submit" variant="secondary" loading={busy} className="sm:min-w-40">
          {editing ? 'Update' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
