/**
 * Document rendering benchmark (issue 16, docs/documents.md). Not a test; prints figures.
 *
 *   pnpm --filter @esim/api exec tsx ../scripts/bench/documents.ts
 *
 * 1. Cold start: a new renderer to the first PDF (Chromium starts, the first fonts load); then
 *    a second renderer warmed up (warmDocumentRenderer: browser, pages, shared fonts).
 * 2. First render of each sample on the warmed renderer (its names' subsets load once per page).
 * 3. Preview: BENCH_PREVIEWS (default 100) renders one after another, data -> HTML -> PDF,
 *    cycling through the four samples (JP invoice, JP credit note, TH tax invoice, DE invoice).
 *    Target: p95 under 300 ms.
 * 4. Throughput: BENCH_DOCS (default 200) documents, BENCH_CONCURRENCY (default 8) asked at once,
 *    on the renderer's pages (BENCH_PAGES, default 2): documents per second with a warm browser.
 *
 * The machine is shared: the load average before and after is printed beside the figures, and
 * the CPU time the previews cost (this process and its Chromium processes, from /proc, with the
 * print compositor Chromium starts and ends for every PDF) with them: what one document costs
 * whatever the other users of the cores do.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PdfRenderer, renderDocumentPdf, warmDocumentRenderer } from '../../api/src/documents';
import { SAMPLE_DOCUMENTS } from '../../api/test/support/document-samples';
import { percentile } from './lib';
import { processTreeCpuMs } from './http/process-cpu';

const PREVIEWS = Number(process.env.BENCH_PREVIEWS ?? 100);
const DOCS = Number(process.env.BENCH_DOCS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PAGES = Number(process.env.BENCH_PAGES ?? 2);
const P95_TARGET_MS = 300;

const samples = Object.entries(SAMPLE_DOCUMENTS);
const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** CPU time (ms) of the Chromium processes below this one, by kind (./http/process-cpu.ts). */
function chromiumCpuMs(): Map<string, number> {
  const byKind = processTreeCpuMs(process.pid, 'bench');
  byKind.delete('bench');
  return byKind;
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

function nodeCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

console.info(`cores ${os.availableParallelism()}, pages ${PAGES}, load average ${load()}`);
const cold = new PdfRenderer({ pages: PAGES });
try {
  const [firstPdf, took] = await timed(() => renderDocumentPdf(SAMPLE_DOCUMENTS.JP_INVOICE, cold));
  console.info(`\ncold start to the first PDF ${ms(took)} (${firstPdf.length} bytes)`);
} finally {
  await cold.close();
}

const renderer = new PdfRenderer({ pages: PAGES });
try {
  const [, warming] = await timed(() => warmDocumentRenderer(renderer));
  console.info(`warm-up (browser, ${PAGES} pages, shared fonts) ${ms(warming)}`);

  console.info('\nfirst render of each sample on a warm browser');
  for (const [name, data] of samples) {
    const [pdf, took] = await timed(() => renderDocumentPdf(data, renderer));
    console.info(`  ${name.padEnd(16)} ${ms(took)} (${pdf.length} bytes)`);
  }

  const previews: number[] = [];
  const cpuBefore = { node: nodeCpuMs(), chromium: chromiumCpuMs() };
  for (let index = 0; index < PREVIEWS; index += 1) {
    const [, took] = await timed(() =>
      renderDocumentPdf(samples[index % samples.length]![1], renderer),
    );
    previews.push(took);
  }
  const nodeAfter = nodeCpuMs();
  // The last print compositor ends and is waited for just after its PDF.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const chromiumAfter = chromiumCpuMs();
  const kinds = [...chromiumAfter.keys()].filter((kind) => kind !== 'gone');
  const perKind = new Map(
    kinds.map((kind) => [
      kind,
      ((chromiumAfter.get(kind) ?? 0) - (cpuBefore.chromium.get(kind) ?? 0)) / PREVIEWS,
    ]),
  );
  const cpu = {
    node: (nodeAfter - cpuBefore.node) / PREVIEWS,
    chromium: sum(perKind.values()),
  };
  const p95 = percentile(previews, 95);
  console.info(
    `\npreview, one at a time (${PREVIEWS}): p50 ${ms(percentile(previews, 50))}, ` +
      `p95 ${ms(p95)}, max ${ms(Math.max(...previews))}: ` +
      `${p95 < P95_TARGET_MS ? 'within' : 'OVER'} the ${P95_TARGET_MS} ms target`,
  );
  console.info(
    `  CPU per document ${ms(cpu.node + cpu.chromium)} (node ${cpu.node.toFixed(0)} ms, ` +
      `Chromium ${cpu.chromium.toFixed(0)} ms): at most ${((os.availableParallelism() * 1000) / (cpu.node + cpu.chromium)).toFixed(1)} documents/s on ${os.availableParallelism()} idle cores`,
  );
  console.info(
    `  Chromium by process: ${[...perKind]
      .filter(([, used]) => used >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(
        ([kind, used]) =>
          `${kind === 'zygote' ? 'zygote + print compositors' : kind} ${used.toFixed(0)} ms`,
      )
      .join(', ')}`,
  );
  for (const [name] of samples) {
    const own = previews.filter((_, index) => samples[index % samples.length]![0] === name);
    console.info(
      `  ${name.padEnd(16)} p50 ${ms(percentile(own, 50))}  p95 ${ms(percentile(own, 95))}`,
    );
  }

  let next = 0;
  const [, batch] = await timed(() =>
    Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < DOCS) {
          const index = next;
          next += 1;
          await renderDocumentPdf(samples[index % samples.length]![1], renderer);
        }
      }),
    ),
  );
  console.info(
    `\nthroughput: ${DOCS} documents, ${CONCURRENCY} asked at once, in ${(batch / 1000).toFixed(1)} s: ` +
      `${(DOCS / (batch / 1000)).toFixed(1)} documents/s`,
  );
  console.info(`browser starts ${renderer.browserStarts}; load average ${load()}`);
} finally {
  await renderer.close();
}
