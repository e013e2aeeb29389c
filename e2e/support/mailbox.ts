import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { MAIL_DIR } from './env';

function messageFiles(email: string): string[] {
  const dir = path.join(MAIL_DIR, email.toLowerCase());
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => path.join(dir, f));
}

export function mailCount(email: string): number {
  return messageFiles(email).length;
}

/** Waits for the mail number `index` (0-based) to reach `email` and returns its 6-digit code. */
export async function waitForOtp(
  email: string,
  index: number,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = messageFiles(email);
    const file = files[index];
    if (file) {
      const mail = await simpleParser(fs.readFileSync(file));
      const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
      if (!code) throw new Error(`No 6-digit code in the mail to ${email}`);
      return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No OTP mail #${index + 1} reached ${email} within ${timeoutMs} ms`);
}
