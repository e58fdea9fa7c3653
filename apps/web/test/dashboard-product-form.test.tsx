import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases, storage } from '../src/lib/appwrite';
import { product, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

/** A file that is a PNG picture by its first bytes (the form reads them), `size` bytes long. */
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0];
const png = (name: string, size = PNG_HEAD.length) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return new File([bytes], name, { type: 'image/png' });
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('product form', () => {
  it('shows the form message and the field messages, and saves nothing, on invalid input', async () => {
    const { user } = renderDashboard('/dashboard/addproducts');
    // The first render of the form loads its code: more than the usual second.
    await user.click(await screen.findByRole('button', { name: 'Add Product' }, { timeout: 5000 }));
    expect(await screen.findByText('Something Went wrong. Please check again')).toBeInTheDocument();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Choose a category', { selector: 'p' })).toBeInTheDocument();
    // One photo is enough to list a pair; without any, the form says what to do.
    expect(
      screen.getByText('Add at least one photo to list this pair, or save it as a draft'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(storage.createFile).not.toHaveBeenCalled();
    expect(databases.createDocument).not.toHaveBeenCalled();
  });

  it('uploads the photos first, showing progress, then creates the product with their ids in the chosen order', async () => {
    const pending: (() => void)[] = [];
    const finishUpload = () => pending.forEach((finish) => finish());
    vi.mocked(storage.createFile).mockImplementation(
      (_b, _id, file) =>
        new Promise((resolve) => {
          pending.push(() => resolve({ $id: `file-${file.name}` } as never));
        }),
    );
    vi.mocked(databases.createDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    const { user, router } = renderDashboard('/dashboard/addproducts');
    await user.type(await screen.findByLabelText('Title'), 'Kobe 8 Mambacurial');
    await user.type(screen.getByLabelText('Description'), 'Worn twice, box included');
    await user.selectOptions(screen.getByLabelText('Category'), 'kobe');
    await user.type(screen.getByLabelText('Shoe size (EUR)'), '44.5');
    await user.type(screen.getByLabelText('Condition (out of 10)'), '9');
    await user.type(screen.getByLabelText('Price (Rs.)'), '32000');
    await user.type(screen.getByLabelText('Discount price (Rs.)'), '28000');
    await user.upload(screen.getByLabelText('Add photos'), png('main.png'));
    await user.upload(screen.getByLabelText('Add photos'), [png('side.png')]);
    // A GIF and a file that only calls itself a PNG are refused, each named with the reason.
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: {
        files: [
          new File(['gif'], 'old.gif', { type: 'image/gif' }),
          new File(['hello'], 'fake.png', { type: 'image/png' }),
        ],
      },
    });
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('old.gif is not a PNG, JPG, JPEG or WEBP picture');
    expect(refused).toHaveTextContent('fake.png is not a picture');
    // The side view becomes the cover.
    await user.click(await screen.findByRole('button', { name: 'Move side.png left' }));
    expect(
      within(screen.getByRole('list', { name: 'Photos' }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['side.png', 'main.png']);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    // A photo under 5 MB goes in one request and the SDK reports no progress for it: the bar is
    // indeterminate and says "Uploading…" instead of sitting at a made-up 0%.
    const bar = await screen.findByLabelText('Uploading main.png');
    expect(bar).not.toHaveAttribute('value');
    expect(screen.queryByText('0%')).not.toBeInTheDocument();
    expect(databases.createDocument).not.toHaveBeenCalled();
    finishUpload();
    await waitFor(() => expect(databases.createDocument).toHaveBeenCalledTimes(1));
    const [, , id, data] = vi.mocked(databases.createDocument).mock.calls[0]!;
    expect(id).toMatch(/^\d{9}$/);
    expect(data).toEqual({
      title: 'Kobe 8 Mambacurial',
      description: 'Worn twice, box included',
      category: 'kobe',
      size: 44.5,
      condition: 9,
      price: 32000,
      disc_price: 28000,
      stoke: 'true',
      stock: 1,
      draft: false,
      image: 'file-side.png',
      images: JSON.stringify(['file-main.png']),
      product_id: id,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
  });

  it('loads the product in edit mode, offers Retry on failure, and sends its photos as reordered and removed', async () => {
    vi.mocked(databases.getDocument)
      .mockRejectedValueOnce(new Error('Could not reach the shop'))
      .mockResolvedValue(product('111111111', 'Kobe 6 Grinch', { images: '["x1","x2"]' }) as never);
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    vi.mocked(storage.createFile).mockResolvedValue({ $id: 'new-main' } as never);
    const { user, router } = renderDashboard('/dashboard/editproduct/111111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the shop');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByDisplayValue('Kobe 6 Grinch')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem'),
    ).toHaveLength(3);

    await user.clear(screen.getByLabelText('Price (Rs.)'));
    await user.type(screen.getByLabelText('Price (Rs.)'), '31000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(1));
    expect(vi.mocked(databases.updateDocument).mock.calls[0]![3]).toMatchObject({
      image: 'img-111111111',
      images: '["x1","x2"]',
    });
    // Back on the product list, where the owner was.
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
  });

  it('sends the photos as reordered and removed: a new cover, a stored one left out', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(
      product('111111111', 'Kobe 6 Grinch', { images: '["x1","x2"]' }) as never,
    );
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    vi.mocked(storage.createFile).mockResolvedValue({ $id: 'new-main' } as never);
    const { user } = renderDashboard('/dashboard/editproduct/111111111');
    expect(await screen.findByDisplayValue('Kobe 6 Grinch')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add photos'), png('new.png'));
    // The chosen file is read on this device first (is it a picture?).
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem'),
      ).toHaveLength(4),
    );
    const moveLeft = () =>
      screen.findByRole('button', { name: 'Move new.png left' }, { timeout: 3000 });
    for (let i = 0; i < 3; i++) await user.click(await moveLeft());
    expect(screen.getByRole('button', { name: 'Move new.png left' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove photo 3' }));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(1));
    expect(vi.mocked(databases.updateDocument).mock.calls[0]![3]).toMatchObject({
      image: 'new-main',
      images: '["img-111111111","x2"]',
    });
  });

  it('fills condition photo slots: a new one joins, one chosen for a filled slot replaces it', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(
      product('111111111', 'Kobe 6 Grinch', {
        condition: 8,
        condition_photos: '{"sole":"old-sole","box":"old-box"}',
      }) as never,
    );
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    vi.mocked(storage.createFile).mockImplementation(
      async (_b, _id, file) => ({ $id: `up-${(file as File).name}` }) as never,
    );
    const { user } = renderDashboard('/dashboard/editproduct/111111111');
    expect(await screen.findByDisplayValue('Kobe 6 Grinch')).toBeInTheDocument();
    // The stored ones show in their slots; heel and size tag are empty.
    expect(screen.getByRole('list', { name: 'Sole: stored' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Heel: stored' })).toBeNull();
    await user.upload(screen.getByLabelText('Heel'), png('heel.png'));
    await user.upload(screen.getByLabelText('Sole'), png('sole.png'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(databases.updateDocument).mock.calls[0]![3] as Record<string, string>;
    expect(JSON.parse(sent.condition_photos!)).toEqual({
      sole: 'up-sole.png',
      heel: 'up-heel.png',
      box: 'old-box',
    });
  });

  it('shows real progress for a photo over 5 MB, which the SDK sends in chunks', async () => {
    const CHUNK = 5 * 1024 * 1024;
    const chunkDone: (() => void)[] = [];
    // As SDK 13 does (createFile): only a file over one chunk reports, once per chunk sent.
    vi.mocked(storage.createFile).mockImplementation(async (_b, _id, file, _perm, onProgress) => {
      const total = Math.ceil(file.size / CHUNK);
      if (total > 1) {
        for (let sent = 1; sent <= total; sent++) {
          await new Promise<void>((resolve) => chunkDone.push(resolve));
          onProgress?.({
            $id: 'big',
            progress: ((sent - 1) * CHUNK * 100) / file.size,
            sizeUploaded: (sent - 1) * CHUNK,
            chunksTotal: total,
            chunksUploaded: sent,
          });
        }
      }
      return { $id: `file-${file.name}` } as never;
    });
    vi.mocked(databases.getDocument).mockResolvedValue(product('111111111', 'Kobe 6') as never);
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    const { user } = renderDashboard('/dashboard/editproduct/111111111');
    // The largest photo the images bucket takes (10 MB): two chunks.
    await user.upload(await screen.findByLabelText('Add photos'), png('big.png', CHUNK * 2));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const bar = await screen.findByLabelText('Uploading big.png');
    expect(bar).not.toHaveAttribute('value');
    await waitFor(() => expect(chunkDone).toHaveLength(1));
    chunkDone[0]!();
    await waitFor(() => expect(bar).toHaveAttribute('value', '50'));
    await waitFor(() => expect(chunkDone).toHaveLength(2));
    chunkDone[1]!();
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(1));
  });

  it('saves an imported product with a US size and an odd condition (D1); an empty discount is none', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(
      product('444444444', 'Jordan 11 Concord', {
        size: 9,
        condition: 7.3,
        disc_price: 0,
      }) as never,
    );
    vi.mocked(databases.updateDocument).mockImplementation(
      async (_db, _col, id, data) => ({ ...product(id, 'x'), ...data }) as never,
    );
    const { user, router } = renderDashboard('/dashboard/editproduct/444444444');
    expect(await screen.findByDisplayValue('Jordan 11 Concord')).toBeInTheDocument();
    expect(screen.getByLabelText('Shoe size (EUR)')).toHaveValue(9);
    expect(screen.getByLabelText('Condition (out of 10)')).toHaveValue(7.3);
    await user.clear(screen.getByLabelText('Discount price (Rs.)'));
    await user.clear(screen.getByLabelText('Price (Rs.)'));
    await user.type(screen.getByLabelText('Price (Rs.)'), '29000');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(databases.updateDocument).toHaveBeenCalledTimes(1));
    expect(vi.mocked(databases.updateDocument).mock.calls[0]![3]).toMatchObject({
      size: 9,
      condition: 7.3,
      price: 29000,
      disc_price: 0,
    });
    expect(screen.queryByText('Something Went wrong. Please check again')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
  });

  it('keeps the form message for what is not a size or a condition out of 10', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(product('111111111', 'Kobe 6') as never);
    const { user } = renderDashboard('/dashboard/editproduct/111111111');
    const size = await screen.findByLabelText('Shoe size (EUR)');
    await user.clear(size);
    await user.type(size, '0');
    await user.clear(screen.getByLabelText('Condition (out of 10)'));
    await user.type(screen.getByLabelText('Condition (out of 10)'), '11');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Something Went wrong. Please check again')).toBeInTheDocument();
    expect(screen.getByText('Size must be more than 0')).toBeInTheDocument();
    expect(screen.getByText('Condition is out of 10')).toBeInTheDocument();
    expect(databases.updateDocument).not.toHaveBeenCalled();
  });

  it('says a deleted product no longer exists, with the way back and no pointless Retry', async () => {
    vi.mocked(databases.getDocument).mockRejectedValue(
      new AppwriteException('Document with the requested ID could not be found.', 404),
    );
    renderDashboard('/dashboard/editproduct/999999999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This product no longer exists.');
    expect(alert).not.toHaveTextContent('Document with the requested ID');
    expect(within(alert).getByRole('link', { name: 'Go to the products list' })).toHaveAttribute(
      'href',
      '/dashboard/products',
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('deletes a product only after confirmation, then goes back to the product list', async () => {
    vi.mocked(databases.getDocument).mockResolvedValue(
      product('111111111', 'Kobe 6 Grinch') as never,
    );
    vi.mocked(databases.deleteDocument).mockResolvedValue({} as never);
    const { user, router } = renderDashboard('/dashboard/editproduct/111111111');
    await user.click(await screen.findByRole('button', { name: 'Delete Product' }));
    expect(databases.deleteDocument).not.toHaveBeenCalled();
    const confirm = screen.getByRole('alertdialog', { name: 'Confirm delete' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/products'));
    expect(databases.deleteDocument).toHaveBeenCalledWith('shop', 'products', '111111111');
  });
});
