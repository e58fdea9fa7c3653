import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  document.head.querySelector('meta[name="courtside-admin-label"]')?.remove();
  vi.resetModules();
});

describe("the owner's label", () => {
  it('is the one the serving server names in the page', async () => {
    const meta = document.createElement('meta');
    meta.name = 'courtside-admin-label';
    meta.content = 'staff';
    document.head.append(meta);
    vi.resetModules();
    const { ids } = await import('../src/config/env');
    expect(ids.adminLabel).toBe('staff');
  });

  it('is `admin` when the page names none (the app served by Vite in development)', async () => {
    vi.resetModules();
    const { ids } = await import('../src/config/env');
    expect(ids.adminLabel).toBe('admin');
  });
});
