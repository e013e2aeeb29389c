/**
 * The connector a delivery talks to: built from the supplier row as supplier sync builds it (the
 * API key unsealed for the base URL's origin only, the outbound guard with the configured
 * allow-list, no redirects). Whatever keeps a connector from being built is a DeliveryStop: a
 * fixed text for staff, and no retry (a person has to fix the supplier first).
 */
import { defineApiMessages, type ApiMessage } from '@esim/contracts';
import type { AppConfig } from '../../config';
import { createConnector, SupplierError, type SupplierConnector } from '../../connectors';
import type { suppliers } from '../../db/schema';
import { SecretKeyUnavailableError, SecretUnreadableError, createSecretBox } from '../../secrets';
import {
  KeyOriginMismatchError,
  SUPPLIER_MESSAGES,
  openSupplierKey,
  supplierOutbound,
} from '../suppliers/public';

/** Texts of the delivery's own failures (apiMessages:orderDelivery.*). */
export const DELIVERY_MESSAGES = defineApiMessages('orderDelivery', {
  noConnector: 'The supplier of this eSIM has no API connector to deliver it.',
  noKey: "The supplier has no API key. Enter it on the supplier's page, then retry the delivery.",
  unmatched: 'The supplier delivered eSIMs that cannot be matched to the ordered products.',
  unexpected: 'The delivery stopped on an unexpected error. Retry the delivery later.',
});

/** A failure no retry can mend (the supplier's setup): items fail at once with this text. */
export class DeliveryStop extends Error {
  constructor(readonly apiMessage: ApiMessage) {
    super(apiMessage.text);
    this.name = 'DeliveryStop';
  }
}

export type SupplierRow = typeof suppliers.$inferSelect;

export interface DeliveryConnectorOptions {
  /** Per-request timeout of supplier calls (default SUPPLIER_TIMEOUT_MS or 10 000 ms). */
  timeoutMs?: number;
}

type ConnectorConfig = Pick<
  AppConfig,
  'secretKey' | 'databaseUrl' | 'dataDir' | 'outboundAllowList'
>;

/** Builds connectors for supplier rows (one secrets box and outbound guard per process). */
export function deliveryConnectors(
  config: ConnectorConfig,
  options: DeliveryConnectorOptions = {},
) {
  const secrets = createSecretBox(config, 'supplier-api-key');
  const outbound = supplierOutbound(config);
  const envTimeout = Number.parseInt(process.env.SUPPLIER_TIMEOUT_MS ?? '', 10);
  const timeoutMs = options.timeoutMs ?? (Number.isFinite(envTimeout) ? envTimeout : 10_000);

  function openKey(sealed: string, baseUrl: string): string {
    try {
      return openSupplierKey(secrets, sealed, baseUrl);
    } catch (error) {
      if (error instanceof KeyOriginMismatchError) {
        throw new DeliveryStop(SUPPLIER_MESSAGES.keyOriginChanged);
      }
      if (error instanceof SecretKeyUnavailableError) {
        throw new DeliveryStop(SUPPLIER_MESSAGES.secretKeyMissing);
      }
      if (error instanceof SecretUnreadableError) {
        throw new DeliveryStop(SUPPLIER_MESSAGES.secretUnreadable);
      }
      throw error;
    }
  }

  return function connectorFor(row: SupplierRow): SupplierConnector {
    if (row.deliveryType !== 'api' || !row.connectorBaseUrl || !row.connectorKind) {
      throw new DeliveryStop(DELIVERY_MESSAGES.noConnector);
    }
    if (!row.connectorApiKey) throw new DeliveryStop(DELIVERY_MESSAGES.noKey);
    try {
      return createConnector(row.connectorKind, {
        baseUrl: row.connectorBaseUrl,
        apiKey: openKey(row.connectorApiKey, row.connectorBaseUrl),
        timeoutMs,
        fetch: outbound.fetch,
      });
    } catch (error) {
      if (error instanceof SupplierError) throw new DeliveryStop(DELIVERY_MESSAGES.noConnector);
      throw error;
    }
  };
}

export type ConnectorFor = ReturnType<typeof deliveryConnectors>;
