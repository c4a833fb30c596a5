import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** Just enough MIME for a single-part text mail: the decoded subject and text. */
function decodeMime(raw: string): { subject: string; text: string } {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headers)?.[1] ?? '';
  const words = (value: string) =>
    value
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64').toString('utf8')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
              'latin1',
            ).toString('utf8'),
      );
  const body = rest.join('\n\n');
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r?\n/g, '')
              .replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { subject: words(header('Subject')), text };
}

describe('the SMTP mail provider against a real local SMTP server', () => {
  let open: TestSmtp;
  let authed: TestSmtp;
  beforeAll(async () => {
    open = await startSmtp({ auth: false });
    authed = await startSmtp({ auth: true });
  });
  afterAll(async () => {
    await open?.close();
    await authed?.close();
  });
  beforeEach(() => {
    open.received.length = 0;
    authed.received.length = 0;
  });

  const mail = {
    to: 'asha.verma@example.com',
    subject: '123456 is your Veridocs verification code',
    text: 'Your verification code is 123456.',
    otp: '123456',
  };

  it('delivers the mail from SMTP_FROM to the recipient, subject and text intact', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: open.port,
      secure: false,
      auth: undefined,
      from: 'no-reply@veridocs.test',
    });
    await mailer.send(mail);
    expect(open.received).toHaveLength(1);
    const [got] = open.received;
    expect(got).toMatchObject({ from: 'no-reply@veridocs.test', to: ['asha.verma@example.com'] });
    expect(got!.raw).toContain('Subject: 123456 is your Veridocs verification code');
    expect(got!.raw).toContain('Your verification code is 123456.');
  });

  it('sends Hindi text intact (UTF-8)', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: open.port,
      secure: false,
      auth: undefined,
      from: 'no-reply@veridocs.test',
    });
    await mailer.send({ ...mail, subject: '123456 आपका Veridocs सत्यापन कोड है', text: 'नमस्ते, कोड 123456' });
    const raw = open.received[0]!.raw;
    // Encoded headers and body decode back to the text.
    const parsed = decodeMime(raw);
    expect(parsed.subject).toBe('123456 आपका Veridocs सत्यापन कोड है');
    expect(parsed.text).toContain('नमस्ते, कोड 123456');
  });

  it('logs in with SMTP_USER and SMTP_PASSWORD', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: authed.port,
      secure: false,
      auth: { user: 'mailer', password: 's3cret' },
      from: 'no-reply@veridocs.test',
    });
    await mailer.send(mail);
    expect(authed.received[0]).toMatchObject({ user: 'mailer', to: ['asha.verma@example.com'] });
  });

  it('rejects when the server refuses the login', async () => {
    const mailer = createSmtpMailer({
      host: '127.0.0.1',
      port: authed.port,
      secure: false,
      auth: { user: 'mailer', password: 'wrong' },
      from: 'no-reply@veridocs.test',
    });
    await expect(mailer.send(mail)).rejects.toThrow();
    expect(authed.received).toHaveLength(0);
  });

  it('rejects when no server answers', async () => {
    const gone = await startSmtp({ auth: false });
    const gonePort = gone.port;
    await gone.close();
    const mailer = createSmtpMailer(
      { host: '127.0.0.1', port: gonePort, secure: false, auth: undefined, from: 'no-reply@veridocs.test' },
      { timeoutMs: 2_000 },
    );
    await expect(mailer.send(mail)).rejects.toThrow();
  });
});
