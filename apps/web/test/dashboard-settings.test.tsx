import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

/**
 * /dashboard/settings: the shop's details and accounts, the charges and the hold limits, each
 * checked in its field's words before anything is sent; the first save creates the document.
 */
const notFound = () => new AppwriteException('Document not found', 404, 'document_not_found');

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(databases.getDocument).mockRejectedValue(notFound());
  vi.mocked(databases.createDocument).mockImplementation(
    async (_db, _col, id, data) => ({ $id: id, ...data }) as never,
  );
  vi.mocked(databases.updateDocument).mockRejectedValue(notFound());
});

describe('the settings page', () => {
  it('says what is wrong with a detail at its field, and saves only what changed', async () => {
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Shop details' });
    const whatsapp = within(form).getByLabelText('WhatsApp number');
    expect(whatsapp).toHaveValue('0300 1234567');
    expect(within(form).getByRole('button', { name: 'Save shop details' })).toBeDisabled();
    await user.clear(whatsapp);
    await user.type(whatsapp, '042 35761234');
    await user.clear(within(form).getByLabelText('Shop name'));
    await user.type(within(form).getByLabelText('Shop name'), 'Sneaker Bazaar');
    await user.click(within(form).getByRole('button', { name: 'Save shop details' }));
    expect(
      within(form).getByText(/^WhatsApp number: enter a Pakistani mobile number/),
    ).toBeVisible();
    expect(whatsapp).toHaveFocus();
    expect(databases.createDocument).not.toHaveBeenCalled();
    await user.clear(whatsapp);
    await user.type(whatsapp, '0321 7654321');
    await user.click(within(form).getByRole('button', { name: 'Save shop details' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        name: 'Sneaker Bazaar',
        whatsapp: '0321 7654321',
      }),
    );
  });

  it('adds, checks, reorders and removes payment accounts, saved together as a list', async () => {
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Payment accounts' });
    expect(within(form).getAllByRole('listitem')).toHaveLength(3);
    await user.click(within(form).getByRole('button', { name: 'Add account' }));
    const added = within(form).getByRole('listitem', { name: 'Account 4' });
    await user.type(within(added).getByLabelText('Bank or wallet'), 'HBL');
    await user.type(within(added).getByLabelText('Account number'), '1234 5678 9012');
    await user.click(within(form).getByRole('button', { name: 'Save accounts' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Account 4: account title is required',
    );
    await user.type(within(added).getByLabelText('Account title'), 'Sana Malik');
    await user.type(
      within(added).getByLabelText('IBAN (optional)'),
      'pk36 scbl 0000 0011 2345 6702',
    );
    await user.click(within(form).getByRole('button', { name: 'Move account 4 up' }));
    await user.click(within(form).getByRole('button', { name: 'Remove account 1' }));
    await user.click(within(form).getByRole('button', { name: 'Save accounts' }));
    await waitFor(() => expect(databases.createDocument).toHaveBeenCalled());
    const [, , , data] = vi.mocked(databases.createDocument).mock.calls[0]!;
    const saved = JSON.parse((data as { accounts: string }).accounts) as { bank: string }[];
    expect(saved.map((a) => a.bank)).toEqual(['JazzCash', 'HBL', 'Easypaisa']);
    expect(saved[1]).toEqual({
      payee: 'Sana Malik',
      bank: 'HBL',
      number: '1234 5678 9012',
      iban: 'PK36SCBL0000001123456702',
    });
  });

  it('saves the hold limits the owner sets, and refuses one out of range in words', async () => {
    vi.mocked(databases.createDocument).mockImplementation(
      async (_db, _col, id, data) => ({ $id: id, ...data }) as never,
    );
    vi.mocked(databases.updateDocument).mockRejectedValue(
      new AppwriteException('Document not found', 404, 'document_not_found'),
    );
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Hold limits' });
    await user.type(within(form).getByLabelText('Pairs per client address'), '0');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Pairs per client address must be a whole number from 1 to 10,000',
    );
    await user.clear(within(form).getByLabelText('Pairs per client address'));
    await user.type(within(form).getByLabelText('Pairs per client address'), '4');
    await user.type(within(form).getByLabelText('Hours to pay in advance'), '12');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        pending_pairs_per_address: 4,
        pending_hold_hours: 12,
      }),
    );
  });

  it('saves the delivery charge and the free-delivery threshold, refusing one out of range', async () => {
    vi.mocked(databases.createDocument).mockImplementation(
      async (_db, _col, id, data) => ({ $id: id, ...data }) as never,
    );
    vi.mocked(databases.updateDocument).mockRejectedValue(
      new AppwriteException('Document not found', 404, 'document_not_found'),
    );
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Delivery charges' });
    const charge = within(form).getByLabelText('Delivery charge (Rs.)');
    const from = within(form).getByLabelText('Free delivery from (Rs.)');
    expect(charge).toHaveValue(250);
    expect(from).toHaveValue(10_000);
    await user.clear(charge);
    await user.type(charge, '-5');
    await user.click(within(form).getByRole('button', { name: 'Save charges' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Delivery charge must be whole rupees from 0 to 100,000',
    );
    await user.clear(charge);
    await user.type(charge, '300');
    await user.clear(from);
    await user.type(from, '15000');
    await user.click(within(form).getByRole('button', { name: 'Save charges' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        delivery_charge: 300,
        free_delivery_from: 15_000,
      }),
    );
  });

  it("saves the buyer's confirmation: the shipping rule at once, the hours in range", async () => {
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: "Buyer's confirmation" });
    const rule = within(form).getByRole('checkbox', {
      name: 'Ship cash-on-delivery orders only once confirmed',
    });
    expect(rule).toBeChecked();
    await user.click(rule);
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        confirm_before_shipping: false,
      }),
    );
    const hours = within(form).getByLabelText('Hours to confirm a cash-on-delivery order');
    const reminder = within(form).getByLabelText('Reminder SMS after (hours, 0 = none)');
    expect(hours).toHaveValue(12);
    expect(reminder).toHaveValue(2);
    await user.clear(hours);
    await user.type(hours, '0');
    await user.click(within(form).getByRole('button', { name: 'Save hours' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Hours to confirm a cash-on-delivery order must be a whole number from 1 to 720',
    );
    await user.clear(hours);
    await user.type(hours, '24');
    await user.clear(reminder);
    await user.type(reminder, '0');
    await user.click(within(form).getByRole('button', { name: 'Save hours' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        confirm_hours: 24,
        confirm_reminder_hours: 0,
      }),
    );
  });
});
