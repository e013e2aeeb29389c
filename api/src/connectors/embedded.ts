/**
 * The embedded default's demo supplier: with sample data on (SEED_SAMPLE_DATA), the API process
 * runs the eSIM Go simulator on its own port (ESIMGO_SIMULATOR_PORT, default 3199; 'off' = none)
 * on 127.0.0.1, and the sample supplier 'eSIM Go' points at it with the sample key. A port in
 * use is logged and skipped: the console starts anyway (the supplier then reports it unreachable).
 */
import { createEsimGoSimulator, type EsimGoSimulator } from './esimgo/simulator';

/** The key the sample supplier stores and the embedded simulator accepts (demo data only). */
export const SAMPLE_ESIMGO_API_KEY = 'sample-esimgo-api-key';
export const DEFAULT_ESIMGO_SIMULATOR_PORT = 3199;

/** The port from ESIMGO_SIMULATOR_PORT; null = 'off'. */
export function simulatorPort(env: NodeJS.ProcessEnv): number | null {
  const value = env.ESIMGO_SIMULATOR_PORT;
  if (value === 'off' || value === 'false') return null;
  if (value === undefined || value === '') return DEFAULT_ESIMGO_SIMULATOR_PORT;
  const port = Number.parseInt(value, 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`ESIMGO_SIMULATOR_PORT must be a port number or 'off', got "${value}"`);
  }
  return port;
}

/** The base URL the sample supplier uses for a simulator on `port`. */
export function simulatorBaseUrl(port: number): string {
  return `http://127.0.0.1:${port}/v2.4`;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Starts the embedded simulator; null when switched off or its port is taken. */
export async function startEmbeddedSimulator(
  env: NodeJS.ProcessEnv,
  log: Log,
): Promise<EsimGoSimulator | null> {
  const port = simulatorPort(env);
  if (port === null) return null;
  const simulator = createEsimGoSimulator({ apiKey: SAMPLE_ESIMGO_API_KEY });
  try {
    const url = await simulator.listen(port, '127.0.0.1');
    log.info({ url }, 'eSIM Go simulator listening (sample supplier)');
    return simulator;
  } catch (error) {
    log.warn(
      { port, code: (error as NodeJS.ErrnoException).code },
      'eSIM Go simulator not started (port in use?): the sample supplier will be unreachable',
    );
    return null;
  }
}
