import type { OpsQueue, State } from '@veridocs/shared';

/**
 * Every string the console shows (ADR 0027). The console is an internal tool and ships in English; the
 * text lives here, in one module, so a translation can later swap this object for a catalogue without
 * touching the screens. Screens import `m` and never write user-facing text inline.
 */
export const m = {
  app: {
    name: 'Veridocs Console',
    loading: 'Loading…',
    skipToContent: 'Skip to content',
    retry: 'Try again',
    cancel: 'Cancel',
    close: 'Close',
    confirm: 'Confirm',
    unexpectedError: 'Something went wrong. Try again.',
    notFoundTitle: 'Page not found',
    notFoundBody: 'There is nothing at this address in the console.',
    backToQueues: 'Back to the queues',
  },
  roles: { admin: 'Admin', verifier: 'Verifier' } as Record<string, string>,
  nav: {
    label: 'Console navigation',
    queues: 'Queues',
    support: 'Support inbox',
    admin: 'Admin',
    openMenu: 'Open navigation',
    account: 'Account',
    signOut: 'Sign out',
    signedInAs: (name: string, role: string) => `Signed in as ${name} (${role})`,
  },
  signIn: {
    title: 'Sign in to the console',
    subtitle: 'For the Veridocs verification team.',
    email: 'Work e-mail',
    password: 'Password',
    submit: 'Continue',
    codeTitle: 'Enter the sign-in code',
    codeSent: (email: string) => `We e-mailed a 6-digit code to ${email}. It expires in 10 minutes.`,
    code: '6-digit code',
    verify: 'Sign in',
    back: 'Use another account',
    resend: 'Send a new code',
    required: 'Required',
    invalidEmail: 'Enter a valid e-mail address',
    invalidCode: 'Enter the 6-digit code',
    // One text for a wrong e-mail, a wrong password and a locked account: the server does not say which (ADR 0019).
    signInRefused:
      'Wrong e-mail or password, or too many attempts. After too many, sign-in stays locked for up to an hour; an administrator can reset your password.',
    wrongCode: (attemptsLeft: number | null) =>
      attemptsLeft === null
        ? 'That code is not right.'
        : `That code is not right. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`,
    codeExpired: 'This code has expired or was used up. Sign in again to get a new one.',
    codeUsed: 'This code was already used. Sign in again to get a new one.',
    expired: 'Your session has ended. Sign in again.',
    signedOut: 'You have signed out.',
  },
  queues: {
    title: 'Queues',
    tabs: {
      new: 'New',
      in_progress: 'In progress',
      action_required: 'Action required',
      ready_to_close: 'Ready to close',
    } satisfies Record<OpsQueue, string>,
    tabsLabel: 'Queue',
    search: 'Search',
    searchPlaceholder: 'Name, mobile or transaction id',
    filters: 'Filters',
    organisation: 'Organisation ID',
    form: 'Form ID',
    verificationState: 'Verification state',
    verificationType: 'Verification type',
    from: 'Submitted from',
    to: 'Submitted to',
    any: 'Any',
    clearFilters: 'Clear filters',
    columns: {
      candidate: 'Candidate',
      organisation: 'Organisation',
      form: 'Form',
      state: 'State',
      deadline: 'Deadline',
      submitted: 'Submitted',
      assignee: 'Assignee',
    },
    fastTrack: 'Fast track',
    unassigned: 'Unassigned',
    noName: 'Name not given',
    previous: 'Previous page',
    next: 'Next page',
    empty: 'No cases in this queue.',
    emptyFiltered: 'No cases match these filters.',
    error: 'The queue could not be loaded.',
    shown: (count: number, more: boolean) =>
      `${count} case${count === 1 ? '' : 's'}${more ? ' on this page' : ''}`,
    shortcutsButton: 'Keyboard shortcuts',
    shortcutsTitle: 'Keyboard shortcuts',
    shortcuts: [
      ['j / k', 'Move the selection down / up'],
      ['Enter', 'Open the selected case'],
      ['n', 'Open the next case (after the selected one)'],
      ['/', 'Search'],
      ['?', 'Show these shortcuts'],
    ] as Array<[string, string]>,
    caseShortcuts: [
      ['j / k', 'Focus the next / previous verification'],
      ['s', 'Start working the focused verification'],
      ['v', 'Verify the focused verification'],
      ['f', 'Fail the focused verification'],
      ['i', 'Ask the candidate for documents'],
      ['c', 'Close the focused verification'],
      ['?', 'Show these shortcuts'],
    ] as Array<[string, string]>,
  },
  cases: {
    breadcrumb: 'Breadcrumb',
    caseLine: (txnId: string, submitted: string) => `Transaction ${txnId} · submitted ${submitted}`,
    /** Beside the state's chip: the two read alike ("In progress") without the word. */
    inQueue: (queue: string) => `Queue: ${queue}`,
    notFound: 'There is no case with this transaction id.',
    loadError: 'The case could not be loaded.',
    candidate: 'Candidate',
    name: 'Name',
    verifiedName: 'Verified name',
    mobile: 'Mobile',
    email: 'E-mail',
    dateOfBirth: 'Date of birth',
    organisation: 'Organisation',
    form: 'Form',
    identity: 'Identity',
    identityMethods: { aadhaar: 'Aadhaar', passport: 'Passport' } as Record<string, string>,
    method: 'Method',
    result: 'Result',
    documentNumber: 'Document no.',
    verifiedAt: 'Verified',
    noIdentity: 'The identity has not been proved yet.',
    evaluationPartner: 'Evaluation partner',
    provider: 'Provider',
    reference: 'Reference',
    validatedAt: 'Validated',
    noPartner: 'No evaluation-partner reference.',
    payments: 'Payments and refunds',
    noPayments: 'No payments.',
    refund: (amount: string, status: string, reason: string) => `Refund ${amount} · ${status} · ${reason}`,
    timeline: 'Timeline',
    transaction: 'Transaction',
    noTimeline: 'No state changes yet.',
    /** Who did what, by the action the server records with each state change (raw when unknown). */
    timelineActions: {
      create: 'Started by the candidate',
      process: 'Questionnaire answered',
      payment: 'Payment received',
      'identity-verified': 'Identity verified',
      'add-instance': 'Another one added',
      skip: 'Skipped by the candidate',
      submit: 'Submitted by the candidate',
      'insufficiency-answer': 'Documents given by the candidate',
      'ops-in-progress': 'Started by the team',
      'ops-completed': 'Verified by the team',
      'ops-failed': 'Failed by the team',
      'ops-insufficient-data': 'Documents asked for by the team',
      'ops-closed': 'Closed by the team',
    } as Record<string, string>,
    assignToMe: 'Assign to me',
    deadline: (date: string) => `Expected completion: ${date}`,
    expectedDate: 'New expected date',
    setDate: 'Set date',
    expectedDateSet: (date: string) => `Expected completion date set to ${date}.`,
    verifications: 'Verifications',
    verificationsCount: (count: number) => `Verifications (${count})`,
    noVerifications: 'This case has no verifications.',
    noDocuments: 'No documents uploaded.',
    insufficiencyHistory: 'Insufficiency history',
    asked: (documents: string) => `Asked for: ${documents}`,
    answered: (at: string) => `answered ${at}`,
    awaiting: 'awaiting the candidate',
    lockedBy: (name: string, until: string) => `Locked by ${name} until ${until}`,
    decisionsFor: (label: string) => `Decisions for ${label}`,
    decided: (label: string, state: string) => `${label}: ${state}.`,
    imageTools: 'Image tools',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    rotate: 'Rotate',
    download: 'Download',
    fileError: 'The document could not be loaded.',
    noPreview: 'No preview for this file type: download it.',
    documentAlt: (name: string) => `Document ${name}`,
    qualityFindings: 'Quality findings',
    onPage: (message: string, page: number) => `${message} (page ${page})`,
    ocrText: (status: string) => `Recognised text (${status})`,
    reason: 'Reason',
    reasonOptional: 'Reason (optional)',
    reasonRequired: 'Give a reason.',
    documentsRequired: 'Name at least one document to ask for.',
    documentLabel: (n: number) => `Document ${n}`,
    removeDocument: (n: number) => `Remove document ${n}`,
    addDocument: 'Add a document',
    decisions: {
      start: {
        button: 'Start',
        title: (label: string) => `Start working on ${label}?`,
        body: 'The verification moves to In progress and you hold its lock while you work on it.',
        confirm: 'Start',
      },
      verify: {
        button: 'Verify',
        title: (label: string) => `Verify ${label}?`,
        body: 'The verification is marked Completed. The candidate sees it as verified.',
        confirm: 'Verify',
      },
      fail: {
        button: 'Fail',
        title: (label: string) => `Fail ${label}?`,
        body: 'The verification is marked Failed. Say why: the reason is kept with the decision.',
        confirm: 'Fail',
      },
      ask: {
        button: 'Ask for documents',
        title: (label: string) => `Ask for documents for ${label}`,
        body: 'The candidate is asked to upload these documents; the case moves to Action required.',
        confirm: 'Ask the candidate',
      },
      close: {
        button: 'Close',
        title: (label: string) => `Close ${label}?`,
        body: 'The verification is closed without a result.',
        confirm: 'Close verification',
      },
    },
  },
  support: {
    title: 'Support inbox',
    intro: 'Questions candidates sent from the chat in the candidate app. Replies appear in their chat.',
    filterLabel: 'Conversations',
    filters: { all: 'All', waiting: 'Waiting for an answer' },
    listLabel: 'Conversations',
    noName: 'Name not given',
    waiting: 'Waiting',
    answered: 'Answered',
    noMessages: 'No messages yet.',
    lastFromTeam: (name: string) => `${name}: `,
    team: 'Team',
    empty: 'No conversations yet. Questions from the candidates’ chat appear here.',
    emptyWaiting: 'Nothing is waiting for an answer.',
    error: 'The inbox could not be loaded.',
    previous: 'Newer',
    next: 'Older',
    shown: (count: number, more: boolean) =>
      `${count} conversation${count === 1 ? '' : 's'}${more ? ' on this page' : ''}`,
    choose: 'Choose a conversation to read and answer it.',
    backToInbox: 'Back to the inbox',
    conversationLabel: (name: string) => `Conversation with ${name}`,
    messagesLabel: 'Messages',
    candidate: 'Candidate',
    mobile: (mobile: string) => `Mobile ${mobile}`,
    notFound: 'There is no such conversation.',
    loadError: 'The conversation could not be loaded.',
    reply: 'Reply',
    replyHint: 'The candidate sees it in the chat. Ctrl+Enter sends.',
    send: 'Send reply',
    sending: 'Sending…',
    sendFailed: 'The reply was not sent. Try again.',
  },
  states: {
    NOT_INITIALIZED: 'Not started',
    DATA_SAVED: 'Data saved',
    IN_PROGRESS: 'In progress',
    COMPLETED: 'Completed',
    FAILED: 'Failed',
    INSUFFICIENT_DATA: 'Insufficient data',
    CLOSED: 'Closed',
    SKIPPED: 'Skipped',
    SUBMITTED: 'Submitted',
    VERIFIED: 'Verified',
    SUCCESS: 'Success',
    PENDING: 'Pending',
    REFUNDED: 'Refunded',
    READY_TO_SUBMIT: 'Ready to submit',
  } satisfies Record<State, string>,
  verificationTypes: {
    identification: 'Identification',
    education: 'Education',
    employment: 'Employment',
    address: 'Address',
  } as Record<string, string>,
  admin: {
    title: 'Admin',
    overview: 'Overview',
    intro: 'Organisations, forms and staff accounts.',
    placeholder: 'The admin screens are on their way.',
    forbidden: 'Only admins can open this page.',
  },
} as const;

/** A date and time as the team reads it (their locale, 24-hour). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString('en-GB', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric' });
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
}

/** A message's time: the time alone today, the date and time before. */
export function formatWhen(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toDateString() === now.toDateString() ? formatTime(iso) : formatDateTime(iso);
}
