// `pnpm release login <e-mail>`: signs in to the console the way the sign-in screen does (the
// Cognito-compatible one-time-code flow: the code comes by e-mail) and creates a release token
// for this CLI, printed once. The ID token is used for that one call and then forgotten.
import os from 'node:os';
import readline from 'node:readline/promises';
import { CliError, callConsole, consoleUrl } from './console-api.mjs';

async function cognito(endpoint, operation, body) {
  let response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new CliError(`The sign-in endpoint ${endpoint} does not answer.`);
  }
  const json = await response.json().catch(() => ({}));
  if (!response.ok)
    throw new CliError(`Sign-in refused: ${json.message ?? `HTTP ${response.status}`}`);
  return json;
}

export async function login(email, options) {
  if (!email) throw new CliError('Name your e-mail: pnpm release login you@example.com');
  const base = consoleUrl();
  const config = await fetch(`${base}/config.json`, { signal: AbortSignal.timeout(10_000) })
    .then((response) => response.json())
    .catch(() => {
      throw new CliError(`No console answers at ${base}. Start it or set ESIM_CONSOLE_URL.`);
    });
  const { userPoolClientId: clientId, userPoolEndpoint, region } = config.identity;
  const endpoint = userPoolEndpoint
    ? new URL(userPoolEndpoint, `${base}/`).toString()
    : `https://cognito-idp.${region}.amazonaws.com/`;
  const started = await cognito(endpoint, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email },
  });
  let session = started.Session;
  const prompt = readline.createInterface({ input: process.stdin, output: process.stderr });
  let idToken;
  try {
    for (let attempt = 0; attempt < 3 && !idToken; attempt += 1) {
      const code = (await prompt.question(`One-time code sent to ${email}: `)).trim();
      const answer = await cognito(endpoint, 'RespondToAuthChallenge', {
        ChallengeName: 'CUSTOM_CHALLENGE',
        ClientId: clientId,
        Session: session,
        ChallengeResponses: { USERNAME: email, ANSWER: code },
      });
      idToken = answer.AuthenticationResult?.IdToken;
      session = answer.Session ?? session;
      if (!idToken) console.error('That code was not accepted.');
    }
  } finally {
    prompt.close();
  }
  if (!idToken) throw new CliError('Not signed in.');
  const { data } = await callConsole('POST', '/api/mng/release/token', {
    token: idToken,
    json: {
      name: options.name ?? `release CLI on ${os.hostname()}`,
      expiresInDays: options.days ?? 90,
    },
  });
  console.error(`Release token "${data.name}" created; it expires ${data.expiresAt}.`);
  console.error('It is shown once. Keep it like a password, e.g.:');
  console.info(`export RELEASE_TOKEN=${data.token}`);
}
