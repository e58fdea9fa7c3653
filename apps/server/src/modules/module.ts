import type { FastifyInstance } from 'fastify';
import type { Migration } from 'kysely';

/**
 * The one shape of a backend module (account, keys, databases, storage, realtime; app.ts lists them).
 * `migrations` are the module's fixed tables, applied before anything opens (migrations.ts);
 * `create` builds the module from its dependencies, passed as plain parameters.
 */
export interface BackendModule<Deps, Service> {
  readonly name: string;
  readonly migrations: Readonly<Record<string, Migration>>;
  create(deps: Deps): Promise<ModuleInstance<Service>>;
}

/** A module, built. */
export interface ModuleInstance<Service> {
  /** What the app, the shop and the other modules use. */
  service: Service;
  /** Mounts the module's routes on the /v1 API, behind the request pipeline. */
  routes(api: FastifyInstance): Promise<void>;
  /** Lets go of what the module holds, once requests have stopped, before the database closes. */
  close(): Promise<void>;
}
