import type { i18n as I18n } from 'i18next';

/** The namespace with every English text the API sends (locales/<lng>/apiMessages.json). */
export const API_MESSAGES_NAMESPACE = 'apiMessages';

/**
 * Loads the translator of the API's English texts (translate-message.ts) as its own chunk, so
 * the login page does not carry it; the host loads it with the signed-in shell and passes it to
 * configureApiClient({ translateMessage }).
 */
export async function loadApiMessageTranslator(i18n: I18n): Promise<(text: string) => string> {
  const { translateApiMessage } = await import(
    /* webpackChunkName: "api-messages" */ './translate-message'
  );
  return (text) => translateApiMessage(text, i18n);
}
