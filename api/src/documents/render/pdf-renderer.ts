import os from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { facesFor, fontFaceRules } from '../fonts';
import { launchChromium } from './chromium';
import { DOCUMENT_SHELL, showDocumentScript } from './prepare';
import { answerRequest, type BlockedRequestListener } from './requests';
import { Semaphore } from './semaphore';

/*
 * HTML to PDF through ONE warm Chromium (docs/documents.md). The browser starts at the first
 * render (or warm()), and again at the next render after it crashed or was closed under us. A
 * few pages, each in its own context with JavaScript off and every request but our fonts refused,
 * are kept open and reused: each loads the document shell once (./prepare.ts), and a warm render
 * is one evaluate (the document into the shell, new fonts loaded) and one page.pdf. As many
 * renders run at once as there are pages; the others wait their turn.
 */

export interface PdfRendererOptions {
  /** Pages rendering at once (default: one per core, 1 to 4; 2 on the project's machines). */
  pages?: number;
  /** Longest one render may take before its page is dropped (default 30 s). */
  timeoutMs?: number;
  /** A page is replaced after this many renders, so nothing a long-lived page gathers grows. */
  rendersPerPage?: number;
  /** Starts the browser (default: Debian's Chromium, ./chromium.ts). */
  launch?: () => Promise<Browser>;
  /** Told every request a document made that was refused. */
  onBlockedRequest?: BlockedRequestListener;
}

/** 'Error generating PDF' (spec section 8): the render failed; `cause` says why. */
export class PdfRenderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PdfRenderError';
  }
}

interface Slot {
  context: BrowserContext;
  page: Page;
  /** The browser start it belongs to: a slot of an earlier start is dead. */
  generation: number;
  renders: number;
  crashed: boolean;
  /** The font files whose @font-face rules the page holds (loaded, kept for its life). */
  faces: Set<string>;
}

const A4_PDF = { format: 'A4', printBackground: true, preferCSSPageSize: true } as const;

export class PdfRenderer {
  private readonly pages: number;
  private readonly timeoutMs: number;
  private readonly rendersPerPage: number;
  private readonly launch: () => Promise<Browser>;
  private readonly onBlockedRequest: BlockedRequestListener | undefined;
  private readonly turns: Semaphore;
  private browser: Promise<Browser> | null = null;
  private generation = 0;
  private idle: Slot[] = [];
  private closed = false;
  private starts = 0;

  constructor(options: PdfRendererOptions = {}) {
    this.pages = options.pages ?? Math.min(4, Math.max(1, os.availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.rendersPerPage = options.rendersPerPage ?? 500;
    this.launch = options.launch ?? launchChromium;
    this.onBlockedRequest = options.onBlockedRequest;
    this.turns = new Semaphore(this.pages);
  }

  /** Closed: renders are refused. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** How many times a browser was started (1 while the first one lives). */
  get browserStarts(): number {
    return this.starts;
  }

  /**
   * Starts the browser and opens every page now by printing `html` on each, so no preview pays
   * for a start (give it the text documents share, and its fonts are loaded too).
   */
  async warm(html = '<!doctype html><p></p>'): Promise<void> {
    await Promise.all(Array.from({ length: this.pages }, () => this.render(html)));
  }

  /** The PDF (A4) of an HTML page. Throws PdfRenderError. */
  async render(html: string): Promise<Buffer> {
    if (this.closed) throw new PdfRenderError('The PDF renderer is closed.');
    const release = await this.turns.acquire();
    try {
      try {
        return await this.renderOnce(html);
      } catch (error) {
        // The browser died under this render (a crash, a kill): one more try on a new one.
        if (this.closed || !(error instanceof BrowserGoneError)) throw error;
        return await this.renderOnce(html);
      }
    } catch (error) {
      if (error instanceof PdfRenderError) throw error;
      throw new PdfRenderError('Error generating PDF.', { cause: error });
    } finally {
      release();
    }
  }

  /** Closes the browser; renders after this are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const browser = this.browser;
    this.browser = null;
    this.idle = [];
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async renderOnce(html: string): Promise<Buffer> {
    const slot = await this.takeSlot();
    let healthy = false;
    try {
      const pdf = await this.withinTimeout(this.print(slot, html));
      healthy = true;
      return pdf;
    } catch (error) {
      const browserGone =
        slot.generation !== this.generation || !slot.context.browser()?.isConnected();
      if (browserGone) throw new BrowserGoneError(error);
      throw error;
    } finally {
      this.giveBack(slot, healthy);
    }
  }

  private async print(slot: Slot, html: string): Promise<Buffer> {
    // The page holds the faces of the documents it printed: only new ones are sent and loaded.
    const faces = facesFor(html).filter((face) => !slot.faces.has(face.file));
    // Resolves once the document is in and its fonts are loaded: the PDF must not be printed
    // before. (Source, not a function: the API's TypeScript has no DOM types.)
    await slot.page.evaluate(showDocumentScript(html, fontFaceRules(faces)));
    for (const face of faces) slot.faces.add(face.file);
    return slot.page.pdf(A4_PDF);
  }

  private withinTimeout<T>(work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PdfRenderError(`The PDF took longer than ${this.timeoutMs} ms.`)),
        this.timeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private async takeSlot(): Promise<Slot> {
    while (this.idle.length > 0) {
      const slot = this.idle.pop()!;
      if (this.usable(slot)) return slot;
      void this.dispose(slot);
    }
    return this.openSlot();
  }

  private giveBack(slot: Slot, healthy: boolean): void {
    slot.renders += 1;
    if (healthy && this.usable(slot) && !this.closed) this.idle.push(slot);
    else void this.dispose(slot);
  }

  private usable(slot: Slot): boolean {
    return (
      slot.generation === this.generation &&
      !slot.crashed &&
      !slot.page.isClosed() &&
      slot.renders < this.rendersPerPage
    );
  }

  private async openSlot(): Promise<Slot> {
    const generation = this.generation;
    const browser = await this.currentBrowser();
    let context: BrowserContext;
    try {
      context = await browser.newContext({ javaScriptEnabled: false });
    } catch (error) {
      // Died between its start and this page (before 'disconnected' told us): worth a retry.
      if (!browser.isConnected()) throw new BrowserGoneError(error);
      throw error;
    }
    try {
      await context.route('**/*', (route) => answerRequest(route, this.onBlockedRequest));
      const page = await context.newPage();
      await page.setContent(DOCUMENT_SHELL, { timeout: this.timeoutMs });
      const slot: Slot = {
        context,
        page,
        generation,
        renders: 0,
        crashed: false,
        faces: new Set(),
      };
      page.on('crash', () => {
        slot.crashed = true;
      });
      return slot;
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  private async dispose(slot: Slot): Promise<void> {
    await slot.context.close().catch(() => undefined);
  }

  private currentBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new PdfRenderError('The PDF renderer is closed.'));
    if (!this.browser) {
      const starting = this.launch().then((browser) => {
        browser.on('disconnected', () => {
          if (this.browser !== starting) return;
          // Crashed or killed: the next render starts a new browser; this one's pages are dead.
          this.browser = null;
          this.generation += 1;
          this.idle = [];
        });
        return browser;
      });
      starting.catch(() => {
        if (this.browser === starting) this.browser = null;
      });
      this.browser = starting;
      this.starts += 1;
    }
    return this.browser;
  }
}

/** A render failed because its browser went away: worth one more try on a new browser. */
class BrowserGoneError extends Error {
  constructor(cause: unknown) {
    super('The browser went away during the render.', { cause });
    this.name = 'BrowserGoneError';
  }
}
