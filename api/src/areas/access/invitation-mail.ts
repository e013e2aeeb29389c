import { escapeHtml } from '../../mail/escape';

/**
 * The invitation a new staff account gets (POST user). We do not know the invitee's language, so
 * the mail says it in English and in Japanese. Everything interpolated into the HTML is escaped.
 */
export interface InvitationMail {
  subject: string;
  text: string;
  html: string;
}

export const INVITATION_MAIL_SUBJECT =
  'Your eSIM Console account / eSIM Console アカウントのご案内';

interface Wording {
  /** The name, e-mail address or URL as this format writes it (escaped for HTML). */
  name: string | null;
  email: string;
  link: string;
}

const ENGLISH = (w: Wording) => [
  w.name ? `Hello ${w.name},` : 'Hello,',
  'An account has been created for you in the eSIM Console.',
  `Open the console: ${w.link}`,
  `Sign in with your e-mail address (${w.email}). Each time, a one-time password is sent to this address; there is no password to set.`,
  'If you did not expect this invitation, you can ignore this e-mail.',
];

const JAPANESE = (w: Wording) => [
  w.name ? `${w.name} 様` : 'こんにちは。',
  'eSIM Console のアカウントが作成されました。',
  `コンソールを開く: ${w.link}`,
  `サインインには、このメールアドレス（${w.email}）を入力してください。サインインのたびに、このアドレスへワンタイムパスワードが届きます。パスワードの設定は不要です。`,
  'このご案内に心当たりがない場合は、このメールを破棄してください。',
];

export function buildInvitationMail(input: {
  email: string;
  name: string | null;
  consoleUrl: string;
}): InvitationMail {
  const name = input.name?.trim() || null;
  const plain: Wording = { name, email: input.email, link: input.consoleUrl };
  const escaped: Wording = {
    name: name === null ? null : escapeHtml(name),
    email: escapeHtml(input.email),
    link: `<a href="${escapeHtml(input.consoleUrl)}">${escapeHtml(input.consoleUrl)}</a>`,
  };
  const text = [...ENGLISH(plain), '----', ...JAPANESE(plain)].join('\n\n') + '\n';
  const block = (lang: string, lines: string[]) =>
    `<div lang="${lang}">\n${lines.map((line) => `<p>${line}</p>`).join('\n')}\n</div>`;
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f">
${block('en', ENGLISH(escaped))}
<hr>
${block('ja', JAPANESE(escaped))}
</body></html>
`;
  return { subject: INVITATION_MAIL_SUBJECT, text, html };
}
