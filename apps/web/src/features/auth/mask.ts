/** "+91 XXXXXX1234": the number the OTP went to, all but its last four digits hidden. */
export function maskMobile(mobile: string): string {
  return `+91 XXXXXX${mobile.slice(-4)}`;
}

export const CHANNEL_LABELS = { sms: 'SMS', whatsapp: 'WhatsApp' } as const;
