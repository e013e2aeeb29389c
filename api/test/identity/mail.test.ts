import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOtpMail } from '../../src/identity';
import { createMailer, escapeHtml, MailDeliveryError } from '../../src/mail';
import { startMailbox, type Mailbox } from './support';

const from = 'eSIM Console <no-reply@esim.test>';

describe('mail', () => {
  let mailbox: Mailbox;
  let outboxDir: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'esim-outbox-'));
  });
  afterAll(async () => {
    await mailbox.close();
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  it('without SMTP_URL writes each mail as an .eml file in the outbox and prints it to the log', async () => {
    const logged: string[] = [];
    const log = {
      info: (_obj: object, msg?: string) => logged.push(msg ?? ''),
      warn: () => undefined,
    };
    const mailer = createMailer(
      { smtpUrl: undefined, from, outboxDir: path.join(outboxDir, 'new') },
      log,
    );
    expect(mailer.kind).toBe('outbox');

    const sent = await mailer.send({
      to: 'reader@esim.test',
      ...buildOtpMail({ code: '042917', validSeconds: 300 }),
    });
    expect(sent.file).toMatch(/\.eml$/);
    expect(path.dirname(sent.file!)).toBe(path.join(outboxDir, 'new'));
    const parsed = await simpleParser(fs.readFileSync(sent.file!));
    expect(parsed.subject).toBe('Your sign-in code');
    expect(parsed.from?.text).toContain('no-reply@esim.test');
    expect(parsed.text).toContain('042917');
    expect(parsed.text).toContain('valid for 5 minutes');
    expect(parsed.html || '').toContain('042917');
    expect(logged.join('\n')).toContain('reader@esim.test');
    expect(logged.join('\n')).toContain('042917');
    mailer.close();
  });

  it('with SMTP_URL delivers through SMTP (real listener)', async () => {
    const logged: string[] = [];
    const log = {
      info: (_obj: object, msg?: string) => logged.push(msg ?? ''),
      warn: () => undefined,
    };
    const mailer = createMailer({ smtpUrl: mailbox.url, from, outboxDir }, log);
    expect(mailer.kind).toBe('smtp');
    await mailer.send({
      to: 'smtp@esim.test',
      ...buildOtpMail({ code: '314159', validSeconds: 600 }),
    });
    const mail = await mailbox.nextMail('smtp@esim.test');
    expect(mail.subject).toBe('Your sign-in code');
    expect(mail.text).toContain('314159');
    expect(mail.text).toContain('valid for 10 minutes');
    // The code never reaches the log in SMTP mode.
    expect(logged.join('\n')).not.toContain('314159');
    mailer.close();
  });

  it('reports delivery failures as MailDeliveryError', async () => {
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', from, outboxDir },
      { info: () => undefined, warn: () => undefined },
    );
    await expect(
      mailer.send({ to: 'x@esim.test', subject: 's', text: 't' }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    mailer.close();
  });

  it('the OTP mail escapes everything it puts into HTML', () => {
    const mail = buildOtpMail({ code: '<b>1</b>', validSeconds: 90, productName: 'A&B "Console"' });
    expect(mail.html).not.toContain('<b>1</b>');
    expect(mail.html).toContain(escapeHtml('<b>1</b>'));
    expect(mail.html).toContain('A&#38;B &#34;Console&#34;');
    expect(mail.text).toContain('valid for 90 seconds');
  });
});
