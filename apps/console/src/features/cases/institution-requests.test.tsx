import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  OPS_API_PATHS,
  type AnsweredFact,
  type CaseInstitutionRequests,
  type InstitutionAnswer,
  type InstitutionRequest,
  type OpsCaseVerification,
} from '@veridocs/shared';
import { opsCase } from '../../test/fixtures';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn, VERIFIER } from '../../test/render';

const TXN = 'txn_0001aaaa';
const DU = 'University of Delhi';

const verification = (
  name: string,
  label: string,
  overrides: Partial<OpsCaseVerification> = {},
): OpsCaseVerification => ({
  name,
  label,
  category: 'education',
  subType: null,
  state: 'IN_PROGRESS',
  markedAsSkip: false,
  fields: [],
  documents: [],
  insufficiencies: [],
  lock: null,
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});

const caseWith = (...verifications: OpsCaseVerification[]) =>
  okReply(opsCase({ state: 'IN_PROGRESS', verifications }));

const du = (overrides: Partial<CaseInstitutionRequests['askable'][number]['institution']> = {}) => ({
  kind: 'institute' as const,
  name: DU,
  refValue: DU,
  id: 'ins_du',
  method: 'page' as const,
  contacts: [
    { id: 'con_1', email: 'registrar@du.ac.in', confirmed: true, batchDaily: false },
    { id: 'con_2', email: 'exams@du.ac.in', confirmed: true, batchDaily: true },
    { id: 'con_3', email: 'new@du.ac.in', confirmed: false, batchDaily: false },
  ],
  ...overrides,
});

const consent = { givenAt: '2026-11-26T10:00:00.000Z', text: 'I agree…' };

const facts = (differs: Partial<Record<string, AnsweredFact['verdict']>> = {}): AnsweredFact[] =>
  [
    ['name', 'Name', 'Asha Verma'],
    ['candidateId', 'Roll number', 'DU2019-4411'],
    ['programme', 'Programme', 'B.Sc. Physics'],
    ['years', 'Years', '2016–2019'],
  ].map(([key, label, claimed]) => {
    const verdict = differs[key!] ?? 'confirmed';
    return {
      key: key!,
      label: label!,
      claimed: claimed!,
      verdict,
      onRecord: verdict === 'differs' ? 'B.Sc. Chemistry' : null,
    };
  });

const answer = (overrides: Partial<InstitutionAnswer> = {}): InstitutionAnswer => {
  const list = overrides.facts ?? facts();
  return {
    id: 'ans_1',
    requestId: 'req_1',
    verificationName: 'degree',
    responderName: 'R. K. Sharma',
    designation: 'Deputy Registrar',
    fromEmail: 'registrar@du.ac.in',
    facts: list,
    allConfirmed: list.every((f) => f.verdict === 'confirmed'),
    letterFileId: null,
    answeredAt: '2026-11-28T09:00:00.000Z',
    correctsAnswerId: null,
    ...overrides,
  };
};

const request = (overrides: Partial<InstitutionRequest> = {}): InstitutionRequest => ({
  id: 'req_1',
  institution: { id: 'ins_du', name: DU, kind: 'institute' },
  contactEmail: 'registrar@du.ac.in',
  status: 'open',
  verificationNames: ['degree'],
  createdAt: '2026-11-26T11:00:00.000Z',
  sentAt: '2026-11-26T11:00:00.000Z',
  linkExpiresAt: '2026-12-26T11:00:00.000Z',
  remindersSent: 1,
  nextReminderAt: '2026-12-01T04:30:00.000Z',
  escalatedAt: null,
  answers: [],
  ...overrides,
});

const lockReply = (name: string) =>
  okReply({
    verificationName: name,
    lock: {
      staffId: VERIFIER.id,
      name: VERIFIER.name,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    },
  });

const section = () => screen.findByRole('region', { name: 'Institutions' }, { timeout: 20_000 });

describe('asking an institution from the case (issue 27)', () => {
  it('sends one request for the ticked verifications to the chosen contact; the request appears', async () => {
    signIn();
    let sent = false;
    const api = mockApi()
      .on(
        'get',
        OPS_API_PATHS.case(TXN),
        caseWith(verification('degree', 'Degree'), verification('pg', 'Masters')),
      )
      .on('get', OPS_API_PATHS.institutionRequests(TXN), () =>
        okReply({
          consent,
          askable: [
            {
              verificationName: 'degree',
              label: 'Degree',
              institution: du(),
              openRequestId: sent ? 'req_1' : null,
            },
            {
              verificationName: 'pg',
              label: 'Masters',
              institution: du(),
              openRequestId: sent ? 'req_1' : null,
            },
          ],
          requests: sent
            ? [request({ verificationNames: ['degree', 'pg'], contactEmail: 'exams@du.ac.in', sentAt: null })]
            : [],
        }),
      )
      .on('post', OPS_API_PATHS.institutionRequests(TXN), () => {
        sent = true;
        return okReply(request({ contactEmail: 'exams@du.ac.in', sentAt: null }));
      });
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    const group = await within(region).findByRole('region', { name: DU });
    expect(
      within(region).getByText('The candidate agreed to the institutions being contacted on 26 Nov 2026.'),
    ).toBeVisible();
    expect(group).toHaveTextContent(/Method.*Response page/);
    // Only confirmed contacts: the one awaiting its confirmation is not offered.
    expect(group).toHaveTextContent(
      /Confirmed contacts.*registrar@du\.ac\.in, exams@du\.ac\.in \(one e-mail a day\)/,
    );
    expect(group).not.toHaveTextContent('new@du.ac.in');
    const degree = within(group).getByRole('checkbox', { name: 'Degree' });
    const masters = within(group).getByRole('checkbox', { name: 'Masters' });
    expect(degree).toBeChecked();
    expect(masters).toBeChecked();
    expect(
      within(region).getByText('No request has been sent to an institution for this case yet.'),
    ).toBeVisible();

    await user.click(within(group).getByRole('combobox', { name: 'Send to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'registrar@du.ac.in',
      'exams@du.ac.in (one e-mail a day)',
    ]);
    await user.click(options[1]!);
    await user.click(within(group).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.callsTo('post', OPS_API_PATHS.institutionRequests(TXN))).toHaveLength(1));
    expect(api.callsTo('post', OPS_API_PATHS.institutionRequests(TXN))[0]?.body).toEqual({
      institutionId: 'ins_du',
      contactId: 'con_2',
      verificationNames: ['degree', 'pg'],
    });
    expect(
      await within(region).findByText(
        'Request queued for exams@du.ac.in: it goes out with the daily e-mail.',
      ),
    ).toBeVisible();
    // The case's requests are read again: the new request, waiting for the contact's daily e-mail.
    const item = await within(region).findByRole('listitem', { name: `Request to ${DU}` });
    expect(item).toHaveTextContent(/Open/);
    expect(item).toHaveTextContent(/Contact.*exams@du\.ac\.in.*Covers.*Degree, Masters.*Sent.*Not sent yet/);
    expect(item).toHaveTextContent(
      /Reminders sent.*1.*Next reminder.*01 Dec 2026.*Escalated.*—.*Link expires.*26 Dec 2026/,
    );
    // Now covered by the open request: nothing left to send.
    const after = within(region).getByRole('region', { name: DU });
    expect(within(after).getByRole('button', { name: 'Send request' })).toBeDisabled();
    expect(after).toHaveTextContent('An open request already covers every verification here.');
    expect(
      within(after).getByRole('checkbox', { name: /Degree \(an open request already covers it\)/ }),
    ).toBeDisabled();
  }, 60_000);

  it('a ticked-off verification is left out; the server’s refusal is shown', async () => {
    signIn();
    const api = mockApi()
      .on(
        'get',
        OPS_API_PATHS.case(TXN),
        caseWith(verification('degree', 'Degree'), verification('pg', 'Masters')),
      )
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        okReply({
          consent,
          askable: [
            { verificationName: 'degree', label: 'Degree', institution: du(), openRequestId: null },
            { verificationName: 'pg', label: 'Masters', institution: du(), openRequestId: null },
          ],
          requests: [],
        }),
      )
      .on(
        'post',
        OPS_API_PATHS.institutionRequests(TXN),
        errorReply(409, 295, 'An open request to an institution already covers this verification'),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const group = await within(await section()).findByRole('region', { name: DU });
    await user.click(within(group).getByRole('checkbox', { name: 'Masters' }));
    await user.click(within(group).getByRole('button', { name: 'Send request' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'An open request to an institution already covers this verification',
    );
    expect(api.callsTo('post', OPS_API_PATHS.institutionRequests(TXN))[0]?.body).toMatchObject({
      contactId: 'con_1',
      verificationNames: ['degree'],
    });
    await user.click(within(group).getByRole('checkbox', { name: 'Degree' }));
    expect(within(group).getByRole('button', { name: 'Send request' })).toBeDisabled();
    expect(within(group).getByRole('button', { name: 'Send request' })).toHaveAccessibleDescription(
      /Tick at least one verification\./,
    );
  }, 60_000);

  it('explains what blocks sending: no consent, not in the directory, no confirmed contact', async () => {
    signIn();
    mockApi()
      .on(
        'get',
        OPS_API_PATHS.case(TXN),
        caseWith(
          verification('degree', 'Degree'),
          verification('employment', 'Employment', { category: 'employment' }),
        ),
      )
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        okReply({
          consent: null,
          askable: [
            {
              verificationName: 'degree',
              label: 'Degree',
              institution: du({
                contacts: [{ id: 'con_3', email: 'new@du.ac.in', confirmed: false, batchDaily: false }],
              }),
              openRequestId: null,
            },
            {
              verificationName: 'employment',
              label: 'Employment',
              institution: {
                kind: 'employer',
                name: 'Acme Corp',
                refValue: null,
                id: null,
                contacts: [],
                method: null,
              },
              openRequestId: null,
            },
          ],
          requests: [],
        }),
      );
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    const university = await within(region).findByRole('region', { name: DU });
    const acme = within(region).getByRole('region', { name: 'Acme Corp' });
    for (const group of [university, acme]) {
      expect(within(group).getByRole('button', { name: 'Send request' })).toBeDisabled();
      expect(group).toHaveTextContent('The candidate has not agreed to the institution being contacted');
    }
    expect(university).toHaveTextContent(`${DU} has no confirmed contact yet. Ask an admin to add it.`);
    expect(within(university).getByRole('button', { name: 'Send request' })).toHaveAccessibleDescription(
      /has not agreed.*no confirmed contact/,
    );
    expect(acme).toHaveTextContent(/Method.*Not in the directory/);
    expect(acme).toHaveTextContent('Acme Corp is not in the institution directory. Ask an admin to add it.');
    expect(within(acme).queryByRole('link')).not.toBeInTheDocument();
  }, 60_000);

  it('offers an admin the link that adds the institution to the directory', async () => {
    signIn(ADMIN);
    mockApi()
      .on('get', OPS_API_PATHS.case(TXN), caseWith(verification('employment', 'Employment')))
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        okReply({
          consent,
          askable: [
            {
              verificationName: 'employment',
              label: 'Employment',
              institution: {
                kind: 'employer',
                name: 'Acme Corp',
                refValue: null,
                id: null,
                contacts: [],
                method: null,
              },
              openRequestId: null,
            },
          ],
          requests: [],
        }),
      );
    renderConsole(`/cases/${TXN}`);
    const acme = await within(await section()).findByRole('region', { name: 'Acme Corp' });
    expect(within(acme).getByRole('link', { name: 'Add it to the directory' })).toHaveAttribute(
      'href',
      '/institutions?add=employer&value=Acme+Corp',
    );
    expect(acme).not.toHaveTextContent('The candidate has not agreed');
  }, 60_000);
});

describe('the answers as evidence (issue 27)', () => {
  const withAnswers = (answers: InstitutionAnswer[], status: InstitutionRequest['status'] = 'answered') =>
    okReply({ consent, askable: [], requests: [request({ status, answers })] });

  it('shows each answer in order, the latest marked, the difference in words; no record blocks completing', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), caseWith(verification('degree', 'Degree')))
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        withAnswers([
          answer({
            id: 'ans_2',
            answeredAt: '2026-11-28T12:00:00.000Z',
            correctsAnswerId: 'ans_1',
            facts: facts({ programme: 'differs', years: 'no_record' }),
            letterFileId: 'fil_letter',
          }),
          answer({ id: 'ans_1' }),
        ]),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    const answers = await within(region).findByRole('region', { name: 'Answers about Degree' });
    const items = within(answers).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    // Corrections in order: the first answer, corrected by the later one.
    expect(items[0]).toHaveTextContent(/Answer 1 · 28 Nov 2026.*Corrected by a later answer/);
    expect(items[0]).toHaveTextContent(
      /Answered by.*R\. K\. Sharma, Deputy Registrar.*From.*registrar@du\.ac\.in/,
    );
    expect(items[1]).toHaveTextContent(/Answer 2 · 28 Nov 2026.*Latest/);
    expect(
      within(items[0]!).queryByRole('button', { name: 'Complete from this answer' }),
    ).not.toBeInTheDocument();

    const table = within(items[1]!).getByRole('table', { name: /Facts of Degree/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fact', 'Candidate’s claim', 'Verdict', 'On record']);
    expect(within(table).getByRole('rowheader', { name: 'Name' }).closest('tr')).toHaveTextContent(
      /Asha Verma.*Confirmed.*—/,
    );
    const programme = within(table).getByRole('rowheader', { name: 'Programme' }).closest('tr')!;
    expect(programme).toHaveTextContent(/B\.Sc\. Physics.*Differs.*B\.Sc\. Chemistry/);
    expect(programme).toHaveAttribute('data-verdict', 'differs');
    expect(within(table).getByRole('rowheader', { name: 'Years' }).closest('tr')).toHaveTextContent(
      /No record/,
    );
    expect(items[1]).toHaveTextContent('2 facts differ from the claim');

    const complete = within(items[1]!).getByRole('button', { name: 'Complete from this answer' });
    // A fact without a record cannot be completed.
    expect(complete).toBeDisabled();
    expect(complete).toHaveAccessibleDescription(/has no record of a fact/);

    // The letter opens like the case's documents, through the ops file route (jsdom has no object URLs).
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:letter'), revokeObjectURL: vi.fn() });
    api.on('get', OPS_API_PATHS.file('fil_letter'), { status: 200, body: new Blob(['%PDF-1.4']) });
    const letter = within(items[1]!).getByRole('button', { name: 'Open the letter' });
    expect(letter).toHaveAttribute('aria-expanded', 'false');
    await user.click(letter);
    expect(within(items[1]!).getByRole('button', { name: 'Hide the letter' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(await within(items[1]!).findByText(`Letter from ${DU}.pdf`)).toBeVisible();
    await waitFor(() => expect(api.callsTo('get', OPS_API_PATHS.file('fil_letter'))).toHaveLength(1));
  }, 60_000);

  it('fails from an answer only with a reason (its lock first)', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), caseWith(verification('degree', 'Degree')))
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        withAnswers([answer({ facts: facts({ name: 'differs' }) })]),
      )
      .on('post', OPS_API_PATHS.lock(TXN, 'degree'), lockReply('degree'))
      .on('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'), okReply({ state: 'FAILED' }));
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Fail from this answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fail Degree from this answer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(within(dialog).getByText('Give a reason.')).toBeVisible();
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Reason/ }),
      'The university has another name on record',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(1),
    );
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))[0]?.body).toEqual({
      answerId: 'ans_1',
      state: 'FAILED',
      reason: 'The university has another name on record',
    });
    const lockIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.lock(TXN, 'degree'));
    const decideIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.decideFromAnswer(TXN, 'degree'));
    expect(lockIndex).toBeGreaterThanOrEqual(0);
    expect(lockIndex).toBeLessThan(decideIndex);
    expect(await within(region).findByText('Degree: Failed from the institution’s answer.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);

  it('completes from an answer that differs only with a note of why the difference does not matter', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), caseWith(verification('degree', 'Degree')))
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        withAnswers([answer({ facts: facts({ programme: 'differs' }) })]),
      )
      .on('post', OPS_API_PATHS.lock(TXN, 'degree'), lockReply('degree'))
      .on('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'), okReply({ state: 'COMPLETED' }));
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    const complete = await within(region).findByRole('button', { name: 'Complete from this answer' });
    expect(complete).toBeEnabled();
    expect(complete).toHaveAccessibleDescription(/note why the difference does not matter/);
    await user.click(complete);
    const dialog = await screen.findByRole('dialog', { name: 'Complete Degree despite the difference?' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(0);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why the difference does not matter/ }),
      'The programme was renamed in 2021',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(1),
    );
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))[0]?.body).toEqual({
      answerId: 'ans_1',
      state: 'COMPLETED',
      reason: 'The programme was renamed in 2021',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }, 60_000);

  it('completes from an answer that confirms every fact: the card shows Completed, confirmed by the institution', async () => {
    signIn();
    let completed = false;
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), () =>
        caseWith(
          verification(
            'degree',
            'Degree',
            completed
              ? {
                  state: 'COMPLETED',
                  verifiedAtSource: {
                    channel: 'institution',
                    issuer: 'University of Delhi',
                    at: '2026-11-28T12:00:00.000Z',
                  },
                }
              : {},
          ),
        ),
      )
      .on('get', OPS_API_PATHS.institutionRequests(TXN), withAnswers([answer()]))
      .on('post', OPS_API_PATHS.lock(TXN, 'degree'), lockReply('degree'))
      .on('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'), () => {
        completed = true;
        return okReply({ state: 'COMPLETED' });
      });
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    const complete = await within(region).findByRole('button', { name: 'Complete from this answer' });
    expect(complete).toBeEnabled();
    expect(screen.queryByText('Confirmed by the issuing institution')).not.toBeInTheDocument();
    await user.click(complete);
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(1),
    );
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))[0]?.body).toEqual({
      answerId: 'ans_1',
      state: 'COMPLETED',
    });
    expect(await within(region).findByText('Degree: Completed from the institution’s answer.')).toBeVisible();
    // The case is read again: the card is Completed and names the institution's answer; no more decision.
    expect(await screen.findByText('Confirmed by the issuing institution')).toBeVisible();
    const card = screen.getByRole('button', { name: /Degree.*Completed/ });
    expect(card).toBeVisible();
    expect(
      within(region).queryByRole('button', { name: 'Complete from this answer' }),
    ).not.toBeInTheDocument();
  }, 60_000);

  it('shows the refusal when another verifier holds the lock', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), caseWith(verification('degree', 'Degree')))
      .on('get', OPS_API_PATHS.institutionRequests(TXN), withAnswers([answer()]))
      .on(
        'post',
        OPS_API_PATHS.lock(TXN, 'degree'),
        errorReply(409, 220, 'Locked', {
          lock: { staffId: 'x', name: 'Omar Other', expiresAt: '2026-11-27T10:05:00.000Z' },
        }),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const region = await section();
    await user.click(await within(region).findByRole('button', { name: 'Complete from this answer' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(/Locked by Omar Other until/);
    expect(api.callsTo('post', OPS_API_PATHS.decideFromAnswer(TXN, 'degree'))).toHaveLength(0);
  }, 60_000);
});
