import { BACKUPS_PATH, type BackupFile, type BackupScheduleInfo } from '@courtside/shop';
import { endpoint, ids } from '../../../config/env';
import { api } from '../../../lib/api';
import { client } from '../../../lib/appwrite';
import { call } from '../../../lib/errors';

/**
 * The list of backups, whether one is being made right now (another tab, another owner), and the
 * schedule with its last run.
 */
export interface BackupList {
  total: number;
  backups: BackupFile[];
  running: boolean;
  schedule: BackupScheduleInfo;
}

const url = (path = '') => new URL(`${endpoint}${BACKUPS_PATH}${path}`);

/** The owner's backups (server: backup/routes.ts): the list and a new one. */
export const backupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    backups: build.query<BackupList, void>({
      queryFn: () => call(async () => (await client.call('get', url())) as BackupList),
      providesTags: ['Backup'],
    }),
    makeBackup: build.mutation<BackupFile, void>({
      queryFn: () =>
        call(
          async () =>
            (await client.call('post', url(), {
              'content-type': 'application/json',
            })) as BackupFile,
        ),
      invalidatesTags: ['Backup'],
    }),
  }),
});

export const { useBackupsQuery, useMakeBackupMutation } = backupsApi;

/** A backup's download: the browser's own session goes with the link (same site). */
export const backupDownloadUrl = (name: string) =>
  `${url(`/${encodeURIComponent(name)}`).href}?project=${encodeURIComponent(ids.project)}`;
