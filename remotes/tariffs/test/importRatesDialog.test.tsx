import { configureApiClient } from '@esim/platform';
import { createTestI18n, fireEvent, renderWithProviders, screen, waitFor } from '@esim/ui/testing';
import type { i18n } from 'i18next';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ImportRatesDialog } from '../src/rates/ImportRatesDialog';

/* Exchange rates from CSV through the import kit: dry run, row errors, apply, all via the API. */

// jsdom's Blob has no text() (browsers do); read it as a browser would.
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
      reader.readAsText(this);
    });
  };
}

const bodies: { csv: string; dryRun: boolean }[] = [];
let close: () => void;
let en: i18n;

const BAD = 'currency,rate,effectiveDate\nUSD,abc,2026-01-01\n';
const GOOD = 'currency,rate,effectiveDate\nUSD,150.5,2026-01-01\n';

function answer(response: ServerResponse, csv: string, dryRun: boolean) {
  const bad = csv === BAD;
  const data = {
    dryRun,
    rows: [{ row: 2, currency: 'USD', rate: bad ? null : '150.5', effectiveDate: '2026-01-01' }],
    errors: bad
      ? [
          {
            row: 2,
            field: 'rate',
            message: 'Invalid rate format at row 2.',
            key: 'invalidRowFormat',
            params: { name: 'rate', rowCount: 2 },
          },
        ]
      : [],
    imported: dryRun ? 0 : 1,
  };
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify({ data }));
}

beforeAll(async () => {
  en = await createTestI18n('en');
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        csv: string;
        dryRun: boolean;
      };
      bodies.push(body);
      answer(response, body.csv, body.dryRun);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  close = () => server.close();
});
afterAll(() => close());

const choose = (name: string, text: string) =>
  fireEvent.change(screen.getByTestId('rates-csv-file'), {
    target: { files: [new File([text], name, { type: 'text/csv' })] },
  });
const okButton = () => screen.getByRole('button', { name: 'Import' });

describe('ImportRatesDialog', () => {
  it(
    'checks the file first, blocks a file with row errors, then applies a clean one',
    { timeout: 30_000 },
    async () => {
      const onSaved = vi.fn(() => Promise.resolve());
      const onClose = vi.fn();
      renderWithProviders(<ImportRatesDialog onClose={onClose} onSaved={onSaved} />, en);

      choose('rates.txt', GOOD);
      expect((await screen.findByTestId('rates-csv-file-error')).textContent).toBe(
        'Only .csv formats are supported.',
      );
      expect(bodies).toHaveLength(0);

      choose('rates.csv', BAD);
      expect((await screen.findByTestId('import-error')).textContent).toContain('2');
      expect(screen.getByTestId('import-has-errors').textContent).toContain(
        'The file has 1 error.',
      );
      expect(okButton()).toHaveProperty('disabled', true);

      choose('rates.csv', GOOD);
      await waitFor(() => expect(okButton()).toHaveProperty('disabled', false));
      expect(screen.queryByTestId('import-error')).toBeNull();
      fireEvent.click(okButton());

      await waitFor(() => expect(onClose).toHaveBeenCalled());
      expect(onSaved).toHaveBeenCalledTimes(1);
      expect(bodies).toEqual([
        { csv: BAD, dryRun: true },
        { csv: GOOD, dryRun: true },
        { csv: GOOD, dryRun: false },
      ]);
    },
  );
});
