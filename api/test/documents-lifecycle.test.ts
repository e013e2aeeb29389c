/**
 * The document renderer in the API process's life (docs/documents.md "Rendering"): warmed in the
 * background at start (server.ts) when DOCUMENTS_WARM_ON_START says so, a missing Chromium only a
 * warning, and closed with the app.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import {
  closeDocumentRenderer,
  documentRenderer,
  PdfRenderError,
  PdfRenderer,
  renderDocumentPdf,
  warmDocumentRendererInBackground,
} from '../src/documents';
import { createTestApp } from './support/app';
import { JP_INVOICE } from './support/document-samples';

/** The Chromium processes this test process started (its children). */
function chromiumChildren(): number[] {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)]).toString();
  } catch {
    // ps exits 1 when no process matches.
  }
  return listing
    .split('\n')
    .filter((line) => /chrom/i.test(line))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn'; details: object; message: string }> = [];
  return {
    lines,
    info: (details: object, message: string) => lines.push({ level: 'info', details, message }),
    warn: (details: object, message: string) => lines.push({ level: 'warn', details, message }),
  };
}

describe('DOCUMENTS_WARM_ON_START', () => {
  it('is on by default, off under tests, and either when set', () => {
    const secret = { SECRET_KEY: 'a'.repeat(64) };
    expect(loadConfig({ ...secret }).documentsWarmOnStart).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'production' }).documentsWarmOnStart).toBe(true);
    expect(loadConfig({ ...secret, NODE_ENV: 'test' }).documentsWarmOnStart).toBe(false);
    const set = (value: string) =>
      loadConfig({ ...secret, NODE_ENV: 'test', DOCUMENTS_WARM_ON_START: value });
    expect(set('true').documentsWarmOnStart).toBe(true);
    expect(loadConfig({ ...secret, DOCUMENTS_WARM_ON_START: 'false' }).documentsWarmOnStart).toBe(
      false,
    );
  });
});

describe('warming at start without Chromium', () => {
  const chromiumPath = process.env.CHROMIUM_PATH;
  afterEach(() => {
    if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH;
    else process.env.CHROMIUM_PATH = chromiumPath;
  });

  it('logs a warning and goes on; documents then fail with the business message', async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    const renderer = new PdfRenderer({ pages: 1 });
    const log = recordingLog();
    try {
      await expect(warmDocumentRendererInBackground(log, renderer)).resolves.toBeUndefined();
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]).toMatchObject({ level: 'warn' });
      expect(log.lines[0]!.message).toContain("'Error generating PDF.'");
      expect(String((log.lines[0]!.details as { err: unknown }).err)).toContain(
        'Chromium not found at /nonexistent/chromium',
      );
      const refused = renderDocumentPdf(JP_INVOICE, renderer);
      await expect(refused).rejects.toBeInstanceOf(PdfRenderError);
      await expect(refused).rejects.toThrow('Error generating PDF.');
    } finally {
      await renderer.close();
    }
  });
});

describe('the app and the renderer', () => {
  it('app.close() closes the Chromium the process started', { timeout: 120_000 }, async () => {
    execFileSync(process.execPath, [
      fileURLToPath(new URL('../../scripts/ensure-chromium.mjs', import.meta.url)),
    ]);
    const t = await createTestApp();
    let closed = false;
    try {
      const renderer = documentRenderer();
      const log = recordingLog();
      await warmDocumentRendererInBackground(log, renderer);
      expect(log.lines.map((line) => line.level)).toEqual(['info']);
      expect(chromiumChildren().length).toBeGreaterThan(0);

      await t.close();
      closed = true;
      expect(renderer.isClosed).toBe(true);
      expect(chromiumChildren()).toEqual([]);
      await expect(renderer.render('<p>late</p>')).rejects.toBeInstanceOf(PdfRenderError);
      // The next use makes a new renderer (and starts nothing until then).
      expect(documentRenderer()).not.toBe(renderer);
      expect(documentRenderer().browserStarts).toBe(0);
    } finally {
      if (!closed) await t.close();
      await closeDocumentRenderer();
    }
  });
});
