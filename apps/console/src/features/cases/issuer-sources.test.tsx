import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  OPS_API_PATHS,
  type AskIssuerResponse,
  type CaseIssuerSources,
  type FieldComparison,
  type IssuerPullView,
  type OpsCase,
  type OpsCaseVerification,
} from '@veridocs/shared';
import { opsCase } from '../../test/fixtures';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { renderConsole, signIn, VERIFIER } from '../../test/render';
import { ComparisonTable, verifiedAtSourceOf } from './issuer-sources';

const TXN = 'txn_0001aaaa';
const CBSE = 'Central Board of Secondary Education';
const ASK = `Ask the issuer (${CBSE})`;

const twelfth = (overrides: Partial<OpsCaseVerification> = {}): OpsCaseVerification => ({
  name: 'bgv-twelfth',
  label: '12th',
  category: 'education',
  subType: null,
  state: 'IN_PROGRESS',
  markedAsSkip: false,
  fields: [{ key: 'rollNumber', label: 'Roll number', value: '2200451' }],
  documents: [],
  insufficiencies: [],
  lock: null,
  updatedAt: '2026-11-29T10:00:00.000Z',
  ...overrides,
});
const caseWith = (v: OpsCaseVerification): OpsCase => opsCase({ state: 'IN_PROGRESS', verifications: [v] });

const comparison = (differs: string[] = []): FieldComparison[] =>
  [
    ['doctype', 'Document', 'Class XII marksheet or Class XII passing certificate', 'Class XII marksheet'],
    ['signature', "Issuer's signature", 'Signed by the issuer', `Signed by ${CBSE}`],
    ['name', 'Name', 'Asha Verma', differs.includes('name') ? 'Asha Sharma' : 'ASHA VERMA'],
    ['rollNumber', 'Roll number', '2200451', '2200451'],
    ['year', 'Passing year', null, '2019'],
  ].map(([field, label, expected, found]) => ({
    field: field!,
    label: label!,
    expected: expected ?? null,
    found: found ?? null,
    matches: !differs.includes(field!),
  }));

const pull = (overrides: Partial<IssuerPullView> = {}): IssuerPullView => ({
  id: 'pull-1',
  verificationName: 'bgv-twelfth',
  channel: 'apisetu',
  issuer: CBSE,
  doctype: 'HSCER',
  matched: true,
  completed: true,
  comparison: comparison(),
  pulledAt: '2026-11-29T10:05:00.000Z',
  staffId: VERIFIER.id,
  ...overrides,
});

const sources = (overrides: Partial<CaseIssuerSources> = {}): CaseIssuerSources => ({
  askable: [{ verificationName: 'bgv-twelfth', issuer: CBSE }],
  pulls: [],
  ...overrides,
});

const lockReply = okReply({
  verificationName: 'bgv-twelfth',
  lock: {
    staffId: VERIFIER.id,
    name: VERIFIER.name,
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
  },
});

const answer = (overrides: Partial<AskIssuerResponse> = {}): AskIssuerResponse => ({
  matched: true,
  issuer: CBSE,
  comparison: comparison(),
  state: 'COMPLETED',
  transactionState: 'IN_PROGRESS',
  message: 'Verified with the issuer',
  ...overrides,
});

describe('asking the issuer on a case (issue 26)', () => {
  it('asks CBSE after taking the lock, shows progress, then the match and the refreshed case', async () => {
    signIn();
    let completed = false;
    let release: () => void = () => undefined;
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), () =>
        okReply(caseWith(twelfth(completed ? { state: 'COMPLETED' } : {}))),
      )
      .on('get', OPS_API_PATHS.issuerSources(TXN), () =>
        okReply(completed ? sources({ askable: [], pulls: [pull()] }) : sources()),
      )
      .on('post', OPS_API_PATHS.lock(TXN, 'bgv-twelfth'), lockReply)
      .on(
        'post',
        OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'),
        () =>
          new Promise((resolve) => {
            release = () => {
              completed = true;
              resolve(okReply(answer()));
            };
          }),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const button = await screen.findByRole('button', { name: ASK }, { timeout: 20_000 });
    // Beside the team's own decisions.
    expect(
      within(screen.getByRole('group', { name: 'Decisions for 12th' })).getByRole('button', { name: ASK }),
    ).toBeVisible();
    expect(
      await screen.findByText('Nothing has been pulled from an issuer for this case yet.'),
    ).toBeVisible();

    await user.click(button);
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'))).toHaveLength(1),
    );
    expect(screen.getByRole('button', { name: ASK })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByText(`Asking ${CBSE}…`)).toHaveAttribute('role', 'status');
    const lockIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.lock(TXN, 'bgv-twelfth'));
    const askIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'));
    expect(lockIndex).toBeGreaterThanOrEqual(0);
    expect(lockIndex).toBeLessThan(askIndex);
    expect(api.callsTo('post', OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'))[0]?.body).toBeUndefined();

    release();
    const title = await screen.findByRole('heading', { name: 'Verified with the issuer', level: 4 });
    // The answer takes the focus: the button it answers is gone with the decisions.
    await waitFor(() => expect(title).toHaveFocus());
    const table = screen.getByRole('table', { name: 'Field-by-field comparison' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent(/Field.*Candidate’s value.*Issuer’s value.*Result/);
    const name = within(table).getByRole('rowheader', { name: 'Name' }).closest('tr')!;
    expect(name).toHaveTextContent(/Asha Verma.*ASHA VERMA.*Matches/);
    // A field the candidate left empty: the issuer's value fills it.
    expect(within(table).getByRole('rowheader', { name: 'Passing year' }).closest('tr')).toHaveTextContent(
      /Not given.*2019.*Matches/,
    );

    // The case is read again: completed, at the source, and the pull is the evidence.
    expect(await screen.findByText('Verified with the issuer (API Setu)')).toBeVisible();
    expect(screen.queryByRole('button', { name: ASK })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verified with the issuer', level: 4 })).toBeVisible();
    const evidence = screen.getByRole('region', { name: 'Documents from issuers' });
    expect(within(evidence).getByRole('heading', { name: '12th · Class XII marksheet' })).toBeVisible();
    expect(evidence).toHaveTextContent('API Setu, by you');
    expect(api.callsTo('get', OPS_API_PATHS.case(TXN)).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('a differing record: the message and the comparison, nothing changed', async () => {
    signIn();
    mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(caseWith(twelfth())))
      .on('get', OPS_API_PATHS.issuerSources(TXN), okReply(sources()))
      .on('post', OPS_API_PATHS.lock(TXN, 'bgv-twelfth'), lockReply)
      .on(
        'post',
        OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'),
        okReply(
          answer({
            matched: false,
            state: 'IN_PROGRESS',
            comparison: comparison(['name']),
            message: "The issuer's record differs: name",
          }),
        ),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    await user.click(await screen.findByRole('button', { name: ASK }, { timeout: 20_000 }));
    expect(await screen.findByRole('heading', { name: 'Not verified by the issuer' })).toBeVisible();
    expect(screen.getByText("The issuer's record differs: name")).toBeVisible();
    expect(
      screen.getByText('Nothing changed: the verification is still in progress. Review the documents.'),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Field-by-field comparison' });
    expect(within(table).getByRole('rowheader', { name: 'Name' }).closest('tr')).toHaveTextContent(
      /Asha Verma.*Asha Sharma.*Differs/,
    );
    // Still in progress: the team may ask again or decide.
    expect(screen.getByRole('button', { name: ASK })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  }, 60_000);

  it("shows the envelope's error in the page: the issuer down (282), another's lock (220)", async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(caseWith(twelfth())))
      // The case's institutions load (their error would be a second alert).
      .on(
        'get',
        OPS_API_PATHS.institutionRequests(TXN),
        okReply({ consent: null, askable: [], requests: [] }),
      )
      .on('get', OPS_API_PATHS.issuerSources(TXN), okReply(sources()))
      .on('post', OPS_API_PATHS.lock(TXN, 'bgv-twelfth'), lockReply)
      .on(
        'post',
        OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'),
        errorReply(502, 282, 'The issuer did not answer in time: nothing changed, review the documents'),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    await user.click(await screen.findByRole('button', { name: ASK }, { timeout: 20_000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The issuer could not be asked');
    expect(alert).toHaveTextContent(
      'The issuer did not answer in time: nothing changed, review the documents',
    );
    expect(screen.getByRole('button', { name: ASK })).toBeEnabled();

    api.on(
      'post',
      OPS_API_PATHS.lock(TXN, 'bgv-twelfth'),
      errorReply(409, 220, 'Locked', {
        lock: { staffId: 'x', name: 'Omar Other', expiresAt: '2026-11-27T10:05:00.000Z' },
      }),
    );
    await user.click(screen.getByRole('button', { name: ASK }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Locked by Omar Other until/);
    // Refused at the lock: the issuer was not asked a second time.
    expect(api.callsTo('post', OPS_API_PATHS.askIssuer(TXN, 'bgv-twelfth'))).toHaveLength(1);
  }, 60_000);

  it('offers the button once the team starts the verification (the sources are read again)', async () => {
    signIn();
    let started = false;
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), () =>
        okReply(caseWith(twelfth({ state: started ? 'IN_PROGRESS' : 'SUBMITTED' }))),
      )
      .on('get', OPS_API_PATHS.issuerSources(TXN), () => okReply(sources(started ? {} : { askable: [] })))
      .on('post', OPS_API_PATHS.lock(TXN, 'bgv-twelfth'), lockReply)
      .on('post', OPS_API_PATHS.decisions(TXN), () => {
        started = true;
        return okReply({
          txnId: TXN,
          transactionState: 'IN_PROGRESS',
          verificationName: 'bgv-twelfth',
          state: 'IN_PROGRESS',
          openInsufficiency: null,
        });
      });
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    await user.click(await screen.findByRole('button', { name: 'Start' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Start working on 12th?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('button', { name: ASK })).toBeEnabled();
    expect(api.callsTo('get', OPS_API_PATHS.issuerSources(TXN)).length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('offers no button for a verification no issuer answers, or one not yet started', async () => {
    signIn();
    mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(caseWith(twelfth({ state: 'SUBMITTED' }))))
      // The sources answered before the case changed: the card's state decides.
      .on('get', OPS_API_PATHS.issuerSources(TXN), okReply(sources()));
    renderConsole(`/cases/${TXN}`);
    expect(await screen.findByRole('button', { name: 'Start' }, { timeout: 20_000 })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Ask the issuer/ })).not.toBeInTheDocument();
  }, 60_000);
});

describe('the documents from issuers (evidence)', () => {
  it('lists the pulls newest first, by channel, with the comparison on demand', async () => {
    signIn();
    mockApi()
      .on(
        'get',
        OPS_API_PATHS.case(TXN),
        okReply(
          opsCase({
            verifications: [
              twelfth({ state: 'COMPLETED' }),
              { ...twelfth({ state: 'COMPLETED' }), name: 'bgv-tenth', label: '10th' },
            ],
          }),
        ),
      )
      .on(
        'get',
        OPS_API_PATHS.issuerSources(TXN),
        okReply(
          sources({
            askable: [],
            pulls: [
              pull({
                id: 'old',
                verificationName: 'bgv-tenth',
                channel: 'digilocker',
                doctype: 'SSCER',
                staffId: null,
                pulledAt: '2026-11-28T09:00:00.000Z',
              }),
              pull({
                id: 'miss',
                matched: false,
                completed: false,
                comparison: [],
                staffId: 'stf_other',
                pulledAt: '2026-11-29T09:00:00.000Z',
              }),
              pull({ id: 'new', pulledAt: '2026-11-29T10:00:00.000Z', staffId: 'stf_other' }),
            ],
          }),
        ),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    const evidence = await screen.findByRole(
      'region',
      { name: 'Documents from issuers' },
      { timeout: 20_000 },
    );
    expect(
      await within(evidence).findByRole('heading', { name: 'Documents from issuers (3)' }),
    ).toBeVisible();
    const items = within(evidence).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      '12th · Class XII marksheet',
      '12th · Class XII marksheet',
      '10th · Class X marksheet',
    ]);
    expect(items[0]).toHaveTextContent(`API Setu, by the team · ${CBSE}`);
    expect(items[0]).toHaveTextContent('Completed the verification');
    expect(items[1]).toHaveTextContent('Did not match');
    expect(items[1]).toHaveTextContent('The issuer sent nothing to compare');
    expect(items[2]).toHaveTextContent('DigiLocker, by the candidate');

    // Both cards say how they were completed, beside their state.
    expect(screen.getByText('Verified with the issuer (API Setu)')).toBeVisible();
    expect(screen.getByText('Verified with the issuer through DigiLocker')).toBeVisible();

    const show = within(items[0]!).getByRole('button', { name: 'Show the comparison' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(within(items[0]!).queryByRole('table')).not.toBeInTheDocument();
    await user.click(show);
    expect(within(items[0]!).getByRole('button', { name: 'Hide the comparison' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(
      within(items[0]!).getByRole('table', { name: 'Field-by-field comparison: 12th' }),
    ).toHaveTextContent(/Roll number.*2200451.*2200451.*Matches/);
  }, 60_000);

  it('says so when there are none, and offers to retry when they could not be loaded', async () => {
    signIn();
    let fail = true;
    mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(caseWith(twelfth())))
      .on('get', OPS_API_PATHS.issuerSources(TXN), () =>
        fail ? errorReply(500, 100, 'Boom') : okReply(sources({ askable: [] })),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    expect(
      await screen.findByText('The documents from issuers could not be loaded.', {}, { timeout: 20_000 }),
    ).toBeVisible();
    fail = false;
    const evidence = screen.getByRole('region', { name: 'Documents from issuers' });
    await user.click(within(evidence).getByRole('button', { name: 'Try again' }));
    expect(
      await within(evidence).findByText('Nothing has been pulled from an issuer for this case yet.'),
    ).toBeVisible();
  }, 60_000);
});

describe('verifiedAtSourceOf and the comparison table', () => {
  it('takes the channel of the pull that completed the verification', () => {
    const pulls = [pull({ completed: false, channel: 'digilocker' }), pull({ id: 'b' })];
    expect(verifiedAtSourceOf(pulls, 'bgv-twelfth')).toBe('apisetu');
    expect(verifiedAtSourceOf(pulls, 'bgv-tenth')).toBeNull();
    expect(verifiedAtSourceOf(undefined, 'bgv-twelfth')).toBeNull();
  });

  it('says Matches or Differs in words, and Not given for an empty value', () => {
    render(<ComparisonTable comparison={comparison(['year'])} label="Comparison" />);
    const table = screen.getByRole('table', { name: 'Comparison' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Candidate’s value', 'Issuer’s value', 'Result']);
    expect(within(table).getByRole('rowheader', { name: 'Passing year' }).closest('tr')).toHaveTextContent(
      /Not given.*2019.*Differs/,
    );
    expect(within(table).getAllByText('Matches')).toHaveLength(4);
  });
});
