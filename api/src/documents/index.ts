/*
 * Documents (issue 16): invoices, receipts and credit notes for Japan, Thailand and Germany as
 * HTML templates printed to PDF by one warm headless Chromium. docs/documents.md.
 */
import { performance } from 'node:perf_hooks';
import { PdfRenderer, type PdfRendererOptions } from './render/pdf-renderer';
import { renderDocumentHtml } from './templates/document';
import { warmUpHtml } from './templates/warm-up';
import type { DocumentData } from './types';

export type * from './types';
export { DOCUMENT_CURRENCIES } from './types';
export { DOCUMENT_LABELS, type DocumentLabels } from './labels';
export { DocumentDataError, documentDataProblems } from './validate';
export { PdfRenderer, PdfRenderError, type PdfRendererOptions } from './render/pdf-renderer';
export { renderDocumentHtml };

let shared: PdfRenderer | null = null;

/** The process's renderer (one warm browser for every document), made at first use. */
export function documentRenderer(options?: PdfRendererOptions): PdfRenderer {
  shared ??= new PdfRenderer(options);
  return shared;
}

/** Closes the process's renderer (on shutdown); the next use makes a new one. */
export async function closeDocumentRenderer(): Promise<void> {
  const renderer = shared;
  shared = null;
  await renderer?.close();
}

/**
 * Starts the renderer's browser and pages and loads the fonts every document shares: call it at
 * start (or before a batch) so the first preview is a warm one.
 */
export function warmDocumentRenderer(renderer: PdfRenderer = documentRenderer()): Promise<void> {
  return renderer.warm(warmUpHtml());
}

/** Where warmDocumentRendererInBackground reports (a pino logger). */
export interface WarmUpLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Warms the process's renderer at the API's start (server.ts, after it listens): never throws,
 * the outcome is logged. Without Chromium the start goes on with a warning, and documents fail
 * with 'Error generating PDF.' until it is installed (each render tries to start it again).
 */
export async function warmDocumentRendererInBackground(
  log: WarmUpLog,
  renderer: PdfRenderer = documentRenderer(),
): Promise<void> {
  const started = performance.now();
  try {
    await warmDocumentRenderer(renderer);
    log.info(
      { ms: Math.round(performance.now() - started) },
      'document renderer warm (Chromium, pages and shared fonts)',
    );
  } catch (error) {
    // Shut down before it was warm: nothing to report.
    if (renderer.isClosed) return;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    log.warn(
      { err: cause },
      "document renderer could not start: PDFs answer 'Error generating PDF.' until Chromium runs (docs/documents.md)",
    );
  }
}

/** A document's PDF: its HTML (renderDocumentHtml) printed by the renderer. */
export function renderDocumentPdf(
  data: DocumentData,
  renderer: PdfRenderer = documentRenderer(),
): Promise<Buffer> {
  return renderer.render(renderDocumentHtml(data));
}
