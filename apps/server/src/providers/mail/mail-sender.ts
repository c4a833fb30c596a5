/**
 * E-mail delivery (DESIGN.md §4): an interface, the embedded dev outbox, SMTP through nodemailer. Callers
 * give the text; SMTP adds an HTML part made from it (mail-html.ts). A subject never carries a code: it
 * shows on lock screens and in notification previews.
 */
export interface OutgoingMail {
  to: string;
  subject: string;
  /** Plain-text body, the full text the recipient reads. */
  text: string;
  /** The code inside the text, when it carries one (the dev outbox shows it apart). */
  otp?: string;
  /** The language the text is written in (the HTML part declares it); English when not given. */
  language?: MailLanguage;
}

export type MailLanguage = 'en' | 'hi';

export interface MailSender {
  /** For logs: which provider delivered the mail. */
  readonly name: string;
  /** Resolves once the provider accepted the mail; rejects if it did not. */
  send(mail: OutgoingMail): Promise<void>;
}
