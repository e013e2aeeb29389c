import type { FastifyInstance } from 'fastify';
import type { RouteDefinition } from '../http/define-route';
import type { JobDefinition, ScheduledTask } from '../jobs';
import { accessModule } from './access/module';
import { auditModule } from './audit/module';
import { branchesModule } from './branches/module';
import { campaignsModule } from './campaigns/module';
import { currenciesModule } from './currencies/module';
import { dashboardModule } from './dashboard/module';
import { exchangeRatesModule } from './exchange-rates/module';
import { filesModule } from './files/module';
import { notificationsModule } from './notifications/module';
import { ordersModule } from './orders/module';
import { partnersModule } from './partners/module';
import { productsModule } from './products/module';
import { profileModule } from './profile/module';
import { releasesModule } from './releases/module';
import { stockModule } from './stock/module';
import { supplierSyncModule } from './supplier-sync/module';
import { suppliersModule } from './suppliers/module';
import { tariffsModule } from './tariffs/module';
import type { AreaDeps, AreaModule } from './types';
import { utilsModule } from './utils/module';

/** Every area (api/src/areas/<area>/module.ts); a new area adds one line here. */
export const AREA_MODULES: readonly AreaModule[] = [
  accessModule,
  utilsModule,
  filesModule,
  releasesModule,
  tariffsModule,
  productsModule,
  auditModule,
  suppliersModule,
  partnersModule,
  stockModule,
  supplierSyncModule,
  currenciesModule,
  exchangeRatesModule,
  dashboardModule,
  branchesModule,
  ordersModule,
  campaignsModule,
  notificationsModule,
  profileModule,
];

export function areaRoutes(deps: AreaDeps, modules = AREA_MODULES): RouteDefinition[] {
  return modules.flatMap((area) => area.routes(deps));
}

export function registerAreaBodyParsers(app: FastifyInstance, modules = AREA_MODULES): void {
  for (const area of modules) area.bodyParsers?.(app);
}

/** Every area's job kinds with their handlers built from the deps. */
export function areaJobs(deps: AreaDeps, modules = AREA_MODULES): JobDefinition[] {
  return modules.flatMap((area) =>
    (area.jobs ?? []).map((job) => ({
      kind: job.kind,
      policy: job.policy,
      description: job.description,
      handler: job.handler(deps),
    })),
  );
}

export function areaScheduledTasks(modules = AREA_MODULES): ScheduledTask[] {
  return modules.flatMap((area) => area.scheduled ?? []);
}
