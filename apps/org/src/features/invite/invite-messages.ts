import type { InviteBatch } from '@veridocs/shared';

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The invite page's strings (owners and managers, ADR 0047). */
export const im = {
  nav: 'Invite candidates',
  title: 'Invite candidates',
  intro: 'Invite one candidate, or many from a file. Each receives an SMS (and an e-mail when given).',
  unexpected: 'Something went wrong. Try again.',
  retry: 'Try again',
  cancel: 'Cancel',
  formsFailed: 'The forms could not be loaded.',
  noForms: 'Your organisation has no forms yet, so there is nothing to invite to.',
  loadingForms: 'Loading the forms',

  one: {
    title: 'One candidate',
    form: 'Form',
    name: 'Name',
    mobile: 'Mobile number',
    mobileHelp: '10 digits',
    email: 'E-mail (optional)',
    language: 'Language of the messages',
    languages: { en: 'English', hi: 'हिन्दी' } as Record<'en' | 'hi', string>,
    send: 'Send invitation',
    sending: 'Sending…',
    sent: (mobile: string) => `Invitation sent to ••••${mobile.slice(-4)}.`,
    chooseForm: 'Choose a form',
  },

  file: {
    title: 'Many candidates from a file',
    columns:
      'A CSV or XLSX (Excel) file with the columns name, mobile, email, form, language (one candidate a row, up to 10,000 rows). Email and language may be empty.',
    xlsx: 'From Excel, upload the .xlsx as it is: its first sheet is read.',
    choose: 'Choose a CSV or XLSX file',
    check: 'Check the file',
    checking: 'Checking…',
    chosen: (name: string) => `Chosen: ${name}`,
    noFile: 'Choose a file first.',
    counts: (b: Pick<InviteBatch, 'total' | 'valid' | 'refused'>) =>
      `${b.total} rows: ${b.valid} valid, ${b.refused} refused.`,
    refusedTitle: 'Refused rows (they are not sent)',
    refusedLabel: 'Refused rows',
    validTitle: 'The first valid rows',
    validLabel: 'Valid rows',
    row: 'Row',
    name: 'Name',
    mobile: 'Mobile',
    reason: 'Reason',
    form: 'Form',
    send: (n: number) => `Send ${n} ${n === 1 ? 'invitation' : 'invitations'}`,
    nothingToSend: 'No valid rows to send. Correct the file and check it again.',
    progressLabel: 'Sending progress',
    progress: (b: Pick<InviteBatch, 'sent' | 'failed' | 'valid'>) =>
      `${b.sent + b.failed} of ${b.valid} done: ${b.sent} sent, ${b.failed} failed.`,
    done: (b: Pick<InviteBatch, 'sent' | 'failed'>) => `Done: ${b.sent} sent, ${b.failed} failed.`,
    download: 'Download the result',
    downloadFailed: 'The result could not be downloaded.',
    batchFailed: 'This upload could not be loaded.',
    batchTitle: (fileName: string) => `Upload: ${fileName}`,
    close: 'Close this upload',
    recentTitle: 'Recent uploads',
    recentLabel: 'Recent uploads',
    recentEmpty: 'No uploads yet.',
    recentFailed: 'The recent uploads could not be loaded.',
    open: 'Open',
    openOf: (fileName: string) => `Open the upload ${fileName}`,
    uploadedAt: (at: string) => dateFormat.format(new Date(at)),
    statuses: {
      checked: 'Checked, not sent',
      sending: 'Sending',
      sent: 'Sent',
      cancelled: 'Cancelled',
    } satisfies Record<InviteBatch['status'], string>,
  },

  remind: {
    title: 'Remind those who have not started',
    intro:
      'Sends a reminder to every candidate of the form who was invited and has not opened it yet (at most once a day each).',
    form: 'Form',
    action: 'Send reminders',
    confirmTitle: 'Send the reminders?',
    confirmBody: (form: string) =>
      `Every candidate of “${form}” who has not started receives a reminder now.`,
    confirm: 'Send reminders',
    done: (n: number) =>
      n === 0
        ? 'Nobody needed a reminder.'
        : `${n} ${n === 1 ? 'candidate was' : 'candidates were'} reminded.`,
  },
};
