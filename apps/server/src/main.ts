import { buildApp } from './app.js';
import { startBackupSchedule, type BackupTimer } from './backup/schedule.js';
import { systemClock } from './tools/clock.js';
import { drain } from './http/drain.js';
import { ConfigError, loadConfig, prepareDataDir } from './config.js';

/** How long a stopping server, no longer accepting, keeps answering on the connections it has. */
const SHUTDOWN_GRACE_MS = 1500;
/** Then how long the last requests may take before the process exits anyway (10 s in all). */
const SHUTDOWN_FORCE_MS = 7500;

/** Reads the configuration, builds the app, listens, and shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  prepareDataDir(config.dataDir);
  const { server } = await buildApp(config);

  let schedule: BackupTimer | null = null;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down');
    const delayMs = config.shutdownDelayMs;
    const force = setTimeout(
      () => process.exit(1),
      delayMs + SHUTDOWN_GRACE_MS + SHUTDOWN_FORCE_MS,
    );
    force.unref();
    // /readyz 503 at once, still accepting for SHUTDOWN_DELAY_MS, then no longer (http/drain.ts).
    await drain(server, { delayMs, graceMs: SHUTDOWN_GRACE_MS });
    await schedule?.close();
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await server.listen({ port: config.port, host: config.host });
  server.log.info(`Courtside is running on ${config.publicUrl.href}`);
  // The shop's own backups (BACKUP_TIME, backup/schedule.ts): in the server, never in a command.
  schedule = startBackupSchedule(config, systemClock, server.log);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  if (e instanceof Error && e.cause) console.error(e.cause);
  process.exit(1);
});
