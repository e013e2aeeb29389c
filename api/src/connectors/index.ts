import { createEsimGoConnector } from './esimgo/connector';
import { SupplierError, type ConnectorOptions, type SupplierConnector } from './types';

export * from './types';
export { createEsimGoConnector } from './esimgo/connector';

/** The connector for a supplier's connector kind ('esimgo'); others: SupplierError 'unsupported'. */
export function createConnector(kind: string | null, options: ConnectorOptions): SupplierConnector {
  if (kind === 'esimgo') return createEsimGoConnector(options);
  throw new SupplierError('unsupported');
}
