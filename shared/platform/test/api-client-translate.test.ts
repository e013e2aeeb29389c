// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, api, configureApiClient } from '../src/index';
import { sendJson, startServer } from './http-server';

type Server = Awaited<ReturnType<typeof startServer>>;

/** A stand-in for translateApiMessage: the host passes the real one (translate-message.test). */
const GERMAN: Record<string, string> = {
  'Product synced.': 'Produkt synchronisiert.',
  'Cannot change status from on_hand to sold_out.':
    'Der Status kann nicht von on_hand zu sold_out geändert werden.',
  'ICCID is required.': 'ICCID ist erforderlich.',
};

let server: Server;
const shown: { success: string[]; error: string[] } = { success: [], error: [] };

beforeAll(async () => {
  server = await startServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname.replace('/api/mng/', '');
    if (path === 'sync') return sendJson(response, 200, { data: {}, message: 'Product synced.' });
    if (path === 'status') {
      const message = 'Cannot change status from on_hand to sold_out.';
      return sendJson(response, 422, {
        errors: [{ message, code: 'BUSINESS_RULE' }],
        errorMessage: message,
      });
    }
    return sendJson(response, 400, {
      errors: [
        { message: 'ICCID is required.', code: 'VALIDATION', field: 'iccid' },
        { message: 'Unknown text.', code: 'VALIDATION', field: 'label' },
      ],
      errorMessage: 'ICCID is required.',
    });
  });
  configureApiClient({
    prefixUrl: `${server.baseUrl}/api/mng`,
    getToken: async () => undefined,
    notify: {
      success: (text) => shown.success.push(text),
      error: (text) => shown.error.push(text),
    },
    translateMessage: (text) => GERMAN[text] ?? text,
  });
});

afterAll(() => {
  configureApiClient({ translateMessage: (text) => text });
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
  it('shows the success message in the user language', async () => {
    await api.post('sync', {});
    expect(shown.success).toEqual(['Produkt synchronisiert.']);
  });

  it('shows and rethrows the error message in the user language; the body stays as sent', async () => {
    const error = await failure(api.put('status', {}));
    expect(shown.error).toEqual(['Der Status kann nicht von on_hand zu sold_out geändert werden.']);
    expect(error.message).toBe('Der Status kann nicht von on_hand zu sold_out geändert werden.');
    expect(error.body).toMatchObject({
      errorMessage: 'Cannot change status from on_hand to sold_out.',
    });
  });

  it('translates the field error items forms place on their fields', async () => {
    const error = await failure(api.post('form', {}));
    expect(error.message).toBe('ICCID ist erforderlich.');
    expect(error.errors).toEqual([
      { message: 'ICCID ist erforderlich.', code: 'VALIDATION', field: 'iccid' },
      { message: 'Unknown text.', code: 'VALIDATION', field: 'label' },
    ]);
  });
});
