import type { FileUploadTicket } from '@esim/contracts';
import { expect } from 'vitest';
import type { TestContext } from './app';

/** A real 1x1 PNG. */
export const TEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads a logo in the two steps (local storage, in-process) and answers its stored key. */
export async function uploadTestLogo(t: TestContext, token: string): Promise<string> {
  const step1 = await t.inject({
    method: 'POST',
    url: '/api/mng/utils/upload-file',
    token,
    payload: { purpose: 'partnerLogo', fileName: 'logo.png', size: TEST_PNG.length },
  });
  expect(step1.statusCode, step1.body).toBe(200);
  const ticket = step1.json().data as FileUploadTicket;
  const url = new URL(ticket.url, 'http://localhost');
  const step2 = await t.inject({
    method: 'PUT',
    url: url.pathname + url.search,
    headers: { 'content-type': 'application/octet-stream' },
    payload: TEST_PNG,
  });
  expect(step2.statusCode, step2.body).toBe(200);
  return ticket.key;
}
