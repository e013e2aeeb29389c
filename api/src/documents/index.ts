/*
 * Documents (issue 16): invoices, receipts and credit notes for Japan, Thailand and Germany as
 * HTML templates printed to PDF by one warm headless Chromium. docs/documents.md.
 */
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

/** A document's PDF: its HTML (renderDocumentHtml) printed by the renderer. */
export function renderDocumentPdf(
  data: DocumentData,
  renderer: PdfRenderer = documentRenderer(),
): Promise<Buffer> {
  return renderer.render(renderDocumentHtml(data));
}
