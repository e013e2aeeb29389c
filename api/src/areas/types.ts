import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { RouteDefinition } from '../http/define-route';
import type { IdentityModule } from '../identity/types';

/** What an area's routes and services get: config, the database and the identity module. */
export interface AreaDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  identity: IdentityModule;
}

/** An area's routes (api/src/areas/<area>/routes.ts), registered under /api/mng. */
export type AreaRoutes = (deps: AreaDeps) => RouteDefinition[];
