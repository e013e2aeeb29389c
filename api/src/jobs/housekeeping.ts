/** The queue's own scheduled tasks on the job records (table `jobs`). */
import { failStaleJobs, pruneFinishedJobs } from './records';
import type { ScheduledTask } from './types';

/** A running record without a heartbeat for this long lost its process: it is failed. */
export const STALE_AFTER_MS = 120_000;
/** Finished records are kept this many days (staff see recent jobs; results are audited). */
export const FINISHED_JOBS_KEPT_DAYS = 30;

export const JOB_HOUSEKEEPING_TASKS: ScheduledTask[] = [
  {
    name: 'jobs.failStale',
    description: 'running jobs without a heartbeat for 2 minutes -> failed (every minute)',
    run: ({ db }) => failStaleJobs(db, STALE_AFTER_MS),
  },
  {
    name: 'jobs.pruneFinished',
    cron: '17 3 * * *',
    description: `finished jobs older than ${FINISHED_JOBS_KEPT_DAYS} days deleted (daily)`,
    run: ({ db }) => pruneFinishedJobs(db, FINISHED_JOBS_KEPT_DAYS),
  },
];
