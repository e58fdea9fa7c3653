import { PAYMENT_PROOFS_BUCKET } from '@courtside/shop';
import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ThanksPage } from '../src/features/checkout/ThanksPage';
import { client, databases, storage } from '../src/lib/appwrite';
import { customer, kobe, storeWith } from './account-fixtures';
import { renderPage } from './render';

/**
 * "Upload payment screenshot" on the confirmation of a bank-transfer order (docs/shop.md, Paying
 * in advance): checked on the phone, uploaded readable by the buyer only, put on the order by the
 * shop's route; a refusal is said and the upload deleted again.
 */

beforeEach(() => {
  vi.restoreAllMocks();
  // The stored order is read again (it may be paid since): here it is as checkout passed it.
  vi.spyOn(databases, 'getDocument').mockRejectedValue(new AppwriteException('offline', 0));
});

const bank = {
  $id: 'a1b2c3',
  order_number: 'a1b2c3',
  price: 25_000,
  payment_type: 'Bank',
  payment_state: 'unpaid',
  products: [JSON.stringify([{ ...kobe, quantity: 1 }])],
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13];
const picture = () => new File([Uint8Array.from(PNG)], 'IMG_2041.png', { type: 'image/png' });

function open() {
  return renderPage(<ThanksPage />, {
    path: '/thanks-for-shopping',
    state: { order: bank },
    store: storeWith(customer),
  });
}

describe('the payment screenshot', () => {
  it('gives the order number as the reference, and sends a picture from the phone', async () => {
    const createFile = vi.spyOn(storage, 'createFile').mockResolvedValue({ $id: 'file1' } as never);
    const call = vi
      .spyOn(client, 'call')
      .mockImplementation(async (method) =>
        method === 'get'
          ? { pairs: 3, hours: 48 }
          : { ...bank, payment_state: 'proof_sent', payment_proof: 'file1' },
      );
    const { user } = open();
    const pay = screen.getByRole('region', { name: 'How to pay' });
    expect(within(pay).getByText('Reference: your order number')).toBeInTheDocument();
    expect(within(pay).getByText('A1B2C3')).toBeInTheDocument();
    expect(within(pay).getByTestId('payment-state')).toHaveTextContent('Not paid yet');
    // The hours to pay in advance, the owner's setting, read from the server.
    expect(await within(pay).findByTestId('pay-within')).toHaveTextContent(
      'Please pay within 48 hours',
    );
    const input = within(pay).getByLabelText('Upload payment screenshot');
    expect(input).toHaveAttribute('accept', 'image/*');
    await user.upload(input, picture());
    expect(
      await within(pay).findByText('Screenshot sent. We will check the payment and text you.'),
    ).toBeInTheDocument();
    expect(within(pay).getByTestId('payment-state')).toHaveTextContent(
      'Screenshot sent, being checked',
    );
    expect(within(pay).queryByTestId('pay-within')).toBeNull();
    const [bucket, , file, permissions] = createFile.mock.calls[0]!;
    expect(bucket).toBe(PAYMENT_PROOFS_BUCKET);
    expect((file as File).name).toBe('IMG_2041.png');
    expect(permissions).toEqual([`read("user:${customer.$id}")`]);
    const [method, url, , params] = call.mock.calls.find(([m]) => m === 'post')!;
    expect(method).toBe('post');
    expect(String(url)).toMatch(/\/v1\/shop\/orders\/a1b2c3\/payment-proof$/);
    expect(params).toEqual({ fileId: 'file1' });
  });

  it('refuses what is not a picture before sending anything', async () => {
    const createFile = vi.spyOn(storage, 'createFile');
    const { user } = open();
    const pay = screen.getByRole('region', { name: 'How to pay' });
    const fake = new File(['just some text'], 'payment.png', { type: 'image/png' });
    await user.upload(within(pay).getByLabelText('Upload payment screenshot'), fake);
    expect(await within(pay).findByRole('alert')).toHaveTextContent(
      'The screenshot must be a picture (PNG, JPG or WebP). Please choose another file.',
    );
    expect(createFile).not.toHaveBeenCalled();
  });

  it("says the server's refusal and deletes the upload it refused", async () => {
    vi.spyOn(storage, 'createFile').mockResolvedValue({ $id: 'file2' } as never);
    const deleteFile = vi.spyOn(storage, 'deleteFile').mockResolvedValue({} as never);
    vi.spyOn(client, 'call').mockRejectedValue(
      new AppwriteException(
        'This order is already marked paid: there is no need to send a screenshot.',
        400,
        'shop_payment_invalid',
      ),
    );
    const { user } = open();
    const pay = screen.getByRole('region', { name: 'How to pay' });
    await user.upload(within(pay).getByLabelText('Upload payment screenshot'), picture());
    expect(await within(pay).findByRole('alert')).toHaveTextContent(
      'This order is already marked paid',
    );
    await waitFor(() => expect(deleteFile).toHaveBeenCalledWith(PAYMENT_PROOFS_BUCKET, 'file2'));
  });
});
