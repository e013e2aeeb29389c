// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api, configureApiClient } from '../src/index';
import { sendJson, startServer } from './http-server';

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * A stand-in for translateApiMessage, by key and params: the host passes the real one
 * (api-message-translator.test). It never looks at the English text.
 */
const GERMAN: Record<string, (params: Record<string, unknown>) => string> = {
  'supplierSync.synced': () => 'Produkt synchronisiert.',
  'stock.transitionRefused': (p) =>
    `Der Status kann nicht von ${String(p.from)} zu ${String(p.to)} geändert werden.`,
  'validation.required': (p) =>
    `${p.name === 'iccid' ? 'ICCID' : String(p.name)} ist erforderlich.`,
};
const seen: unknown[] = [];

let server: Server;
const shown: { success: string[]; error: string[] } = { success: [], error: [] };

beforeAll(async () => {
  server = await startServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname.replace('/api/mng/', '');
    if (path === 'sync') {
      return sendJson(response, 200, {
        data: {},
        message: 'Product synced.',
        messageKey: 'supplierSync.synced',
      });
    }
    if (path === 'status') {
      const message = 'Cannot change status from on_hand to sold_out.';
      const params = { from: 'on_hand', to: 'sold_out' };
      return sendJson(response, 422, {
        errors: [{ message, code: 'BUSINESS_RULE', key: 'stock.transitionRefused', params }],
        errorMessage: message,
        errorMessageKey: 'stock.transitionRefused',
        errorMessageParams: params,
      });
    }
    if (path === 'summary') {
      // Only the summary fields (no items): the client falls back on errorMessage's key.
      return sendJson(response, 422, {
        errors: [],
        errorMessage: 'Cannot change status from on_hand to deleted.',
        errorMessageKey: 'stock.transitionRefused',
        errorMessageParams: { from: 'on_hand', to: 'deleted' },
      });
    }
    return sendJson(response, 400, {
      errors: [
        {
          message: 'ICCID is required.',
          code: 'VALIDATION',
          field: 'iccid',
          key: 'validation.required',
          params: { name: 'iccid' },
        },
        { message: 'Unknown key.', code: 'VALIDATION', field: 'label', key: 'validation.brandNew' },
        { message: 'No key at all.', code: 'VALIDATION', field: 'note' },
      ],
      errorMessage: 'ICCID is required.',
      errorMessageKey: 'validation.required',
      errorMessageParams: { name: 'iccid' },
    });
  });
  configureApiClient({
    prefixUrl: `${server.baseUrl}/api/mng`,
    getToken: async () => undefined,
    notify: {
      success: (text) => shown.success.push(text),
      error: (text) => shown.error.push(text),
    },
    translateMessage: (message) => {
      seen.push(message);
      const german = message.key ? GERMAN[message.key] : undefined;
      return german ? german(message.params ?? {}) : message.text;
    },
  });
});

afterAll(() => {
  configureApiClient({ translateMessage: (message) => message.text });
  server.close();
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('the API client with a message translator', () => {
  it('shows the success message in the user language, translated from its key', async () => {
    await api.post('sync', {});
    expect(shown.success).toEqual(['Produkt synchronisiert.']);
    expect(seen).toContainEqual({ text: 'Product synced.', key: 'supplierSync.synced' });
  });

  it('shows and rethrows the error message in the user language; the body stays as sent', async () => {
    const error = await failure(api.put('status', {}));
    expect(shown.error).toEqual(['Der Status kann nicht von on_hand zu sold_out geändert werden.']);
    expect(error.message).toBe('Der Status kann nicht von on_hand zu sold_out geändert werden.');
    expect(error.body).toMatchObject({
      errorMessage: 'Cannot change status from on_hand to sold_out.',
    });
    expect(error.key).toBe('stock.transitionRefused');
  });

  it('translates errorMessage from errorMessageKey when there is no item', async () => {
    const error = await failure(api.put('summary', {}));
    expect(error.message).toBe('Der Status kann nicht von on_hand zu deleted geändert werden.');
    expect(error.key).toBe('stock.transitionRefused');
  });

  it('translates the field error items by key; an unknown or missing key keeps the English text', async () => {
    const error = await failure(api.post('form', {}));
    expect(error.message).toBe('ICCID ist erforderlich.');
    expect(error.errors).toEqual([
      {
        message: 'ICCID ist erforderlich.',
        code: 'VALIDATION',
        field: 'iccid',
        key: 'validation.required',
        params: { name: 'iccid' },
      },
      { message: 'Unknown key.', code: 'VALIDATION', field: 'label', key: 'validation.brandNew' },
      { message: 'No key at all.', code: 'VALIDATION', field: 'note' },
    ]);
  });
});
