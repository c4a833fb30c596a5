import type { OrgBucket } from '@veridocs/shared';

/** The dashboard's strings (issue 28). English for now. */
export const dm = {
  nav: 'Candidates',
  title: 'Candidates',
  intro: 'Follow every candidate of a form, from the invitation to the verified report.',
  form: 'Form',
  bucketsLabel: 'Candidates by state',
  all: 'All',
  buckets: {
    invited: 'Invited',
    started: 'Started',
    action_required: 'Action required',
    submitted: 'Submitted',
    in_progress: 'In progress',
    verified: 'Verified',
    closed: 'Closed',
  } satisfies Record<OrgBucket, string>,
  tab: (label: string, count: number) => `${label} (${count})`,
  search: 'Search by name or mobile',
  searchHelp: 'The start of a name, or the last digits of a mobile number',
  export: 'Export CSV',
  exportFailed: 'The list could not be exported. Try again.',
  loadMore: 'Load more',
  loadFailed: 'The candidates could not be loaded.',
  formsFailed: 'The forms could not be loaded.',
  noForms: 'Your organisation has no forms yet.',
  empty: 'No candidates here yet.',
  noMatch: (q: string) => `No candidate matches “${q}”.`,
  listLabel: 'Candidate list',
  mobile: (mobile: string) => `Mobile ${mobile}`,
  ageing: (days: number) =>
    days < 1 ? 'In this state since today' : `In this state for ${days} ${days === 1 ? 'day' : 'days'}`,
  invited: (date: string) => `Invited ${date}`,
  expected: (date: string) => `Expected by ${date}`,
  open: (name: string) => `Open ${name}`,
} as const;
