import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { photosProblem, type Product } from '@courtside/shop';
import {
  PRODUCT_FORM_MESSAGE,
  productFormSchema,
  type ProductFormValues,
} from '@courtside/shop/validation';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { errorText } from '../../../lib/errors';
import { ConditionPhotoFields, type ChosenConditionPhotos } from './ConditionPhotoFields';
import { DeleteProduct } from './DeleteProduct';
import { useBackToList } from './list-place';
import { storedPhotos, type PhotoItem } from './photo-list';
import { PhotosField } from './PhotosField';
import { DescriptionField, DetailsFields, DraftField, StockFields } from './ProductFormFields';
import { useSaveProduct } from './use-save-product';

function defaultsOf(p: Product | undefined): Partial<ProductFormValues> {
  if (!p) {
    return { title: '', description: '', category: '', stoke: 'true', stock: 1, draft: false };
  }
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
    draft: p.draft === true,
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
  const backToList = useBackToList();
  const editing = Boolean(product);
  const { save, progress } = useSaveProduct(product);
  const [photos, setPhotos] = useState<PhotoItem[]>(() => storedPhotos(product));
  const [condition, setCondition] = useState<ChosenConditionPhotos>({});
  const [photoError, setPhotoError] = useState('');
  const [failure, setFailure] = useState('');
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(productFormSchema),
    defaultValues: defaultsOf(product),
  });
  const { register, formState } = form;
  const errors = formState.errors;

  // One photo lists a pair; a draft may have none yet (docs/shop.md#drafts-and-photos).
  const checkPhotos = () => {
    const problem = photosProblem(photos.length, form.getValues('draft'));
    setPhotoError(problem ?? '');
    return problem === null;
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure('');
      if (!checkPhotos()) return;
      try {
        await save(values, { photos, condition });
        toast.success(editing ? 'Product updated' : 'Product added');
        backToList();
      } catch (error) {
        setFailure(errorText(error));
      }
    },
    () => {
      checkPhotos();
    },
  );

  const invalid = Object.keys(errors).length > 0 || photoError !== '';
  const busy = formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-3xl flex-col gap-5">
      <FormAlerts invalid={invalid} failure={failure} />
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <DescriptionField form={form} />
      <DetailsFields form={form} />
      <StockFields form={form} />
      <DraftField form={form} />
      <PhotosField
        photos={photos}
        onPhotos={(next) => {
          setPhotos(next);
          setPhotoError('');
        }}
        progress={progress}
        error={photoError}
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
