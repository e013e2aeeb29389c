import { escapeHtml } from '../mail/escape';

/**
 * The sign-in code e-mail. Dependency-free on purpose: the local identity service and the
 * production create-auth-challenge Lambda (api/cognito-triggers) send the same message.
 */
export interface OtpMail {
  subject: string;
  text: string;
  html: string;
}

export const OTP_MAIL_SUBJECT = 'Your sign-in code';

export function buildOtpMail(input: {
  code: string;
  validSeconds: number;
  productName?: string;
}): OtpMail {
  const product = input.productName ?? 'eSIM Console';
  const validity = describeDuration(input.validSeconds);
  const text = [
    `Your ${product} sign-in code is: ${input.code}`,
    '',
    `The code is valid for ${validity} and can be used once.`,
    'If you did not try to sign in, you can ignore this e-mail; nobody can sign in without the code.',
    '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">
<p>Your ${escapeHtml(product)} sign-in code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(input.code)}</p>
<p>The code is valid for ${escapeHtml(validity)} and can be used once.</p>
<p style="color:#666">If you did not try to sign in, you can ignore this e-mail; nobody can sign in without the code.</p>
</body></html>
`;
  return { subject: OTP_MAIL_SUBJECT, text, html };
}

function describeDuration(seconds: number): string {
  if (seconds >= 60 && seconds % 60 === 0) {
    const minutes = seconds / 60;
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
