import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import { renderDashboard } from './dashboard';

/**
 * Catches the file a page saves (downloadText): the link's click goes nowhere, and the blob it
 * would have saved is kept to be read back as CSV lines (without the BOM).
 */
export function catchDownload() {
  let saved: Blob | undefined;
  let filename = '';
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved = blob;
    return 'blob:download';
  });
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    filename = this.download;
  });
  const lines = async () => {
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(saved!);
    });
    return text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
  };
  return { click, filename: () => filename, lines };
}

/** Opens the dashboard at `path` and presses its Export CSV, catching the file it saves. */
export async function exportCsvFrom(path: string) {
  const download = catchDownload();
  const { user } = renderDashboard(path);
  await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
  return download;
}
