import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

/**
 * /dashboard/settings, "Cash on delivery" and "Risk": the COD fee, the largest COD order, the
 * cities (picked or typed, each once) and "risky numbers pay in advance"; the two thresholds of
 * the labels; each checked in the owner's words before anything is sent.
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

describe('cash on delivery settings', () => {
  it('saves the fee, the largest order, the cities and the advance rule, refusing a wrong value', async () => {
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Cash on delivery' });
    const fee = within(form).getByLabelText('Cash on delivery fee (Rs.)');
    const max = within(form).getByLabelText(/Largest COD order \(Rs\.\)/);
    expect(fee).toHaveValue(500);
    expect(max).toHaveValue(0);
    expect(within(form).getByText(/Every city/)).toBeVisible();
    expect(within(form).getByRole('button', { name: 'Save cash on delivery' })).toBeDisabled();
    await user.clear(max);
    await user.type(max, '-1');
    await user.click(within(form).getByRole('button', { name: 'Save cash on delivery' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Largest COD order must be whole rupees from 0 to 100,000,000',
    );
    await user.clear(max);
    await user.type(max, '30000');
    const city = within(form).getByRole('combobox', { name: 'Add a city' });
    await user.type(city, 'lahore{Enter}');
    await user.type(city, ' LAHORE ');
    await user.click(within(form).getByRole('button', { name: 'Add city' }));
    await user.type(city, 'Hunza{Enter}');
    const list = within(form).getByRole('list', { name: 'Cities for cash on delivery' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Lahore×', 'Hunza×']);
    await user.click(within(form).getByRole('button', { name: 'Remove Hunza' }));
    await user.click(within(form).getByRole('checkbox', { name: /Risky numbers pay in advance/ }));
    await user.click(within(form).getByRole('button', { name: 'Save cash on delivery' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        cod_fee: 500,
        cod_max_value: 30_000,
        cod_cities: '["Lahore"]',
        advance_for_risky: false,
      }),
    );
  });

  it('saves the risk thresholds, refusing one out of range', async () => {
    const { user } = renderDashboard('/dashboard/settings');
    const form = await screen.findByRole('form', { name: 'Risk' });
    const risky = within(form).getByLabelText('Risky from refused parcels');
    expect(risky).toHaveValue(1);
    expect(within(form).getByLabelText('Trusted from delivered orders')).toHaveValue(2);
    await user.clear(risky);
    await user.type(risky, '0');
    await user.click(within(form).getByRole('button', { name: 'Save risk rules' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Risky from refused parcels must be a whole number from 1 to 100',
    );
    await user.clear(risky);
    await user.type(risky, '2');
    await user.click(within(form).getByRole('button', { name: 'Save risk rules' }));
    await waitFor(() =>
      expect(databases.createDocument).toHaveBeenCalledWith('shop', 'settings', 'shop', {
        risky_at_refusals: 2,
        trusted_at_deliveries: 2,
      }),
    );
  });
});
