import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** One message the test SMTP server received, parsed as a mail client would read it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, angle brackets included ('' when the message had none). */
  messageId: string;
  /** Attached files, their content as UTF-8 text (the confirmation's `.ics`). */
  attachments: { filename: string; contentType: string; content: string }[];
}

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`: the server's SMTP_URL. */
  url: string;
  /** Every message received so far, in order. */
  messages: ReceivedMail[];
  /**
   * Resolves with the messages once `count` have arrived (in all), without a timer: each arrival
   * checks. The test's own timeout bounds the wait.
   */
  waitFor(count: number): Promise<ReceivedMail[]>;
  /** Resolves with the first message (of all, in order) that matches, once it has arrived. */
  find(match: (m: ReceivedMail) => boolean): Promise<ReceivedMail>;
  /** While true, every recipient is refused with a temporary 451 (an SMTP outage the client must retry). */
  refusing: boolean;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server, the same project as nodemailer), for the tests of
 * the server's e-mail: no TLS, no authentication, every message parsed with mailparser.
 */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { ready: () => boolean; resolve: () => void }[] = [];
  const state = { refusing: false };
  const notify = () => {
    for (const w of [...waiters]) {
      if (!w.ready()) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      const err = new Error('Servicio no disponible, inténtalo más tarde') as Error & { responseCode: number };
      err.responseCode = 451;
      callback(err);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            messageId: mail.messageId ?? '',
            attachments: mail.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content.toString('utf8'),
            })),
          });
          callback();
          notify();
        },
        (err: unknown) => callback(err as Error),
      );
    },
  });
  // A client that vanishes mid-session (the crash suite kills the server it tests) resets its
  // connection: smtp-server reports it as an 'error' event, which must not be an uncaught exception.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const until = (ready: () => boolean) =>
    ready() ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ ready, resolve }));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(v: boolean) {
      state.refusing = v;
    },
    async waitFor(count) {
      await until(() => messages.length >= count);
      return messages.slice();
    },
    async find(match) {
      await until(() => messages.some(match));
      return messages.find(match)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
