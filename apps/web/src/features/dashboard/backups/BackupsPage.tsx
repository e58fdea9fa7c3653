import { restoreCommand, sizeText, type BackupFile } from '@courtside/shop';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/Button';
import { errorText } from '../../../lib/errors';
import { formatWhen } from '../../../lib/format-when';
import { usePageTitle } from '../../../lib/page-title';
import { Loading, PageTitle } from '../ui';
import { backupDownloadUrl, useBackupsQuery, useMakeBackupMutation } from './backups-api';
import { LoadError } from '../../../components/ui/LoadError';
import { BackupSchedule } from './BackupSchedule';

/**
 * /dashboard/backups: a backup is the whole shop in one file (orders, products and their photos,
 * customers, pages, settings). The owner makes one, sees every one with its date and size, and
 * downloads one to keep off the server; restoring one is a command, since it stops the shop.
 */
export function BackupsPage() {
  usePageTitle('Backups · Dashboard');
  const { data, isError, error, refetch } = useBackupsQuery();
  const [make, { isLoading }] = useMakeBackupMutation();
  const makeOne = async () => {
    try {
      const made = await make().unwrap();
      toast.success(`Backup made: ${sizeText(made.size)}. Download it to keep a copy elsewhere.`);
    } catch (err) {
      toast.error(errorText(err));
    }
  };
  return (
    <section className="space-y-4">
      <PageTitle
        actions={
          <Button loading={isLoading} onClick={() => void makeOne()} className="min-h-11 px-5">
            Make a backup now
          </Button>
        }
      >
        Backups
      </PageTitle>
      <p className="max-w-2xl text-sm text-ink-soft">
        A backup holds the whole shop: orders, products and their photos, customers, pages and
        settings. Download one now and then and keep it off this server (your phone, e-mail or
        Google Drive), so a broken server never takes the shop with it.
      </p>
      {data ? (
        <>
          <BackupSchedule schedule={data.schedule} backups={data.backups} />
          <BackupList list={data.backups} />
        </>
      ) : isError ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : (
        <Loading label="Loading the backups" />
      )}
      <Restore name={data?.backups[0]?.name} />
    </section>
  );
}

function BackupList({ list }: { list: readonly BackupFile[] }) {
  if (list.length === 0) {
    return (
      <p className="rounded-card border border-line bg-card p-4 text-sm text-ink-soft">
        No backups yet. Make the first one now.
      </p>
    );
  }
  return (
    <ul
      aria-label="Backups, newest first"
      className="divide-y divide-line rounded-card border border-line bg-card shadow-sm"
    >
      {list.map((b) => (
        <li key={b.name} className="flex flex-wrap items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="font-semibold">{formatWhen(b.createdAt)}</p>
            <p className="truncate text-xs text-muted">
              {b.name} · {sizeText(b.size)}
            </p>
          </div>
          <a
            href={backupDownloadUrl(b.name)}
            download={b.name}
            aria-label={`Download the backup of ${formatWhen(b.createdAt)}`}
            className="inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold text-ink ring-1 ring-line hover:bg-paper"
          >
            Download
          </a>
        </li>
      ))}
    </ul>
  );
}

/** How a backup is restored: on the server, the shop stopped, since it replaces everything. */
function Restore({ name = 'courtside-....tar.gz' }: { name?: string | undefined }) {
  return (
    <div className="rounded-card border border-line bg-paper p-4 text-sm text-ink-soft">
      <h2 className="font-bold text-ink">Restoring a backup</h2>
      <p className="mt-1">
        Restoring puts the shop back exactly as it was when the backup was made, and replaces
        everything since, so it is done on the server with the shop stopped:
      </p>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>Stop the shop (every server, if you run more than one).</li>
        <li>
          In the shop&rsquo;s folder, run:
          <code className="mt-1 block rounded bg-white px-2 py-1.5 wrap-anywhere text-ink">
            {restoreCommand(name)}
          </code>
        </li>
        <li>Start the shop again.</li>
      </ol>
    </div>
  );
}
