import type { MailLanguage, OutgoingMail } from './mail-sender.js';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** An address the text gives (the product's own links): http(s) up to a space or a closing bracket. */
const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+[^\s<>"')\].,;:!?]/g;

/** One line: escaped, its links made clickable, the code (when the mail carries one) set apart. */
function lineHtml(line: string, otp: string | undefined): string {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    html += escapeHtml(line.slice(last, match.index));
    const url = escapeHtml(match[0]);
    html += `<a href="${url}" style="color:#0b5cad">${url}</a>`;
    last = match.index + match[0].length;
  }
  html += escapeHtml(line.slice(last));
  if (otp && /^\d{4,8}$/.test(otp))
    html = html.replace(
      new RegExp(`(?<![\\d/=])${otp}(?!\\d)`, 'g'),
      `<strong style="font-size:1.25em;letter-spacing:0.15em;font-family:monospace">${otp}</strong>`,
    );
  return html;
}

/**
 * The language a text is written in when its caller did not say: Hindi when Devanagari letters outnumber
 * Latin ones outside links (a Hindi mail names Veridocs and its links in Latin letters).
 */
export function languageOf(mail: Pick<OutgoingMail, 'text' | 'language'>): MailLanguage {
  if (mail.language) return mail.language;
  const words = mail.text.replace(URL_PATTERN, '');
  const devanagari = words.match(/[\u0900-\u097F]/g)?.length ?? 0;
  const latin = words.match(/[A-Za-z]/g)?.length ?? 0;
  return devanagari > latin ? 'hi' : 'en';
}

/**
 * The HTML part of a mail (issue 30 §4), made from its text so the two always say the same: paragraphs
 * at blank lines, line breaks kept, links clickable, the code set apart, the language declared (`lang`)
 * so a mail client and a screen reader read Hindi as Hindi. Inline styles only: mail clients drop
 * style sheets. Nothing from the text reaches the markup unescaped.
 */
export function mailHtml(mail: Pick<OutgoingMail, 'subject' | 'text' | 'otp' | 'language'>): string {
  const language = languageOf(mail);
  const paragraphs = mail.text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block.length > 0)
    .map(
      (block) =>
        `<p style="margin:0 0 16px">${block
          .split('\n')
          .map((line) => lineHtml(line, mail.otp))
          .join('<br>')}</p>`,
    );
  return [
    '<!doctype html>',
    `<html lang="${language}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(mail.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8">',
    '<div style="max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,\'Noto Sans Devanagari\',sans-serif;font-size:16px;line-height:1.5;color:#1a1a1a">',
    '<div style="font-size:20px;font-weight:bold;color:#0b5cad;margin:0 0 16px">Veridocs</div>',
    `<div style="background:#ffffff;border-radius:8px;padding:24px">${paragraphs.join('')}</div>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}
