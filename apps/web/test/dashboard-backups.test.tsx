import type { BackupFile, BackupScheduleInfo } from '@courtside/shop';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from '../src/lib/appwrite';
import { renderDashboard } from './support/dashboard';

vi.mock('../src/lib/appwrite', () => import('./support/fake-appwrite'));

const HOUR = 3600_000;
const schedule: BackupScheduleInfo = {
  time: '03:00',
  keepDaily: 7,
  keepWeekly: 4,
  offsite: 'courtside-backups',
  next: new Date(Date.now() + 5 * HOUR).toISOString(),
  last: null,
};
const backup = (hoursAgo: number, size = 2_400_000): BackupFile => ({
  name: 'courtside-auto-2026-11-28-22-00-00.tar.gz',
  size,
  createdAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
});

function serve(backups: BackupFile[], over: Partial<BackupScheduleInfo> = {}) {
  vi.mocked(client.call).mockResolvedValue({
    total: backups.length,
    backups,
    running: false,
    schedule: { ...schedule, ...over },
  });
}

beforeEach(() => vi.clearAllMocks());

describe('backups page: the schedule', () => {
  it('lists the backups with their sizes and says the schedule, no warning when recent', async () => {
    serve([backup(5)]);
    renderDashboard('/dashboard/backups');
    expect(await screen.findByText(/2\.3 MB/)).toBeInTheDocument();
    expect(screen.getByText(/Every day at 03:00 \(Pakistan time\)/)).toHaveTextContent(
      'the newest of each of the last 7 days and of the last 4 weeks',
    );
    expect(
      screen.getByText(/copied off-site, to the bucket courtside-backups/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Next: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Pakistan time\)\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns when the newest backup is older than 36 hours', async () => {
    serve([backup(37)]);
    const view = renderDashboard('/dashboard/backups');
    expect(await screen.findByRole('alert')).toHaveTextContent('The last backup is 37 hours old');
    view.unmount();
    serve([], { time: null, next: null });
    renderDashboard('/dashboard/backups');
    // With none, the list says so, and no warning repeats it.
    expect(await screen.findByText('No backups yet. Make the first one now.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText(/BACKUP_TIME is off/)).toBeInTheDocument();
  });

  it("shows the last scheduled run's failure in the server's words", async () => {
    const error =
      'Backup courtside-auto-2026-11-28-22-00-00.tar.gz was made on this server but not copied off-site. The off-site bucket "courtside-backups" at http://10.0.0.5:9000 cannot be used (BACKUP_S3_*): connect ECONNREFUSED';
    serve([backup(6)], {
      last: { at: backup(6).createdAt, ok: false, name: backup(6).name, error },
    });
    renderDashboard('/dashboard/backups');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/The scheduled backup of .+ failed\./);
    expect(alert).toHaveTextContent(error);
  });
});
