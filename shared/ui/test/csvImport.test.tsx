import './setup';
import type { CsvRowError } from '@esim/contracts';
import type { BackgroundJob, BackgroundJobSource } from '@esim/platform';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CsvImportPanel, useCsvImport, type CsvImportLimits } from '../src';
import { createTestI18n } from './i18n';
import { renderWithProviders } from './render';

/* The CSV import kit as a user meets it: pick a file, read the dry run, apply, follow the job.
 * antd in jsdom is slow: a few seconds a test alone, more beside the whole suite. */

interface TestResult {
  rows: { row: number }[];
  errors: CsvRowError[];
  /** All errors and rows of the file; the answer lists only the first ones. */
  errorCount?: number;
  rowCount?: number;
  imported: number;
  jobId: string | null;
}

const LIMITS: CsvImportLimits = { extensions: ['.csv'], maxMb: 1, columns: ['a', 'b'] };

const answer = (extra: Partial<TestResult> = {}): TestResult => ({
  rows: [{ row: 2 }, { row: 3 }],
  errors: [],
  imported: 0,
  jobId: null,
  ...extra,
});

const rowError = (row: number): CsvRowError => ({
  row,
  field: 'iccid',
  message: `English text ${row}`,
  key: 'invalidRowFormat',
  params: { name: 'iccid', rowCount: row },
});

const csv = (name = 'stock.csv', text = 'a,b\n1,2\n') =>
  new File([text], name, { type: 'text/csv' });

function TestImport({
  send,
  jobs,
  onApplied,
}: {
  send: (file: File, dryRun: boolean) => Promise<TestResult>;
  jobs?: BackgroundJobSource<TestResult>;
  onApplied?: (result: TestResult, how: { background: boolean }) => void;
}) {
  const csvImport = useCsvImport<TestResult>({
    limits: LIMITS,
    send,
    canApply: (preview) => preview.errors.length === 0 && preview.rows.length > 0,
    ...(jobs ? { jobs: { source: jobs, idOf: (applied) => applied.jobId, pollMs: 10 } } : {}),
    ...(onApplied ? { onApplied } : {}),
  });
  return (
    <CsvImportPanel
      csvImport={csvImport}
      areaNamespace="testOnlyArea"
      errorsOf={(preview) => ({
        errors: preview.errors,
        ...(preview.errorCount === undefined ? {} : { errorCount: preview.errorCount }),
      })}
      rowTotals={(preview) => ({
        shown: preview.rows.length,
        total: preview.rowCount ?? preview.rows.length,
      })}
      applyLabel="Apply it"
      done={(result) => <p data-testid="test-done">{result.imported} written</p>}
    />
  );
}

const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('csv-file'), { target: { files: [file] } });
const applyButton = () => screen.getByRole('button', { name: 'Apply it' });

let en: i18n;
let ja: i18n;
beforeAll(async () => {
  en = await createTestI18n('en');
  ja = await createTestI18n('ja');
});

describe('CSV file picker', { timeout: 20_000 }, () => {
  it('refuses a file of another extension, in the user’s language, without sending it', async () => {
    const send = vi.fn(() => Promise.resolve(answer()));
    renderWithProviders(<TestImport send={send} />, en);
    expect(screen.getByTestId('csv-file').tagName).toBe('INPUT');
    choose(csv('stock.txt'));
    expect(await screen.findByTestId('csv-file-error')).toHaveProperty(
      'textContent',
      'Only .csv formats are supported.',
    );
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a file over the limit with the limit in the message', async () => {
    const send = vi.fn(() => Promise.resolve(answer()));
    renderWithProviders(<TestImport send={send} />, ja);
    choose(new File([new Uint8Array(1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' }));
    const error = await screen.findByTestId('csv-file-error');
    expect(error.textContent).toBe(ja.t('validation:fileTooLarge', { limit: 1 }));
    expect(error.textContent).not.toContain('Files cannot');
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the dry run’s refusal of the file where the file was chosen', async () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    renderWithProviders(<TestImport send={send} />, en);
    choose(csv());
    expect((await screen.findByTestId('csv-file-error')).textContent).toBe(
      en.t('common:errors.default'),
    );
    expect(send).toHaveBeenCalledWith(expect.any(File), true, expect.any(AbortSignal));
  });
});

describe('CSV import dry run', { timeout: 20_000 }, () => {
  it('with row errors: apply is blocked and the errors are shown ten a page', async () => {
    const errors = Array.from({ length: 12 }, (_, index) => rowError(index + 2));
    const send = vi.fn(() => Promise.resolve(answer({ errors })));
    renderWithProviders(<TestImport send={send} />, en);
    choose(csv());

    expect((await screen.findByTestId('import-has-errors')).textContent).toContain(
      'The file has 12 errors.',
    );
    expect(screen.getAllByTestId('import-error')).toHaveLength(10);
    expect(screen.getAllByTestId('import-error')[0]?.textContent).toContain(
      'Invalid ICCID format at row 2.',
    );
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getAllByTestId('import-error')).toHaveLength(2);

    expect(applyButton()).toHaveProperty('disabled', true);
    fireEvent.click(applyButton());
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a bounded answer says how many errors and rows the whole file has', async () => {
    const errors = Array.from({ length: 3 }, (_, index) => rowError(index + 2));
    const send = vi.fn(() =>
      Promise.resolve(answer({ errors, errorCount: 45_000, rowCount: 45_000 })),
    );
    renderWithProviders(<TestImport send={send} />, en);
    choose(csv());

    expect((await screen.findByTestId('import-has-errors')).textContent).toContain(
      'The file has 45,000 errors.',
    );
    expect(screen.getByText('Showing the first 3 of 45,000 errors.')).toBeTruthy();
    expect(screen.getByTestId('import-rows-more').textContent).toBe(
      'Showing the first 2 of 45,000 rows.',
    );
  });

  it('without errors: apply writes it and says so', async () => {
    const send = vi.fn((_file: File, dryRun: boolean) =>
      Promise.resolve(answer({ imported: dryRun ? 0 : 2 })),
    );
    const onApplied = vi.fn();
    renderWithProviders(<TestImport send={send} onApplied={onApplied} />, en);
    choose(csv());
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    expect(screen.queryByTestId('import-has-errors')).toBeNull();
    fireEvent.click(applyButton());

    expect((await screen.findByTestId('test-done')).textContent).toBe('2 written');
    expect(send).toHaveBeenLastCalledWith(expect.any(File), false);
    expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ imported: 2 }), {
      background: false,
    });
  });

  it('a refused apply says why and keeps the preview', async () => {
    const send = vi.fn((_file: File, dryRun: boolean) =>
      dryRun ? Promise.resolve(answer()) : Promise.reject(new Error('offline')),
    );
    renderWithProviders(<TestImport send={send} />, en);
    choose(csv());
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    fireEvent.click(applyButton());
    const error = await screen.findByTestId('import-apply-error');
    expect(error.textContent).toContain('The import failed; nothing was imported.');
    expect(applyButton()).toBeTruthy();
  });
});

describe('CSV import in the background', { timeout: 20_000 }, () => {
  const job = (
    id: string,
    extra: Partial<BackgroundJob<TestResult>>,
  ): BackgroundJob<TestResult> => ({
    id,
    status: 'running',
    progress: { done: 1, total: 4 },
    result: null,
    error: null,
    ...extra,
  });

  /** Applies a clean file whose apply starts `jobId`; the job answers what `state` holds. */
  async function applyInBackground(jobId: string, first: BackgroundJob<TestResult>) {
    const state = { current: first };
    const read = vi.fn(() => Promise.resolve(state.current));
    const onApplied = vi.fn();
    const send = vi.fn((_file: File, dryRun: boolean) =>
      Promise.resolve(answer({ jobId: dryRun ? null : jobId })),
    );
    renderWithProviders(
      <TestImport send={send} jobs={{ key: `test/${jobId}`, read }} onApplied={onApplied} />,
      en,
    );
    choose(csv());
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    fireEvent.click(applyButton());
    await waitFor(() =>
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25'),
    );
    return { state, read, onApplied };
  }

  it('shows the job’s progress, then done once it succeeded', async () => {
    const { state, read, onApplied } = await applyInBackground('job-ok', job('job-ok', {}));
    expect(screen.getByTestId('import-progress').textContent).toContain('Importing… 1 of 4 rows');
    expect(screen.queryByTestId('test-done')).toBeNull();

    state.current = job('job-ok', {
      status: 'succeeded',
      progress: { done: 4, total: 4 },
      result: answer({ imported: 4 }),
    });
    expect((await screen.findByTestId('test-done')).textContent).toBe('4 written');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(read).toHaveBeenCalledWith('job-ok', expect.any(AbortSignal));
    expect(onApplied).toHaveBeenCalledTimes(1);
    expect(onApplied).toHaveBeenCalledWith(expect.objectContaining({ imported: 4 }), {
      background: true,
    });
  });

  it('says the job failed, with its reason, and that nothing was imported', async () => {
    const { state, onApplied } = await applyInBackground('job-failed', job('job-failed', {}));
    state.current = job('job-failed', { status: 'failed', error: 'The database is full.' });
    expect((await screen.findByTestId('import-job-error')).textContent).toBe(
      'The database is full. Nothing was imported.',
    );
    expect(screen.getByTestId('import-progress').textContent).toContain('The import failed');
    expect(screen.queryByTestId('test-done')).toBeNull();
    expect(onApplied).not.toHaveBeenCalled();
  });
});
