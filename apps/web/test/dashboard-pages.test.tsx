import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { databases } from '../src/lib/appwrite';
import { list, renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const saved = (id: string, title: string, body: string) => ({
  $id: id,
  $updatedAt: '2026-03-01T10:00:00.000+00:00',
  title,
  body,
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(databases.listDocuments).mockResolvedValue(
    list([saved('faq', 'Questions', '## Original?\nYes.')]),
  );
  vi.mocked(databases.createDocument).mockResolvedValue({} as never);
  vi.mocked(databases.updateDocument).mockResolvedValue({} as never);
  vi.mocked(databases.deleteDocument).mockResolvedValue({} as never);
});

describe('the dashboard Pages screen', () => {
  it('lists every page, saved or default, with the delivery estimate', async () => {
    renderDashboard('/dashboard/pages');
    const pages = await screen.findByRole('region', { name: 'Shop pages' });
    const rows = within(pages)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      expect.stringMatching(/^Privacy Policy\/privacy · Default text/),
      expect.stringMatching(/^Terms of Use\/terms · Default text/),
      expect.stringMatching(/^Questions\/faq · Edited 1 Mar 2026/),
      expect.stringMatching(/^Contact Us\/contact · Default text/),
      expect.stringMatching(/^Size Exchange Policy\/size-exchange · Default text/),
    ]);
    expect(screen.getByLabelText('Delivery time')).toHaveValue('2-4 working days');
    expect(databases.listDocuments).toHaveBeenCalledWith('shop', 'pages', ['limit(100)']);
  });

  it('saves a new delivery estimate, and refuses one too long without asking the server', async () => {
    const { user } = renderDashboard('/dashboard/pages');
    const field = await screen.findByLabelText('Delivery time');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Please write the delivery estimate/)).toBeInTheDocument();
    await user.type(field, '  3-5 working days ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Delivery estimate saved')).toBeInTheDocument();
    expect(databases.createDocument).toHaveBeenCalledWith('shop', 'pages', 'delivery', {
      title: 'Delivery estimate',
      body: '3-5 working days',
    });
  });

  it('edits a page never saved (created) and one saved before (changed)', async () => {
    const { user, router } = renderDashboard('/dashboard/pages/terms');
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Terms of Use');
    const body = screen.getByLabelText('Text');
    await user.clear(body);
    await user.type(body, '## Orders{enter}We confirm every order.');
    await user.click(screen.getByText('Preview'));
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page saved')).toBeInTheDocument();
    expect(databases.createDocument).toHaveBeenCalledWith('shop', 'pages', 'terms', {
      title: 'Terms of Use',
      body: '## Orders\nWe confirm every order.',
    });
    expect(router.state.location.pathname).toBe('/dashboard/pages');

    // Back on the list: the page saved before opens with its own text.
    await user.click(await screen.findByRole('link', { name: 'Edit Questions' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Questions');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(databases.updateDocument).toHaveBeenCalledWith('shop', 'pages', 'faq', {
        title: 'Questions',
        body: '## Original?\nYes.',
      }),
    );
  });

  it("shows the server's refusal in words", async () => {
    const { AppwriteException } = await import('appwrite');
    vi.mocked(databases.createDocument).mockRejectedValue(
      new AppwriteException('Only the shop owner can do this', 401, 'user_unauthorized'),
    );
    const { user } = renderDashboard('/dashboard/pages/privacy');
    await screen.findByLabelText('Title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only the shop owner can do this');
  });
});
