import type { i18n as I18n } from 'i18next';
import type { MessageParams } from '@esim/contracts';

/** The namespace with the texts of the API's message keys (locales/<lng>/apiMessages.json). */
export const API_MESSAGES_NAMESPACE = 'apiMessages';

/** Message keys `validation.<key>` are in this namespace; a `name` param is a field key. */
const VALIDATION_PREFIX = 'validation.';

/**
 * A message as the API sends it (docs/decisions/0007): the English `text` (success `message`,
 * errors[].message, errorMessage) and beside it its stable `key` and `params` (messageKey /
 * messageParams, errors[].key / params, errorMessageKey / errorMessageParams).
 */
export interface ApiMessageRef {
  text: string;
  key?: string | undefined;
  params?: MessageParams | undefined;
}

/** The i18next key of an API message key: 'apiMessages:stock.deleted', 'validation:required'. */
export function i18nKeyOf(key: string): string {
  return key.startsWith(VALIDATION_PREFIX)
    ? `validation:${key.slice(VALIDATION_PREFIX.length)}`
    : `${API_MESSAGES_NAMESPACE}:${key}`;
}

/**
 * The message in the current language of `i18n`, translated from its key and params. The English
 * text is the fallback: without a key (an older API), for a key the locales do not know (a newer
 * API), or while the namespaces are not loaded. A validation message's `name` param is a field
 * key, shown as its label (common:fields.<name>).
 */
export function translateApiMessage(message: ApiMessageRef, i18n: I18n): string {
  const { key, text } = message;
  if (!key || typeof key !== 'string') return text;
  const i18nKey = i18nKeyOf(key);
  const params: Record<string, unknown> = { ...message.params };
  if (!i18n.exists(i18nKey, params)) return text;
  if (key.startsWith(VALIDATION_PREFIX) && typeof params.name === 'string') {
    params.name = i18n.t(`common:fields.${params.name}`, { defaultValue: params.name });
  }
  const translated = i18n.t(i18nKey, {
    ...params,
    defaultValue: text,
    interpolation: { escapeValue: false },
  });
  return typeof translated === 'string' && translated !== '' ? translated : text;
}

/**
 * The translator the host passes to configureApiClient({ translateMessage }) once the signed-in
 * shell has loaded the apiMessages and validation namespaces. (Async for the host's loading
 * sequence; it no longer loads a chunk of its own.)
 */
export async function loadApiMessageTranslator(
  i18n: I18n,
): Promise<(message: ApiMessageRef) => string> {
  return (message) => translateApiMessage(message, i18n);
}
