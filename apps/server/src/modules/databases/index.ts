import type { KeptReadListener } from './documents/read-cache.js';
import type { Database } from '../../db/database.js';
import type { Schema } from '../../schema/types.js';
import type { Clock } from '../../tools/clock.js';
import type { EventBus } from '../../tools/events.js';
import type { BackendModule } from '../module.js';
import { buildRegistry } from './collections.js';
import type { DatabasesService } from './contract.js';
import { databasesMigrations } from './migrations.js';
import { registerDocumentRoutes } from './documents/routes.js';
import { registerSchemaRoutes } from './schema/schema-routes.js';
import { createDocumentsService } from './service.js';
import { syncSchema } from './schema/sync.js';

/** The databases module's public face: what app.ts and other modules may use. */
export type * from './contract.js';

export interface DatabasesDeps {
  db: Database;
  schema: Schema;
  clock: Clock;
  events: EventBus;
  log: (message: string, error: unknown) => void;
  /** Where guests' reads of answers kept for everyone are remembered, to be answered early. */
  keptReads?: KeptReadListener;
}

/**
 * Databases, collections and documents (docs/protocol.md §3.1, §3.5): brings the tables in line
 * with the schema, then builds the service and its routes.
 */
export const databasesModule: BackendModule<DatabasesDeps, DatabasesService> = {
  name: 'databases',
  migrations: databasesMigrations,
  async create(deps) {
    const registry = buildRegistry(deps.schema);
    await syncSchema(deps.db, registry.collections.values(), deps.clock.now());
    const documents = createDocumentsService({ ...deps, registry });
    return {
      service: documents.service,
      routes: async (api) => {
        registerSchemaRoutes(api, deps.db, deps.schema);
        registerDocumentRoutes(api, documents, deps.keptReads ?? null);
      },
      close: async () => undefined,
    };
  },
};
