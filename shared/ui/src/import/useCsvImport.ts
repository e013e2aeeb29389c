import {
  isApiError,
  useBackgroundJob,
  type BackgroundJob,
  type BackgroundJobSource,
  type CsvSend,
} from '@esim/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateValidationMessage } from '../i18n/translateValidationMessage';
import { csvFileProblem, type CsvImportLimits } from './csvImportLimits';
import type { CsvFilePickerProps } from './CsvFilePicker';

/**
 * idle: no file (or one refused) · checking: the dry run is on its way · preview: the dry run's
 * answer is shown · applying: the apply is on its way · running: a background job imports ·
 * done: imported · failed: the background job failed (nothing imported).
 */
export type CsvImportPhase =
  'idle' | 'checking' | 'preview' | 'applying' | 'running' | 'done' | 'failed';

export interface CsvImportJobs<Result> {
  source: BackgroundJobSource<Result>;
  /** The job an apply started, when the API runs it in the background. */
  idOf: (applied: Result) => string | null;
  pollMs?: number;
}

export interface CsvImportOptions<Result> {
  limits: CsvImportLimits;
  /** Dry run and apply of one endpoint (csvUploader of @esim/platform). */
  send: CsvSend<Result>;
  /** Whether the dry run's answer may be applied (no row errors, something to import). */
  canApply: (preview: Result) => boolean;
  /**
   * Applies what the dry run checked without sending the file again (an endpoint that staged
   * it, e.g. stock/csv/apply with the dry run's importId). Default: send(file, false).
   */
  applyChecked?: (preview: Result) => Promise<Result>;
  jobs?: CsvImportJobs<Result>;
  /** Called once the import is written: at once, or when its background job succeeded. */
  onApplied?: (result: Result, how: { background: boolean }) => void | Promise<void>;
  /** The area's own words for a refused apply; undefined falls back to the API's message. */
  applyErrorText?: (error: unknown) => string | undefined;
}

export interface CsvImport<Result> {
  phase: CsvImportPhase;
  file: File | undefined;
  /** Why the file was refused: by the picker's checks or by the dry run. */
  fileError: string | undefined;
  preview: Result | undefined;
  canApply: boolean;
  applyError: string | undefined;
  /** What was written, once done. */
  result: Result | undefined;
  job: BackgroundJob<Result> | undefined;
  /** The job's progress could not be read (still retrying). */
  jobUnreadable: boolean;
  choose: (file: File) => Promise<void>;
  apply: () => Promise<void>;
  /** Back to choosing a file. */
  reset: () => void;
  /** Props for CsvFilePicker. */
  picker: Omit<CsvFilePickerProps, 'testId'>;
}

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** The import's state machine: check the file, dry run, apply, follow the background job. */
export function useCsvImport<Result>(options: CsvImportOptions<Result>): CsvImport<Result> {
  const { t } = useTranslation(['validation', 'common']);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [phase, setPhase] = useState<CsvImportPhase>('idle');
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [preview, setPreview] = useState<Result>();
  const [applyError, setApplyError] = useState<string>();
  const [applied, setApplied] = useState<Result>();
  const [jobId, setJobId] = useState<string>();
  const dryRun = useRef<AbortController | null>(null);

  useEffect(() => () => dryRun.current?.abort(), []);

  const errorText = useCallback(
    (error: unknown) => (isApiError(error) ? error.message : t('common:errors.default')),
    [t],
  );

  const reset = useCallback(() => {
    dryRun.current?.abort();
    setPhase('idle');
    setFile(undefined);
    setFileError(undefined);
    setPreview(undefined);
    setApplyError(undefined);
    setApplied(undefined);
    setJobId(undefined);
  }, []);

  const choose = useCallback(
    async (chosen: File) => {
      reset();
      const problem = csvFileProblem(chosen, latest.current.limits);
      if (problem) {
        setFileError(translateValidationMessage(t, problem));
        return;
      }
      const controller = new AbortController();
      dryRun.current = controller;
      setFile(chosen);
      setPhase('checking');
      try {
        const answer = await latest.current.send(chosen, true, controller.signal);
        if (controller.signal.aborted) return;
        setPreview(answer);
        setPhase('preview');
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        setFileError(errorText(error));
        setPhase('idle');
      }
    },
    [reset, t, errorText],
  );

  const canApply = preview !== undefined && options.canApply(preview);

  const apply = useCallback(async () => {
    if (!file || preview === undefined || !latest.current.canApply(preview)) return;
    setApplyError(undefined);
    setPhase('applying');
    try {
      const { applyChecked, send } = latest.current;
      const answer = applyChecked ? await applyChecked(preview) : await send(file, false);
      const startedJob = latest.current.jobs?.idOf(answer) ?? null;
      if (startedJob) {
        setJobId(startedJob);
        return;
      }
      setApplied(answer);
      setPhase('done');
      await latest.current.onApplied?.(answer, { background: false });
    } catch (error) {
      setApplyError(latest.current.applyErrorText?.(error) ?? errorText(error));
      setPhase('preview');
    }
  }, [file, preview, errorText]);

  const jobQuery = useBackgroundJob(options.jobs?.source, jobId, options.jobs?.pollMs);
  const job = jobId === undefined ? undefined : jobQuery.data;
  const jobStatus = job?.status;

  // While a background job runs, its state is the import's.
  const currentPhase: CsvImportPhase =
    jobId === undefined
      ? phase
      : jobStatus === 'succeeded'
        ? 'done'
        : jobStatus === 'failed'
          ? 'failed'
          : 'running';
  const result = applied ?? (jobStatus === 'succeeded' ? (job?.result ?? undefined) : undefined);

  // A background import succeeded: tell the area once.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!jobId || jobStatus !== 'succeeded' || !job?.result || announced.current === jobId) return;
    announced.current = jobId;
    void latest.current.onApplied?.(job.result, { background: true });
  }, [jobId, job, jobStatus]);

  return {
    phase: currentPhase,
    file,
    fileError,
    preview,
    canApply,
    applyError,
    result,
    job,
    jobUnreadable: jobId !== undefined && jobQuery.isError,
    choose,
    apply,
    reset,
    picker: {
      limits: options.limits,
      onFile: (chosen) => void choose(chosen),
      error: fileError,
      checking: currentPhase === 'checking',
      disabled: currentPhase === 'applying' || currentPhase === 'running',
      fileName: file?.name,
    },
  };
}
