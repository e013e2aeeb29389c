import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureApiClient } from '@esim/platform';

/** One request the screens sent to the fake API. */
export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

/** What the fake answers one request with. */
export interface FakeAnswer {
  status: number;
  body: unknown;
}

/**
 * A small fake of the management API over real HTTP, so the screens go through the platform
 * client (token, errors, messages) as in the console; `answer` decides what each call gets.
 * Starts on a free port and points the platform client at it.
 */
export async function startFakeApi(answer: (request: Recorded) => FakeAnswer) {
  const requests: Recorded[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '', 'http://x');
      const recorded: Recorded = {
        method: request.method ?? 'GET',
        path: url.pathname.replace('/api/mng/', ''),
        query: url.searchParams,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const { status, body } = answer(recorded);
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  configureApiClient({ prefixUrl: `http://127.0.0.1:${port}/api/mng`, getToken: async () => 't' });
  return {
    requests,
    sent: (method: string, path: string) =>
      requests.filter((request) => request.method === method && request.path === path),
    close: () => void server.close(),
  };
}
