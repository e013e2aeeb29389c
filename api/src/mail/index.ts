import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../config';

export { escapeHtml } from './escape';

/**
 * Outgoing e-mail. With SMTP_URL every message goes to that SMTP server (nodemailer); without it
 * (the embedded default) each message is written as an .eml file to the outbox directory AND
 * printed to the log, so a newcomer can read sign-in codes without any mail setup.
 */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Optional HTML alternative; callers must escape everything they interpolate. */
  html?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written in outbox mode. */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): void;
}

/** The logger subset the mailer needs (a Fastify/pino logger fits). */
export interface MailLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export class MailDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

export function createMailer(config: AppConfig['mail'], log: MailLogger): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.from, log)
    : createOutboxMailer(config, log);
}

function createSmtpMailer(smtpUrl: string, from: string, log: MailLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({ from, ...message });
        // Never log the body: it may carry a sign-in code.
        log.info(
          { to: message.to, subject: message.subject, messageId: info.messageId },
          'mail sent',
        );
        return { messageId: String(info.messageId) };
      } catch (error) {
        log.warn({ to: message.to, subject: message.subject, err: error }, 'mail delivery failed');
        throw new MailDeliveryError('SMTP delivery failed', { cause: error });
      }
    },
    close: () => transport.close(),
  };
}

function createOutboxMailer(config: AppConfig['mail'], log: MailLogger): Mailer {
  // Builds the full RFC 5322 message without sending it anywhere.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(message) {
      try {
        const info = await transport.sendMail({ from: config.from, ...message });
        await fs.mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(config.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
        await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
        log.info(
          { to: message.to, subject: message.subject, file },
          `[outbox] mail to ${message.to}: ${message.subject}\n${message.text}`,
        );
        return { messageId: String(info.messageId), file };
      } catch (error) {
        log.warn(
          { to: message.to, subject: message.subject, err: error },
          'writing mail to the outbox failed',
        );
        throw new MailDeliveryError('Outbox write failed', { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
