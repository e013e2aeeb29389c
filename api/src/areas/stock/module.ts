import { NO_RETRY } from '../../jobs';
import type { AreaModule } from '../types';
import { registerCsvBodyParser } from './csv-body';
import { stockRoutes } from './routes';
import { STOCK_IMPORT_JOB, createStockService } from './service';
import { STOCK_SCHEDULED_TASKS } from './tasks';

export const stockModule: AreaModule = {
  name: 'stock',
  routes: stockRoutes,
  jobs: [
    {
      kind: STOCK_IMPORT_JOB,
      // All-or-nothing and re-validated against the stock: a failure is for staff to look at.
      policy: NO_RETRY,
      description: 'large stock CSV imports (one transaction, progress, no retry)',
      handler: (deps) =>
        createStockService({ db: deps.db, config: deps.config, jobs: deps.jobs }).importJobHandler,
    },
  ],
  scheduled: STOCK_SCHEDULED_TASKS,
  // Raw text/csv bodies (stock/csv files, up to 20 MB).
  bodyParsers: registerCsvBodyParser,
};
