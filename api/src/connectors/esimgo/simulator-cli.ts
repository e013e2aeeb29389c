/**
 * Runs the eSIM Go simulator standalone:
 *   pnpm --filter @esim/api simulator:esimgo [--port 3199] [--key sample-esimgo-api-key]
 * (env ESIMGO_SIMULATOR_PORT / ESIMGO_SIMULATOR_KEY work too). Ctrl+C stops it.
 */
import { DEFAULT_ESIMGO_SIMULATOR_PORT, SAMPLE_ESIMGO_API_KEY } from '../embedded';
import { createEsimGoSimulator } from './simulator';

function arg(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const port = Number(
  arg('port') ?? process.env.ESIMGO_SIMULATOR_PORT ?? DEFAULT_ESIMGO_SIMULATOR_PORT,
);
const apiKey = arg('key') ?? process.env.ESIMGO_SIMULATOR_KEY ?? SAMPLE_ESIMGO_API_KEY;
const host = arg('host') ?? '127.0.0.1';

const simulator = createEsimGoSimulator({ apiKey });
const url = await simulator.listen(port, host);
console.info(
  `eSIM Go simulator: ${url}  (X-API-Key: ${apiKey === SAMPLE_ESIMGO_API_KEY ? apiKey : '<as given>'})`,
);
console.info(`Controls: ${url.replace(/\/v2\.4$/, '')}/__control/state`);
const stop = () => void simulator.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
