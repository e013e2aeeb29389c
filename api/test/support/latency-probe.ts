/**
 * Polls a URL every `everyMs` from a worker thread (its own event loop, so a blocked server loop
 * shows as a slow answer instead of a late timer) and reports each answer's latency.
 */
import { Worker } from 'node:worker_threads';

const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let stopping = false;
parentPort.on('message', () => { stopping = true; });
(async () => {
  const samples = [];
  while (!stopping) {
    const start = performance.now();
    const res = await fetch(workerData.url);
    await res.text();
    const took = performance.now() - start;
    samples.push(res.ok ? took : -1);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, workerData.everyMs - took)));
  }
  parentPort.postMessage(samples);
})().catch((error) => parentPort.postMessage({ error: String(error) }));
`;

export interface LatencyFigures {
  samples: number;
  /** Answers that were not 2xx. */
  failed: number;
  maxMs: number;
  p50Ms: number;
  p99Ms: number;
}

export interface LatencyProbe {
  /** Stops polling and answers the figures. */
  stop(): Promise<LatencyFigures>;
}

function figures(samples: number[]): LatencyFigures {
  const ok = samples.filter((sample) => sample >= 0).sort((a, b) => a - b);
  const at = (p: number) => ok[Math.min(ok.length - 1, Math.ceil(p * ok.length) - 1)] ?? 0;
  return {
    samples: samples.length,
    failed: samples.length - ok.length,
    maxMs: ok.at(-1) ?? 0,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

export function startLatencyProbe(url: string, everyMs = 20): LatencyProbe {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url, everyMs } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (message: number[] | { error: string }) => {
      if (Array.isArray(message)) resolve(message);
      else reject(new Error(message.error));
    });
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const samples = await done;
      await worker.terminate();
      return figures(samples);
    },
  };
}
