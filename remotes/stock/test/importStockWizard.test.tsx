import { configureApiClient, getQueryClient } from '@esim/platform';
import { createTestI18n, fireEvent, renderWithProviders, screen, waitFor } from '@esim/ui/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportStockWizard } from '../src/components/ImportStockWizard';

/*
 * The stock wizard on the import kit: the dry run stages the file, the apply sends its importId
 * (not the file again), and a large file is applied as a background job.
 */

const ROWS = 5001;
const requests: string[] = [];
let jobReads = 0;
let close: () => void;
let en: i18n;

const result = (dryRun: boolean, jobId: string | null, importId: string | null = null) => ({
  dryRun,
  productId: 'p-1',
  fileName: 'big.csv',
  totalRows: ROWS,
  validRows: ROWS,
  expiredRows: 0,
  errorRows: 0,
  errors: [],
  errorCount: 0,
  allExpired: false,
  imported: 0,
  jobId,
  importId,
});

function reply(url: URL, body: string, response: ServerResponse) {
  let data: unknown;
  if (url.pathname.endsWith('/stock/csv/job')) {
    jobReads += 1;
    const done = jobReads > 1;
    data = {
      id: 'job-1',
      status: done ? 'succeeded' : 'running',
      progress: { done: done ? ROWS : 1000, total: ROWS },
      result: done ? { ...result(false, null), imported: ROWS } : null,
      error: null,
    };
  } else if (url.pathname.endsWith('/stock/csv/apply')) {
    // The checked file is applied by its importId (staged on the server), not sent again.
    data = body === JSON.stringify({ importId: 'import-1' }) ? result(false, 'job-1') : null;
  } else {
    // The dry run staged the file: importId to apply it with.
    data = result(url.searchParams.get('dryRun') === 'true', null, 'import-1');
  }
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ data }));
}

beforeAll(async () => {
  en = await createTestI18n('en');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      requests.push(`${request.method} ${url.pathname.replace('/api/mng/', '')}${url.search}`);
      reply(url, Buffer.concat(chunks).toString('utf8'), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  close = () => server.close();
});
afterAll(() => close());

const fileInput = () => screen.getByTestId('stock-import-file').querySelector('input[type="file"]');
const choose = (name: string) => {
  const input = fileInput();
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [new File(['iccid\n'], name)] } });
};

describe('ImportStockWizard', () => {
  it(
    'refuses a wrong file, checks a good one, then follows the background import',
    {
      timeout: 30_000,
    },
    async () => {
      const onClose = vi.fn();
      renderWithProviders(
        <QueryClientProvider client={getQueryClient()}>
          <ImportStockWizard onClose={onClose} product={{ id: 'p-1', label: 'Product One' }} />
        </QueryClientProvider>,
        en,
      );

      choose('stock.txt');
      expect((await screen.findByTestId('file-error')).textContent).toBe(
        'Only .csv formats are supported.',
      );
      expect(requests).toEqual([]);

      choose('big.csv');
      expect((await screen.findByTestId('import-ready')).textContent).toBe(
        '5,001 eSIMs are ready to import.',
      );
      const apply = screen.getByTestId('import-apply');
      expect(apply.textContent).toBe('Import 5,001 eSIMs');
      fireEvent.click(apply);

      expect((await screen.findByTestId('import-progress')).textContent).toContain('Importing…');
      expect(
        (await screen.findByTestId('import-finished', {}, { timeout: 10_000 })).textContent,
      ).toContain('5,001 eSIMs imported.');
      expect(requests).toEqual([
        'POST stock/csv?productId=p-1&fileName=big.csv&dryRun=true',
        'POST stock/csv/apply',
        'GET stock/csv/job?id=job-1',
        'GET stock/csv/job?id=job-1',
      ]);

      expect(onClose).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(onClose).toHaveBeenCalled());
    },
  );
});
