import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONTACT_CONSENT_TEXT,
  INSTITUTION_API_PATHS as P,
  RESPONDER_DECLARATION,
  type InstitutionAnswer,
  type ResponderAnswerRequest,
  type ResponderRequest,
} from '@veridocs/shared';
import { titleFor } from '../../app/page-meta';
import { setLanguage } from '../../i18n';
import { PATHS } from '../../app/paths';
import { fail, ok } from '../../test/fixtures';
import { mockApi, type MockApi, type RecordedCall } from '../../test/mock-api';
import { renderApp } from '../../test/render';
import en from './locales/en.json';

const TOKEN = 'link-token-0123456789abcdef';
const SESSION = 'session-token-1';
const CODE_SENT = { maskedEmail: 'r*****r@example.edu', institution: 'University of Delhi', resendIn: 30 };
const FACTS = [
  { key: 'name', label: 'Name', claimed: 'Asha Verma' },
  { key: 'programme', label: 'Programme', claimed: 'B.Sc. Physics' },
  { key: 'years', label: 'Years', claimed: '2016–2019' },
];

function makeRequest(id: string, candidateName: string, answers: InstitutionAnswer[]): ResponderRequest {
  return {
    id,
    institution: 'University of Delhi',
    organisation: 'Acme Corp',
    candidateName,
    consent: { givenAt: '2026-11-14T10:00:00.000Z', text: CONTACT_CONSENT_TEXT },
    status: answers.length > 0 ? 'answered' : 'open',
    verifications: [
      {
        verificationName: 'bgv-degree',
        label: 'Degree',
        facts: FACTS,
        documents: [{ fileId: 'file-1', name: 'degree.pdf', url: null }],
      },
    ],
    answers,
  };
}

let api: MockApi;
/** The server's answers so far, by request. */
let answers: Record<string, InstitutionAnswer[]>;

function serveRequests() {
  answers = { 'req-1': [], 'req-2': [] };
  const names: Record<string, string> = { 'req-1': 'Asha Verma', 'req-2': 'Ravi Kumar' };
  api.on('get', P.responderRequests, () => ({
    status: 200,
    body: ok({
      institution: 'University of Delhi',
      email: 'registrar@example.edu',
      requests: Object.keys(answers).map((id) => ({
        id,
        organisation: 'Acme Corp',
        candidateName: names[id],
        verifications: [
          { verificationName: 'bgv-degree', label: 'Degree', answered: (answers[id] ?? []).length > 0 },
        ],
        status: (answers[id] ?? []).length > 0 ? 'answered' : 'open',
        sentAt: '2026-11-20T10:00:00.000Z',
      })),
    }),
  }));
  for (const id of Object.keys(answers)) {
    api.on('get', P.responderRequest(id), () => ({
      status: 200,
      body: ok(makeRequest(id, names[id] ?? '', answers[id] ?? [])),
    }));
    api.on('post', P.responderAnswer(id), (call: RecordedCall) => {
      const body = call.body as ResponderAnswerRequest;
      const before = answers[id] ?? [];
      const answer: InstitutionAnswer = {
        id: `ans-${before.length + 1}`,
        requestId: id,
        verificationName: body.verificationName,
        responderName: body.responderName,
        designation: body.designation,
        fromEmail: 'registrar@example.edu',
        facts: body.facts.map((f) => {
          const fact = FACTS.find((x) => x.key === f.key) ?? FACTS[0]!;
          return { ...fact, verdict: f.verdict, onRecord: f.onRecord ?? null };
        }),
        allConfirmed: body.facts.every((f) => f.verdict === 'confirmed'),
        letterFileId: body.letterFileId ?? null,
        answeredAt: `2026-11-2${before.length + 1}T09:30:00.000Z`,
        correctsAnswerId: before.at(-1)?.id ?? null,
      };
      answers[id] = [...before, answer];
      return { status: 200, body: ok(answer) };
    });
  }
}

beforeEach(() => {
  sessionStorage.clear();
  api = mockApi();
});
afterEach(() => api.restore());

const open = (token = TOKEN) => renderApp({ route: `${PATHS.respond}?t=${token}` });

async function typeCode(user: ReturnType<typeof renderApp>['user'], code: string) {
  await user.click(screen.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await user.keyboard(code);
}

/** The radio group of one claimed fact (named by its legend: the label and the claimed value). */
const factGroup = (label: string, claimed: string) =>
  screen.getByRole('radiogroup', { name: `${label}: ${claimed}` });

describe('the responder’s page (issue 27)', () => {
  it('code, session, the request, an answer with one Differs, read-only, then a correction and the next request', async () => {
    api.on('post', P.responderCode, { status: 200, body: ok(CODE_SENT) });
    api.on(
      'post',
      P.responderSession,
      { status: 400, body: fail(293, 'The code is not correct') },
      { once: true },
    );
    api.on('post', P.responderSession, {
      status: 200,
      body: ok({ sessionToken: SESSION, expiresIn: 1800, requestId: 'req-1' }),
    });
    serveRequests();
    const { user } = open();

    expect(
      await screen.findByRole('heading', { name: 'A verification request from Veridocs' }),
    ).toBeVisible();
    // Nothing is asked of the server before the button (the link alone opens nothing).
    expect(api.calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(
      await screen.findByText('We sent a code to r*****r@example.edu for University of Delhi.'),
    ).toBeInTheDocument();
    expect(api.callsTo('post', P.responderCode)[0]?.body).toEqual({ token: TOKEN });
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

    await typeCode(user, '111111');
    await user.click(screen.getByRole('button', { name: 'Open the request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct');
    await typeCode(user, '482915');
    await user.click(screen.getByRole('button', { name: 'Open the request' }));
    expect(api.callsTo('post', P.responderSession).at(-1)?.body).toEqual({ token: TOKEN, code: '482915' });

    expect(await screen.findByRole('heading', { name: 'Acme Corp asks about Asha Verma' })).toBeVisible();
    // The session token is kept in this tab, never the code; every read carries it as the bearer.
    const kept = JSON.stringify(sessionStorage);
    expect(kept).toContain(SESSION);
    expect(kept).not.toContain('482915');
    expect(api.callsTo('get', P.responderRequests)[0]?.headers.authorization).toBe(`Bearer ${SESSION}`);
    expect(api.callsTo('get', P.responderRequest('req-1'))[0]?.headers.authorization).toBe(
      `Bearer ${SESSION}`,
    );
    expect(screen.getByText(`The candidate agreed on 14-Nov-2026: “${CONTACT_CONSENT_TEXT}”`)).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Requests for University of Delhi' });
    expect(within(nav).getByRole('button', { name: /Asha Verma/ })).toHaveAttribute('aria-current', 'true');
    expect(within(nav).getAllByText('Open')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Open degree.pdf' })).toBeVisible();

    // Everything unanswered: each error is on its field.
    await user.click(screen.getByRole('button', { name: 'Submit the answer' }));
    expect(await screen.findByText('Some answers need your attention: see the marked fields.')).toBeVisible();
    expect(factGroup('Name', 'Asha Verma')).toHaveAccessibleDescription(
      'Choose Confirmed, Differs or No record',
    );
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveAccessibleDescription('Enter your name');
    expect(screen.getByRole('checkbox', { name: RESPONDER_DECLARATION })).toHaveAccessibleDescription(
      'Accept the declaration to submit',
    );
    expect(api.callsTo('post', P.responderAnswer('req-1'))).toHaveLength(0);

    await user.click(within(factGroup('Name', 'Asha Verma')).getByRole('radio', { name: 'Confirmed' }));
    await user.click(within(factGroup('Programme', 'B.Sc. Physics')).getByRole('radio', { name: 'Differs' }));
    await user.click(within(factGroup('Years', '2016–2019')).getByRole('radio', { name: 'No record' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'R. Sharma');
    await user.type(screen.getByRole('textbox', { name: 'Your designation' }), 'Deputy Registrar');
    await user.click(screen.getByRole('checkbox', { name: RESPONDER_DECLARATION }));
    await user.click(screen.getByRole('button', { name: 'Submit the answer' }));
    // Differs needs the value on record.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Value on record' })).toHaveAccessibleDescription(
        'Enter the value on record',
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'Value on record' }), 'B.Com.');
    await user.click(screen.getByRole('button', { name: 'Submit the answer' }));

    expect(await screen.findByText('Your answer is submitted. Thank you.')).toBeVisible();
    const sent = api.callsTo('post', P.responderAnswer('req-1'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.authorization).toBe(`Bearer ${SESSION}`);
    expect(sent[0]?.body).toEqual({
      verificationName: 'bgv-degree',
      facts: [
        { key: 'name', verdict: 'confirmed' },
        { key: 'programme', verdict: 'differs', onRecord: 'B.Com.' },
        { key: 'years', verdict: 'no_record' },
      ],
      responderName: 'R. Sharma',
      designation: 'Deputy Registrar',
      declaration: true,
    });
    // Read-only now: the answer as submitted, and the list marks the request answered.
    expect(
      await screen.findByText(/^Submitted on 21-Nov-2026 \d\d:\d\d by R. Sharma, Deputy Registrar$/),
    ).toBeVisible();
    expect(screen.getByText('On record: B.Com.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit the answer' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(nav).getByText('Answered')).toBeVisible());

    // A correction: a new answer, prefilled from the last; both are kept.
    await user.click(screen.getByRole('button', { name: 'Correct this answer' }));
    expect(
      within(factGroup('Programme', 'B.Sc. Physics')).getByRole('radio', { name: 'Differs' }),
    ).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Value on record' })).toHaveValue('B.Com.');
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('R. Sharma');
    expect(screen.getByRole('checkbox', { name: RESPONDER_DECLARATION })).not.toBeChecked();
    await user.click(
      within(factGroup('Programme', 'B.Sc. Physics')).getByRole('radio', { name: 'Confirmed' }),
    );
    expect(screen.queryByRole('textbox', { name: 'Value on record' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: RESPONDER_DECLARATION }));
    await user.click(screen.getByRole('button', { name: 'Submit the answer' }));
    expect(await screen.findByText('This answer corrects an earlier one (both are kept).')).toBeVisible();
    expect(api.callsTo('post', P.responderAnswer('req-1'))[1]?.body).toMatchObject({
      facts: [
        { key: 'name', verdict: 'confirmed' },
        { key: 'programme', verdict: 'confirmed' },
        { key: 'years', verdict: 'no_record' },
      ],
    });
    expect(answers['req-1']).toHaveLength(2);

    // The next open request; the responder's name and designation stay for the session.
    await user.click(screen.getByRole('button', { name: 'Next request' }));
    expect(await screen.findByRole('heading', { name: 'Acme Corp asks about Ravi Kumar' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('R. Sharma');
    expect(screen.getByRole('textbox', { name: 'Your designation' })).toHaveValue('Deputy Registrar');
  }, 120_000);

  it('documents open with the session; the letter goes through the checks and with the answer', async () => {
    sessionStorage.setItem(
      'veridocs.respond.session',
      JSON.stringify({
        linkToken: TOKEN,
        sessionToken: SESSION,
        expiresAt: Date.now() + 60_000,
        requestId: 'req-1',
      }),
    );
    serveRequests();
    api.on('get', P.responderFile('req-1', 'file-1'), {
      status: 200,
      body: new Blob(['%PDF-1.7'], { type: 'application/pdf' }),
    });
    const refusal = 'The PDF is password-protected or encrypted; upload an unprotected copy';
    api.on('post', P.responderLetter('req-1'), { status: 400, body: fail(170, refusal) }, { once: true });
    api.on('post', P.responderLetter('req-1'), {
      status: 200,
      body: ok({ fileId: 'letter-1', name: 'letter.pdf', size: 50_000 }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const openTab = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:degree');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { user } = open();

    await user.click(await screen.findByRole('button', { name: 'Open degree.pdf' }, { timeout: 10_000 }));
    await waitFor(() => expect(tab.location.href).toBe('blob:degree'));
    expect(openTab).toHaveBeenCalledWith('about:blank', '_blank');
    expect(api.callsTo('get', P.responderFile('req-1', 'file-1'))[0]?.headers.authorization).toBe(
      `Bearer ${SESSION}`,
    );

    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const pdf = (name: string, size: number) =>
      new File([new Uint8Array(size)], name, { type: 'application/pdf' });
    // The app's own checks first: a file this small never leaves the browser.
    fireEvent.change(input, { target: { files: [pdf('tiny.pdf', 100)] } });
    expect(await screen.findByText('File size should be more than 40 KB')).toBeVisible();
    expect(api.callsTo('post', P.responderLetter('req-1'))).toHaveLength(0);
    // Then the server's refusal, in its words.
    fireEvent.change(input, { target: { files: [pdf('locked.pdf', 50_000)] } });
    expect(await screen.findByText(refusal)).toBeVisible();
    fireEvent.change(input, { target: { files: [pdf('letter.pdf', 50_000)] } });
    expect(await screen.findByText('letter.pdf is attached')).toBeVisible();
    const upload = api.callsTo('post', P.responderLetter('req-1')).at(-1);
    expect(upload?.headers.authorization).toBe(`Bearer ${SESSION}`);
    expect((upload?.body as FormData).get('file')).toBeInstanceOf(File);

    for (const [label, claimed] of FACTS.map((f) => [f.label, f.claimed] as const))
      await user.click(within(factGroup(label, claimed)).getByRole('radio', { name: 'Confirmed' }));
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'R. Sharma');
    await user.type(screen.getByRole('textbox', { name: 'Your designation' }), 'Registrar');
    await user.click(screen.getByRole('checkbox', { name: RESPONDER_DECLARATION }));
    await user.click(screen.getByRole('button', { name: 'Submit the answer' }));
    expect(await screen.findByRole('button', { name: 'Open the letter' })).toBeVisible();
    expect(api.callsTo('post', P.responderAnswer('req-1'))[0]?.body).toMatchObject({
      letterFileId: 'letter-1',
    });
    openTab.mockRestore();
  }, 120_000);

  it('a locked link says so and turns the code off', async () => {
    api.on('post', P.responderCode, { status: 200, body: ok(CODE_SENT) });
    const lockedMessage = 'Too many wrong codes. This link is closed for a while, please try again later';
    api.on('post', P.responderSession, { status: 429, body: fail(294, lockedMessage) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    await typeCode(user, '999999');
    await user.click(await screen.findByRole('button', { name: 'Open the request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(lockedMessage);
    expect(screen.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Open the request' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Send a new code/ })).toBeDisabled();
  });

  it('an expired or invalid link shows the message and nothing else', async () => {
    const message = 'This link is not valid or has expired. Ask the verification team for a new one';
    api.on('post', P.responderCode, { status: 404, body: fail(292, message) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: 'Send me a code' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'A verification request from Veridocs' }),
    ).not.toBeInTheDocument();
  });

  it('a link without its token asks nothing of the server', async () => {
    open('short');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link is not valid or has expired. Ask the verification team for a new one',
    );
    expect(screen.queryByRole('button', { name: 'Send me a code' })).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('an ended session asks for a new code, and the candidate’s sign-in is left alone', async () => {
    sessionStorage.setItem(
      'veridocs.respond.session',
      JSON.stringify({
        linkToken: TOKEN,
        sessionToken: SESSION,
        expiresAt: Date.now() + 60_000,
        requestId: 'req-1',
      }),
    );
    api.on('get', P.responderRequests, { status: 401, body: fail(401, 'Session expired') });
    const { probe } = open();
    expect(await screen.findByText('Your session has ended. Ask for a new code to go on.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeVisible();
    expect(sessionStorage.getItem('veridocs.respond.session')).toBeNull();
    expect(probe.current?.pathname).toBe(PATHS.respond);
  });

  it('shows "No open requests" when the contact has none', async () => {
    sessionStorage.setItem(
      'veridocs.respond.session',
      JSON.stringify({
        linkToken: TOKEN,
        sessionToken: SESSION,
        expiresAt: Date.now() + 60_000,
        requestId: 'req-1',
      }),
    );
    api.on('get', P.responderRequests, {
      status: 200,
      body: ok({ institution: 'University of Delhi', email: 'registrar@example.edu', requests: [] }),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'No open requests' })).toBeVisible();
  });
});

describe('the contact confirmation page (issue 27)', () => {
  const route = `${PATHS.respondConfirm}?t=${TOKEN}`;

  it('confirms on the button press only (mail scanners open links)', async () => {
    api.on('post', P.confirmContact, {
      status: 200,
      body: ok({ email: 'registrar@example.edu', institution: 'University of Delhi' }),
    });
    const { user } = renderApp({ route });
    await user.click(await screen.findByRole('button', { name: 'Confirm my address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Thank you, registrar@example.edu is confirmed for University of Delhi.',
    );
    expect(api.callsTo('post', P.confirmContact)).toHaveLength(1);
    expect(api.callsTo('post', P.confirmContact)[0]?.body).toEqual({ token: TOKEN });
  });

  it('makes no request on load and shows the server’s refusal', async () => {
    const message = 'This link is not valid or has expired. Ask the verification team for a new one';
    api.on('post', P.confirmContact, { status: 404, body: fail(292, message) });
    const { user } = renderApp({ route });
    const button = await screen.findByRole('button', { name: 'Confirm my address' });
    expect(api.calls).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('the responder’s page in Hindi', () => {
  afterEach(() => setLanguage('en', { persist: false }));

  it('labels the claimed facts in the page’s language, the claimed values as the candidate wrote them', async () => {
    await setLanguage('hi', { persist: false });
    sessionStorage.setItem(
      'veridocs.respond.session',
      JSON.stringify({
        linkToken: TOKEN,
        sessionToken: SESSION,
        expiresAt: Date.now() + 60_000,
        requestId: 'req-1',
      }),
    );
    serveRequests();
    open();
    expect(await screen.findByRole('radiogroup', { name: 'नाम: Asha Verma' })).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: 'पाठ्यक्रम: B.Sc. Physics' })).toBeVisible();
    expect(screen.getByRole('radiogroup', { name: 'वर्ष: 2016–2019' })).toBeVisible();
    expect(screen.queryByText('Programme')).toBeNull();
  });
});

describe('the contract', () => {
  it('the routes and the declaration are the shared ones', () => {
    expect(PATHS.respond).toBe(P.responderPage);
    expect(PATHS.respondConfirm).toBe(P.confirmPage);
    expect(titleFor(PATHS.respond)).toBe('Verification Request');
    expect(titleFor(PATHS.respondConfirm)).toBe('Verification Request');
    // A compiled plain message is its text in a one-element array (the catalogs plugin).
    const text = (message: unknown) => [message].flat().join('');
    expect(text(en.declaration)).toBe(RESPONDER_DECLARATION);
  });
});
