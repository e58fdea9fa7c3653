import { useParams } from 'react-router';
import { LoadError } from '../../../components/ui/LoadError';
import { paths } from '../../../config/routes';
import { usePageTitle } from '../../../lib/page-title';
import { isMissing } from '../../../lib/errors';
import { ProductForm } from './ProductForm';
import { useProductQuery } from './products-api';
import { Gone, Loading, PageTitle } from '../ui';

/** /dashboard/addproducts (create) and /dashboard/editproduct/:slug (edit, loaded by id). */
export function ProductFormPage() {
  const { slug } = useParams();
  usePageTitle(slug ? 'Update Product · Dashboard' : 'Add Product · Dashboard');
  if (!slug) {
    return (
      <section>
        <PageTitle>Add Product</PageTitle>
        <ProductForm key="new" />
      </section>
    );
  }
  return <EditProduct id={slug} />;
}

function EditProduct({ id }: { id: string }) {
  const { data, isLoading, isError, error, refetch } = useProductQuery(id);
  return (
    <section>
      <PageTitle>Update Product</PageTitle>
      {isLoading ? (
        <Loading label="Loading the product" />
      ) : isMissing(error) ? (
        <Gone
          message="This product no longer exists."
          back={{ to: paths.dashboard.products, label: 'Go to the products list' }}
        />
      ) : isError || !data ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <ProductForm key={data.$id} product={data} />
      )}
    </section>
  );
}
