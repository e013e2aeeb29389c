// The running console's release API, as the release CLI calls it: ESIM_CONSOLE_URL (default
// http://localhost:<PORT or 3000>), authenticated with the release manager's RELEASE_TOKEN.

export class CliError extends Error {}

/** The console the CLI talks to. */
export function consoleUrl(env = process.env) {
  const url = env.ESIM_CONSOLE_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`;
  return url.replace(/\/+$/, '');
}

const TOKEN_HELP =
  'Create a release token (it acts as you, with your role, on the release calls only) and set ' +
  'RELEASE_TOKEN:\n  pnpm release login <your e-mail>     (signs in with a one-time code, prints the token)';

function apiErrorText(status, body) {
  const errors = Array.isArray(body?.errors) ? body.errors : [];
  const lines = errors.map((error) => (error.field ? `${error.field}: ` : '') + error.message);
  return lines.length > 0 ? lines.join('\n') : `HTTP ${status}`;
}

/**
 * Calls the console's API and returns the answer's `{ data, message }`; throws CliError with the
 * API's own words (or what to do) otherwise.
 */
export async function callConsole(method, path, options = {}) {
  const base = options.url ?? consoleUrl();
  const token = options.token ?? process.env.RELEASE_TOKEN?.trim();
  if (!token && !options.anonymous) throw new CliError(`RELEASE_TOKEN is not set.\n${TOKEN_HELP}`);
  const headers = { ...(token && !options.anonymous ? { authorization: `Bearer ${token}` } : {}) };
  let body;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body !== undefined) {
    headers['content-type'] = options.contentType;
    body = options.body;
  }
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 120_000),
    });
  } catch (error) {
    throw new CliError(
      `No console answers at ${base} (${error?.cause?.code ?? error?.name ?? 'network error'}).\n` +
        'Start it (pnpm start) or point ESIM_CONSOLE_URL at it. With the console stopped, ' +
        '--offline works on its database directly.',
    );
  }
  const text = await response.text();
  let json;
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  if (response.status === 401 && !options.anonymous) {
    throw new CliError(
      `The console at ${base} refused RELEASE_TOKEN: it is unknown, expired or revoked.\n${TOKEN_HELP}`,
    );
  }
  if (response.status === 403) {
    throw new CliError(
      `${apiErrorText(response.status, json)}: your role lacks the release permission this needs ` +
        '(/settings/releases: GET to list, PUT to pin or set a canary, POST to publish or roll back).',
    );
  }
  if (!response.ok) throw new CliError(apiErrorText(response.status, json));
  return { data: json.data, message: json.message, status: response.status, raw: json };
}
