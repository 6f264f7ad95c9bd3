import nodemailer from 'nodemailer';

/** One e-mail as the sender hands it over: `from` with a display name when the association set one. */
export interface MailMessage {
  from: string | { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  /** The HTML part, sent beside the text (multipart/alternative). */
  html?: string;
  replyTo?: string;
}

/** What the sender needs from a mail transport; tests and future transports fit it too. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

// Together these stay well under the sender's lease, so a slow server never lets a second
// instance claim a message that is still being sent.
const CONNECTION_TIMEOUT_MS = 15_000;
const GREETING_TIMEOUT_MS = 15_000;
const SOCKET_TIMEOUT_MS = 30_000;

/** SMTP through nodemailer, from a URL like smtp://user:pass@host:587 or smtps://host:465. */
export function createSmtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    // Reuses connections: a payment run sends hundreds of messages in one go.
    pool: true,
    maxConnections: 2,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: GREETING_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  return {
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}
