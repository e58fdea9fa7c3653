import { screen, waitFor, within } from '@testing-library/react';
import { AppwriteException } from 'appwrite';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { TrackPage } from '../src/features/track/TrackPage';
import { client } from '../src/lib/appwrite';
import { renderPage } from './render';

beforeEach(() => {
  vi.restoreAllMocks();
});

const shipped = {
  order_number: 'a1b2c3',
  order_status: 'confirmed',
  placedAt: '2026-11-20T10:00:00.000+00:00',
  updatedAt: '2026-11-21T10:00:00.000+00:00',
  price: 15500,
  payment_type: 'COD',
  courier: 'TCS',
  tracking_number: '77665544',
  tracking: { url: 'https://www.tcsexpress.com/track/77665544', direct: true },
};

describe('/track', () => {
  it('asks for the order number and a Pakistani mobile number before looking anything up', async () => {
    const lookup = vi.spyOn(client, 'call');
    const { user } = renderPage(<TrackPage />, { path: '/track' });
    expect(screen.getByLabelText('Order number *')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Mobile number *')).toHaveAttribute('aria-required', 'true');
    await user.type(screen.getByLabelText('Mobile number *'), '12345');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(
      screen.getByText('Enter the order number from your SMS, like A1B2C3'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter a Pakistani mobile number, like 03XX XXXXXXX'),
    ).toBeInTheDocument();
    expect(lookup).not.toHaveBeenCalled();
  });

  it("shows the order's timeline, shipped with the courier's tracking link", async () => {
    const lookup = vi.spyOn(client, 'call').mockResolvedValue(shipped);
    const { user, router } = renderPage(<TrackPage />, {
      path: '/track',
      url: '/track?order=a1b2c3',
    });
    expect(screen.getByLabelText('Order number *')).toHaveValue('a1b2c3');
    await user.type(screen.getByLabelText('Mobile number *'), '0345 111 2233');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    const card = await screen.findByRole('region', { name: 'Order #A1B2C3' });
    const [, url, , params] = lookup.mock.calls[0]!;
    expect(String(url)).toMatch(/\/v1\/shop\/track$/);
    expect(params).toEqual({ order: 'a1b2c3', phone: '+923451112233' });
    expect(router.state.location.search).toBe('?order=a1b2c3&phone=%2B923451112233');
    expect(screen.getByLabelText('Mobile number *')).toHaveValue('0345 1112233');
    const steps = within(card)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(steps).toEqual([
      'Order placed (done)',
      'Confirmed: we are packing it (done)',
      expect.stringMatching(/^Shipped \(done\)With TCS, tracking number 77665544/),
      'Delivered (to come)',
    ]);
    expect(within(card).getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
      'href',
      'https://www.tcsexpress.com/track/77665544',
    );
  });

  it("says the server's word when no order matches the pair", async () => {
    vi.spyOn(client, 'call').mockRejectedValue(
      new AppwriteException(
        'We found no order with this number and mobile number. Please check both, as in your SMS.',
        404,
        'shop_order_not_found',
      ),
    );
    renderPage(<TrackPage />, {
      path: '/track',
      url: '/track?order=ffffff&phone=%2B923001234567',
    });
    // The link's number is shown as people write it.
    expect(screen.getByLabelText('Mobile number *')).toHaveValue('0300 1234567');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We found no order with this number and mobile number.',
      ),
    );
  });
});
