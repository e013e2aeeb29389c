/**
 * Signs in the way the console does (docs/identity.md): InitiateAuth CUSTOM_AUTH on the
 * Cognito-compatible endpoint e-mails a one-time password, the harness reads that mail where the
 * server delivers it without SMTP (the outbox: one .eml file per message, parsed with mailparser),
 * and RespondToAuthChallenge answers it for the ID token. No backdoor.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { simpleParser as SimpleParser } from 'mailparser';
import { apiRequire } from '../lib';

const { simpleParser } = apiRequire('mailparser') as { simpleParser: typeof SimpleParser };

const AMZ_JSON = 'application/x-amz-json-1.1';

async function call(
  baseUrl: string,
  operation: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}/identity/`, {
    method: 'POST',
    headers: {
      'content-type': AMZ_JSON,
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${operation}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The code of the newest mail to `email` in the outbox written after `since` files were there. */
async function readOtp(outboxDir: string, email: string, before: Set<string>): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outboxDir)
      ? fs
          .readdirSync(outboxDir)
          .filter((name) => name.endsWith('.eml') && !before.has(name))
          .sort()
      : [];
    for (const name of files.reverse()) {
      const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, name)));
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (!to.some((address) => address.text.toLowerCase().includes(email.toLowerCase()))) continue;
      const code = /sign-in code is:\s*(\d{6})/.exec(mail.text ?? '')?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no sign-in code for ${email} in ${outboxDir}`);
}

/** The ID token of `email` after the e-mail + one-time password sign-in. */
export async function signIn(options: {
  baseUrl: string;
  email: string;
  clientId: string;
  outboxDir: string;
}): Promise<string> {
  const { baseUrl, email, clientId, outboxDir } = options;
  const before = new Set(fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : []);
  const started = await call(baseUrl, 'InitiateAuth', {
    AuthFlow: 'CUSTOM_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email },
  });
  const code = await readOtp(outboxDir, email, before);
  const answered = await call(baseUrl, 'RespondToAuthChallenge', {
    ChallengeName: 'CUSTOM_CHALLENGE',
    ClientId: clientId,
    Session: started.Session,
    ChallengeResponses: {
      USERNAME: (started.ChallengeParameters as { USERNAME: string }).USERNAME,
      ANSWER: code,
    },
  });
  const token = (answered.AuthenticationResult as { IdToken?: string } | undefined)?.IdToken;
  if (!token) throw new Error(`sign-in of ${email} gave no ID token: ${JSON.stringify(answered)}`);
  return token;
}
