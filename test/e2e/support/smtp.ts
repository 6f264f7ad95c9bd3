// A real local SMTP server for end-to-end tests: the server's outbox delivers to it (SMTP_URL)
// and the test reads what arrived, as a person would read their mailbox.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface DeliveredMail {
  to: string[];
  raw: string;
}

export interface LocalSmtp {
  /** smtp://127.0.0.1:{port}, for the harness's `smtpUrl`. */
  url: string;
  /** Every message received so far, oldest first. */
  delivered: DeliveredMail[];
  close(): Promise<void>;
}

export async function startSmtp(): Promise<LocalSmtp> {
  const delivered: DeliveredMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  const url = await new Promise<string>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve(`smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`)));
  return { url, delivered, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
