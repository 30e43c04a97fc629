import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The port for delivering mail; SMTP is the only adapter. Without SMTP_URL there is none, and mail stays in the outbox. */
export interface Mailer {
  deliver(email: OutgoingEmail): Promise<void>;
}

export function createSmtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async deliver(email) {
      await transport.sendMail(email);
    },
  };
}
