import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { extraImageIds, type Product } from '@courtside/shop';
import {
  PRODUCT_FORM_MESSAGE,
  productFormSchema,
  type ProductFormValues,
} from '@courtside/shop/validation';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { paths } from '../../../config/routes';
import { errorText } from '../../../lib/errors';
import { ConditionPhotoFields, type ChosenConditionPhotos } from './ConditionPhotoFields';
import { DeleteProduct } from './DeleteProduct';
import { ImageField } from './ImageField';
import { DescriptionField, DetailsFields, StockFields } from './ProductFormFields';
import { useSaveProduct } from './use-save-product';

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

/** The form's message when a field fails (docs/shop.md §5), and why a save failed. */
function FormAlerts({ invalid, failure }: { invalid: boolean; failure: string }) {
  return (
    <>
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
    </>
  );
}

/** The product form of docs/shop.md §5, for create (no product) and edit. */
export function ProductForm({ product }: { product?: Product }) {
  const navigate = useNavigate();
  const editing = Boolean(product);
  const { save, progress } = useSaveProduct(product);
  const [main, setMain] = useState<File[]>([]);
  const [extras, setExtras] = useState<File[]>([]);
  const [condition, setCondition] = useState<ChosenConditionPhotos>({});
  const [imageErrors, setImageErrors] = useState<{ main?: string; extras?: string }>({});
  const [failure, setFailure] = useState('');
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: defaultsOf(product),
  });
  const { register, formState } = form;
  const errors = formState.errors;

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
        const id = await save(values, { main: main[0] ?? null, extras, condition });
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
      <FormAlerts invalid={invalid} failure={failure} />
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <DescriptionField form={form} />
      <DetailsFields form={form} />
      <StockFields form={form} />
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
      <ConditionPhotoFields
        stored={product?.condition_photos}
        chosen={condition}
        onChosen={setCondition}
        progress={progress}
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
