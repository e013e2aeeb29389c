import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { createCreateAuthChallengeHandler } from './create-challenge-core';

/**
 * CreateAuthChallenge Lambda: e-mails the code through Amazon SES (v2). Environment:
 *   MAIL_FROM          verified SES sender, e.g. "eSIM Console <no-reply@example.com>" (required)
 *   OTP_TTL_SECONDS    code validity, default 300, at most 600
 *   SES_CONFIGURATION_SET  optional SES configuration set
 * The Lambda role needs ses:SendEmail on the sender identity.
 */
const ses = new SESv2Client({});

export const handler = createCreateAuthChallengeHandler(async (to, mail) => {
  const from = process.env.MAIL_FROM;
  if (!from) throw new Error('MAIL_FROM is not configured');
  await ses.send(
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: [to] },
      ConfigurationSetName: process.env.SES_CONFIGURATION_SET || undefined,
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: {
            Text: { Data: mail.text, Charset: 'UTF-8' },
            Html: { Data: mail.html, Charset: 'UTF-8' },
          },
        },
      },
    }),
  );
});
