/**
 * Background jobs (docs/decisions/0010-job-queue.md): pg-boss dispatches, table `jobs` is what
 * staff see. A handler does its writes in ONE transaction and marks the job succeeded inside it
 * (ctx.completeIn(tx, result)), so "succeeded" and the data commit together; anything else leaves
 * no partial writes and the record shows why.
 */
export * from './types';
export { JOB_INTERRUPTED, enqueueJob, failStaleJobs, getJob, pruneFinishedJobs } from './records';
export { runQueuedJobs, type RunQueuedOptions } from './run-queued';
export { failureMessage } from './run-record';
export {
  createJobQueue,
  taskQueueName,
  type JobQueue,
  type JobQueueOptions,
  type JobWork,
} from './queue';
export { JOB_HOUSEKEEPING_TASKS, STALE_AFTER_MS } from './housekeeping';
