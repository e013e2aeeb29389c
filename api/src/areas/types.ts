import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Db } from '../db/client';
import type { RouteDefinition } from '../http/define-route';
import type { IdentityModule } from '../identity/types';
import type { JobHandler, JobPolicy, JobQueue, ScheduledTask } from '../jobs';

/** What an area's routes, services and job handlers get. */
export interface AreaDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  identity: IdentityModule;
  /** Queues background jobs (api/src/jobs). */
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** An area's routes (api/src/areas/<area>/routes.ts), registered under /api/mng. */
export type AreaRoutes = (deps: AreaDeps) => RouteDefinition[];

/** A kind of background job an area runs; `handler` is built once per process from the deps. */
export interface AreaJob {
  kind: string;
  policy: JobPolicy;
  /** One line for the worker's readiness log. */
  description: string;
  handler(deps: AreaDeps): JobHandler;
}

/**
 * Everything an area adds to the API and the worker (api/src/areas/<area>/module.ts), listed in
 * api/src/areas/index.ts; app.ts, worker.ts and server.ts name no area.
 */
export interface AreaModule {
  name: string;
  routes: AreaRoutes;
  jobs?: readonly AreaJob[];
  scheduled?: readonly ScheduledTask[];
  /** Content-type parsers the area's routes need (registered once on the app). */
  bodyParsers?: (app: FastifyInstance) => void;
}
