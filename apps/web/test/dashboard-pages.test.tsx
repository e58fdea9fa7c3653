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
    const save = within(screen.getByRole('form', { name: 'Delivery estimate' })).getByRole(
      'button',
      { name: 'Save' },
    );
    await user.clear(field);
    await user.click(save);
    expect(await screen.findByText(/Please write the delivery estimate/)).toBeInTheDocument();
    await user.type(field, '  3-5 working days ');
    await user.click(save);
    expect(await screen.findByText('Delivery estimate saved')).toBeInTheDocument();
    expect(databases.createDocument).toHaveBeenCalledWith('shop', 'pages', 'delivery', {
      title: 'Delivery estimate',
      body: '3-5 working days',
    });
  });

  it('edits the service highlights: the defaults first, checked box by box, then saved', async () => {
    const { user } = renderDashboard('/dashboard/pages');
    const form = await screen.findByRole('form', { name: 'Service highlights' });
    const promise = within(form).getByLabelText('Promise 2');
    expect(promise).toHaveValue('WhatsApp replies 9am-9pm');
    expect(within(form).getByLabelText('Line under promise 3')).toHaveValue(
      'The pair you order is the pair we pack',
    );
    await user.clear(promise);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Highlight 2: please write its promise.',
    );
    expect(databases.createDocument).not.toHaveBeenCalled();
    await user.type(promise, ' Replies 10am-8pm ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Service highlights saved')).toBeInTheDocument();
    const [, , id, data] = vi.mocked(databases.createDocument).mock.calls[0]!;
    expect(id).toBe('highlights');
    expect(JSON.parse((data as { body: string }).body)[1]).toEqual({
      title: 'Replies 10am-8pm',
      text: 'Ask about sizes, condition or your order',
    });
  });

  it('brings the default highlights back once saved', async () => {
    vi.mocked(databases.listDocuments).mockResolvedValue(
      list([saved('highlights', 'Service highlights', '[{"title":"Open","text":"Always"}]')]),
    );
    const { user } = renderDashboard('/dashboard/pages');
    const form = await screen.findByRole('form', { name: 'Service highlights' });
    expect(within(form).getByLabelText('Promise 1')).toHaveValue('Open');
    await user.click(within(form).getByRole('button', { name: 'Use the defaults' }));
    expect(await screen.findByText('The default highlights are back')).toBeInTheDocument();
    expect(databases.deleteDocument).toHaveBeenCalledWith('shop', 'pages', 'highlights');
    expect(within(form).getByLabelText('Promise 1')).toHaveValue('Free delivery over Rs.10,000');
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
