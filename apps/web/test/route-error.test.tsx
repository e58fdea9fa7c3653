import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyElement } from '../src/app/lazy-page';
import { RouteErrorBoundary } from '../src/features/shell/RouteErrorBoundary';

function Broken(): never {
  throw new Error('a bug in a page');
}

function app(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route
            path="/offline"
            element={
              lazyElement(() => Promise.reject(new Error('chunk failed')), <p>loading</p>).element
            }
          />
          <Route path="/fine" element={<h1>A fine page</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("the routes' error fallback (docs/shop.md §8)", () => {
  it('shows the fallback for a page that throws, and the next page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    app('/broken');
    expect(
      screen.getByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back To Home Page' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'A fine page' })).toBeInTheDocument();
  });

  it("shows it too when a lazy page's code fails to download", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    app('/offline');
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
  });
});
