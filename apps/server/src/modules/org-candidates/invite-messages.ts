/** What an invited candidate reads (SMS and e-mail), in their language (ADR 0047). */
export type InviteLanguage = 'en' | 'hi';

export function inviteText(
  language: InviteLanguage,
  p: { name: string; org: string; form: string; link: string; reminder: boolean },
): { sms: string; subject: string; mail: string } {
  if (language === 'hi') {
    const lead = p.reminder ? 'याद दिलाना: ' : '';
    return {
      sms: `${lead}${p.org} ने आपको "${p.form}" सत्यापन के लिए आमंत्रित किया है। यहाँ शुरू करें: ${p.link}`,
      subject: `${lead}${p.org}: "${p.form}" सत्यापन`,
      mail:
        `नमस्ते ${p.name},\n\n${lead}${p.org} ने आपको "${p.form}" सत्यापन पूरा करने के लिए आमंत्रित किया है।\n\n` +
        `यहाँ शुरू करें: ${p.link}\n\nयदि आपको यह अपेक्षित नहीं था, तो इस संदेश को अनदेखा करें।\n`,
    };
  }
  const lead = p.reminder ? 'Reminder: ' : '';
  return {
    sms: `${lead}${p.org} invites you to complete the "${p.form}" verification. Start here: ${p.link}`,
    subject: `${lead}${p.org}: your "${p.form}" verification`,
    mail:
      `Hello ${p.name},\n\n${lead}${p.org} invites you to complete the "${p.form}" verification.\n\n` +
      `Start here: ${p.link}\n\nIf you did not expect this, you can ignore this message.\n`,
  };
}
