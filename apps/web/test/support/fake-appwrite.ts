import { vi } from 'vitest';

/**
 * Stands in for src/lib/appwrite.ts in the dashboard's component tests (vi.mock): every SDK
 * call the dashboard makes is a vi.fn the test programs.
 */
export const client = {
  /** The shop's own routes (customers, order outcomes, numbers): a URL in, the answer out. */
  call: vi.fn(async (_method: string, _url: URL): Promise<unknown> => ({})),
  subscribe: vi.fn((_channels: string | string[], _cb: unknown) => () => {}),
};
export const account = { get: vi.fn(), deleteSession: vi.fn() };
export const databases = {
  listDocuments: vi.fn(),
  getDocument: vi.fn(),
  createDocument: vi.fn(),
  updateDocument: vi.fn(),
  deleteDocument: vi.fn(),
};
export const storage = {
  createFile: vi.fn(),
  deleteFile: vi.fn(),
  getFilePreview: vi.fn(
    (bucket: string, id: string) =>
      new URL(`http://shop.test/v1/storage/buckets/${bucket}/files/${id}/preview`),
  ),
};
