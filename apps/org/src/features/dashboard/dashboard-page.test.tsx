import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORG_API_PATHS as P, type OrgCandidateRow, type OrgFormSummary } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { VIEWER, renderPortal, signIn } from '../../test/render';

const DAY = 86_400_000;
const counts = (over: Partial<OrgFormSummary['counts']> = {}) => ({
  invited: 3,
  started: 1,
  action_required: 0,
  submitted: 0,
  in_progress: 0,
  verified: 2,
  closed: 0,
  ...over,
});
const FORMS: OrgFormSummary[] = [
  { formId: 'admissions', name: 'Admissions 2030', payer: 'organisation', counts: counts() },
  { formId: 'staff', name: 'Staff hiring', payer: 'candidate', counts: counts({ invited: 1, verified: 0 }) },
];
const row = (n: number, over: Partial<OrgCandidateRow> = {}): OrgCandidateRow => ({
  transactionId: `txn${n}`,
  name: `Candidate ${n}`,
  mobile: '******4321',
  bucket: 'invited',
  state: 'NOT_INITIALIZED',
  bucketSince: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
  invitedAt: '2030-01-10T10:00:00.000Z',
  submittedAt: null,
  expectedMaxDate: '2030-02-20T00:00:00.000Z',
  ...over,
});

/** The live stream, read with fetch: the test pushes events into it. */
function stubEventStream() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const fetchMock = vi.fn((_url: string, init: RequestInit) => {
    const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
    init.signal?.addEventListener('abort', () => {
      try {
        streams.at(-1)?.error(new Error('aborted'));
      } catch {
        // already closed
      }
    });
    return Promise.resolve({ ok: true, status: 200, body } as unknown as Response);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    send: (text: string) => streams.at(-1)?.enqueue(new TextEncoder().encode(text)),
  };
}

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

let stream: ReturnType<typeof stubEventStream>;
beforeEach(() => {
  stream = stubEventStream();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the dashboard', () => {
  it('opens at / and lists the first form’s candidates with their counts, ageing and dates', async () => {
    signIn(VIEWER);
    mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on(
        'get',
        P.candidates,
        okReply({ list: [row(1), row(2, { bucket: 'verified', state: 'VERIFIED' })], nextCursor: null }),
      );
    renderPortal('/');
    expect(await screen.findByRole('heading', { name: 'Candidates' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'All (6)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Invited (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Action required (0)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Verified (2)' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Candidate list' });
    const first = await within(list).findByRole('link', { name: 'Open Candidate 1' });
    expect(first).toHaveAttribute('href', '/candidates/txn1');
    expect(within(first).getByText('Invited')).toBeInTheDocument();
    expect(within(first).getByText(/Mobile \*\*\*\*\*\*4321/)).toBeInTheDocument();
    expect(within(first).getByText(/In this state for 3 days/)).toBeInTheDocument();
    expect(within(first).getByText(/Invited 10 Jan 2030/)).toBeInTheDocument();
    expect(within(first).getByText(/Expected by 20 Feb 2030/)).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Open Candidate 2' })).toHaveTextContent('Verified');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // The navigation lists it first.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Portal navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Candidates', 'Overview']);
  });

  it('asks the server for the bucket, the search and the form chosen', async () => {
    signIn();
    const api = mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, okReply({ list: [row(1)], nextCursor: null }));
    renderPortal('/dashboard');
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Open Candidate 1' });
    expect(paramsOf(api.callsTo('get', P.candidates)[0]!.url)).toEqual({ formId: 'admissions', limit: '50' });

    await user.click(screen.getByRole('tab', { name: 'Verified (2)' }));
    await waitFor(() =>
      expect(paramsOf(api.callsTo('get', P.candidates).at(-1)!.url)).toEqual({
        formId: 'admissions',
        bucket: 'verified',
        limit: '50',
      }),
    );

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or mobile' }), 'Ana');
    await waitFor(() => expect(paramsOf(api.callsTo('get', P.candidates).at(-1)!.url).q).toBe('Ana'));
    // Debounced: one call for the whole word.
    expect(api.callsTo('get', P.candidates).filter((c) => paramsOf(c.url).q)).toHaveLength(1);

    await user.click(screen.getByRole('combobox', { name: 'Form' }));
    await user.click(await screen.findByRole('option', { name: 'Staff hiring' }));
    await waitFor(() =>
      expect(paramsOf(api.callsTo('get', P.candidates).at(-1)!.url)).toEqual({
        formId: 'staff',
        q: 'Ana',
        limit: '50',
      }),
    );
    expect(screen.getByRole('tab', { name: 'All (2)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('loads the next page with the cursor', async () => {
    signIn();
    const api = mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, (call) =>
        paramsOf(call.url).cursor === 'c1'
          ? okReply({ list: [row(3)], nextCursor: null })
          : okReply({ list: [row(1), row(2)], nextCursor: 'c1' }),
      );
    renderPortal('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Open Candidate 3' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open Candidate 1' })).toBeInTheDocument();
    expect(paramsOf(api.callsTo('get', P.candidates).at(-1)!.url)).toEqual({
      formId: 'admissions',
      cursor: 'c1',
      limit: '50',
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when there is nobody, and when the organisation has no forms', async () => {
    signIn();
    mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, okReply({ list: [], nextCursor: null }));
    const first = renderPortal('/dashboard');
    expect(await screen.findByText('No candidates here yet.')).toBeInTheDocument();
    first.unmount();

    mockApi().on('get', P.forms, okReply({ list: [] }));
    renderPortal('/dashboard');
    expect(await screen.findByText('Your organisation has no forms yet.')).toBeInTheDocument();
  });

  it('offers a retry when the list fails', async () => {
    signIn();
    mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, errorReply(503, 503, 'Try again later'));
    renderPortal('/dashboard');
    expect(await screen.findByText(/The candidates could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refetches the counts and the list on a live event', async () => {
    signIn();
    const api = mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, okReply({ list: [row(1)], nextCursor: null }));
    renderPortal('/dashboard');
    await screen.findByRole('link', { name: 'Open Candidate 1' });
    await waitFor(() => expect(stream.fetchMock).toHaveBeenCalled());
    const [url, init] = stream.fetchMock.mock.calls[0]!;
    expect(url).toBe(P.events);
    expect(init.headers).toMatchObject({ authorization: 'Bearer org-token' });
    const forms = api.callsTo('get', P.forms).length;
    const candidates = api.callsTo('get', P.candidates).length;

    api.on(
      'get',
      P.candidates,
      okReply({ list: [row(1, { bucket: 'started', state: 'DATA_SAVED' })], nextCursor: null }),
    );
    stream.send(
      ': connected\n\nevent: candidate\ndata: {"transactionId":"txn1","formId":"admissions","bucket":"started"}\n\n',
    );
    await waitFor(() => expect(api.callsTo('get', P.forms).length).toBeGreaterThan(forms));
    expect(api.callsTo('get', P.candidates).length).toBeGreaterThan(candidates);
    expect(await screen.findByRole('link', { name: 'Open Candidate 1' })).toHaveTextContent('Started');
  });

  it('exports the filtered list as CSV', async () => {
    signIn();
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = mockApi()
      .on('get', P.forms, okReply({ list: FORMS }))
      .on('get', P.candidates, okReply({ list: [row(1)], nextCursor: null }))
      .on('get', P.candidatesCsv, { status: 200, body: new Blob(['name\n']) });
    renderPortal('/dashboard?bucket=invited');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(paramsOf(api.callsTo('get', P.candidatesCsv)[0]!.url)).toEqual({
      formId: 'admissions',
      bucket: 'invited',
    });
    expect(createObjectURL).toHaveBeenCalled();
  });
});
