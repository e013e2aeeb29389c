import path from 'node:path';
import { buildApp } from './app';
import { loadConfig, repoRoot } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { seedSampleProducts } from './areas/products-sample/sample';
import { seedSampleStock } from './areas/stock/sample';
import { sampleDataEnabled, seedSampleData } from './areas/suppliers/sample-data';
import { SAMPLE_ESIMGO_API_KEY, startEmbeddedSimulator } from './connectors/embedded';
import { closeDocumentRenderer, warmDocumentRendererInBackground } from './documents';
import { createIdentity } from './identity';
import { createLogger } from './logger';
import { autoPublishEnabled, autoPublishRemotes } from './release-store/auto-publish';
import { backgroundJobLines, createAreaJobQueue, isWorkerMode, startWorker } from './worker';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    lockHolder: isWorkerMode() ? 'api worker' : `api server (port ${config.port})`,
  });
  const applied = await migrate(database);
  if (applied.length > 0) logger.info({ migrations: applied }, 'migrations applied');
  const seeded = await seed(database, config);
  if (seeded.rolesCreated.length > 0 || seeded.adminCreated)
    logger.info(seeded, 'seed data created');
  // Sample suppliers and exchange rates into empty tables (SEED_SAMPLE_DATA; default: embedded only).
  // With sample data, the demo supplier 'eSIM Go' talks to an in-process eSIM Go simulator
  // (ESIMGO_SIMULATOR_PORT, default 3199, 'off' = none; docs/supplier-sync.md).
  const simulator =
    sampleDataEnabled(process.env, config.databaseUrl) && !isWorkerMode()
      ? await startEmbeddedSimulator(process.env, logger)
      : null;
  if (sampleDataEnabled(process.env, config.databaseUrl)) {
    const sample = await seedSampleData(
      { db: database.db, config },
      {
        esimgoSimulator: simulator
          ? { baseUrl: simulator.url, apiKey: SAMPLE_ESIMGO_API_KEY }
          : null,
      },
    );
    if (sample.suppliersCreated + sample.ratesCreated > 0)
      logger.info(sample, 'sample data created');
    const products = await seedSampleProducts({ db: database.db });
    logger.info(products, 'sample products checked');
    const stock = await seedSampleStock({ db: database.db, config });
    if (stock.stockItemsCreated > 0) logger.info(stock, 'sample stock created');
  }

  // Embedded default: publish and pin the remote builds on disk, so `pnpm start` shows real areas
  // (AUTO_PUBLISH_REMOTES=true|false; default on without DATABASE_URL). Never in worker mode.
  if (!isWorkerMode() && autoPublishEnabled(process.env, config.databaseUrl)) {
    await autoPublishRemotes(database.db, {
      remotesDir: path.join(repoRoot, 'remotes'),
      storeDir: config.remoteStoreDir,
      log: logger,
    }).catch((error: unknown) =>
      // The console still starts: areas without a pin show 'not deployed'.
      logger.error({ err: error }, 'auto-publish failed'),
    );
  }

  const identity = await createIdentity({ config, database, log: logger });
  // The job queue (src/jobs, pg-boss): in the API process and in worker mode alike.
  const { queue: jobs, work } = createAreaJobQueue({ database, config, identity, logger });
  await jobs.start();
  // Worker mode (WORKER=true or --worker): the background jobs, no HTTP listener (src/worker.ts).
  const worker = isWorkerMode() ? startWorker(logger, backgroundJobLines(work)) : null;
  const app = worker ? null : await buildApp({ config, database, identity, logger, jobs });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal },
      worker
        ? 'shutting down the worker'
        : 'shutting down: no new connections, finishing requests in flight',
    );
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app?.close();
      await worker?.close();
      // Jobs in hand get half the grace period; the stale check fails the records of what is left.
      await jobs.stop(SHUTDOWN_GRACE_MS / 2);
      // Chromium, if a document was printed (app.close() closed it too; a job may have started it
      // again since).
      await closeDocumentRenderer();
      await identity.close();
      await simulator?.close();
      await database.close();
      logger.info('stopped');
      process.exitCode = 0;
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exitCode = 1;
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (!app) return;
  await app.listen({ host: config.host, port: config.port });
  // The document renderer starts in the background: readiness does not wait for it, and a
  // missing Chromium is a warning (docs/documents.md "Rendering"). Not in worker mode: a batch
  // starts it at its first document.
  if (config.documentsWarmOnStart) void warmDocumentRendererInBackground(logger);
  const where =
    database.kind === 'pglite' ? `PGlite at ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  console.info(
    [
      '',
      `  eSIM console:     ${config.publicUrl}/`,
      `  Sign in with:     ${config.seedAdminEmail}`,
      config.mail.smtpUrl
        ? `  One-time passwords are e-mailed through ${new URL(config.mail.smtpUrl).host}`
        : `  One-time passwords are written to the outbox: ${config.mail.outboxDir}`,
      `  Database:         ${where}`,
      `  API document:     ${config.publicUrl}/api/mng/openapi.json`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error('The server could not start:', error);
  process.exit(1);
});
