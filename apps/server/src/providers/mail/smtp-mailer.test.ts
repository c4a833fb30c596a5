import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../test/smtp-server.js';
import { languageOf } from './mail-html.js';
import { createSmtpMailer } from './smtp-mailer.js';

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
    subject: 'Your Veridocs verification code',
    text: 'Hello,\n\nYour verification code is 123456.\nOpen https://veridocs.test/login?next=%2Fhome to go on.\n\nVeridocs',
    otp: '123456',
  };

  const openMailer = () =>
    createSmtpMailer({
      host: '127.0.0.1',
      port: open.port,
      secure: false,
      auth: undefined,
      from: 'no-reply@veridocs.test',
    });

  it('delivers the mail from SMTP_FROM to the recipient: the text, and an HTML part saying the same', async () => {
    await openMailer().send(mail);
    expect(open.received).toHaveLength(1);
    const [got] = open.received;
    expect(got).toMatchObject({ from: 'no-reply@veridocs.test', to: ['asha.verma@example.com'] });
    const parsed = await simpleParser(got!.raw);
    expect(parsed.subject).toBe('Your Veridocs verification code');
    expect(parsed.text).toContain('Your verification code is 123456.');
    expect(parsed.headers.get('content-language')).toBe('en');
    const html = parsed.html as string;
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<strong[^>]*>123456<\/strong>/);
    expect(html).toContain(
      '<a href="https://veridocs.test/login?next=%2Fhome" style="color:#0b5cad">https://veridocs.test/login?next=%2Fhome</a> to go on.',
    );
  });

  it('sends Hindi intact (UTF-8), declared as Hindi; the text never reaches the markup unescaped', async () => {
    await openMailer().send({
      ...mail,
      subject: 'आपका Veridocs सत्यापन कोड',
      text: 'नमस्ते, कोड 123456\n\n<script>alert("x")</script> & "ok"',
      language: 'hi',
    });
    const parsed = await simpleParser(open.received[0]!.raw);
    expect(parsed.subject).toBe('आपका Veridocs सत्यापन कोड');
    expect(parsed.text).toContain('नमस्ते, कोड 123456');
    expect(parsed.headers.get('content-language')).toBe('hi');
    const html = parsed.html as string;
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('नमस्ते, कोड <strong');
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;ok&quot;');
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

describe('languageOf', () => {
  it('takes the caller’s language, else Hindi only when Devanagari outnumbers Latin letters', () => {
    expect(languageOf({ text: 'नमस्ते', language: 'en' })).toBe('en');
    expect(languageOf({ text: 'आपका कोड 123456 है। https://veridocs.test' })).toBe('hi');
    expect(languageOf({ text: 'Your code is 123456 (कोड)' })).toBe('en');
  });
});
