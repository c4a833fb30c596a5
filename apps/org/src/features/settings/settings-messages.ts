/** The settings screens' strings (English for now). */
export const sm = {
  title: 'Settings',
  loading: 'Loading…',
  saved: 'Saved.',
  error: 'Something went wrong. Try again.',
  branding: {
    title: "Your candidates' pages",
    displayName: 'Display name',
    colour: 'Primary colour (#RRGGBB)',
    pick: 'Pick a colour',
    save: 'Save branding',
    preview: 'Preview',
    previewButton: 'Continue',
    previewBody: 'Please complete your verification form.',
    contrast: (ratio: string) => `Contrast with white text: ${ratio}:1`,
    tooLow: 'Too light: white text on this colour must reach 4.5:1. Choose a darker colour.',
    badHex: 'Enter a colour as #RRGGBB',
    logo: 'Logo',
    noLogo: 'No logo yet.',
    upload: 'Upload logo (PNG or JPEG, ≤ 512 KB)',
    removeLogo: 'Remove logo',
    logoAlt: (name: string) => `${name} logo`,
  },
  notifications: {
    title: 'E-mails to your organisation',
    email: 'Send to (leave empty for the owners)',
    onActionRequired: 'When a candidate needs something from you',
    onFinished: 'When a candidate finishes (verified or closed)',
    dailyDigest:
      'A daily digest instead of one e-mail each (the next morning: counts per state and the day’s changes)',
    save: 'Save e-mail settings',
  },
};
