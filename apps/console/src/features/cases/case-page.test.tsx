import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS } from '@veridocs/shared';
import { opsCase } from '../../test/fixtures';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { renderConsole, signIn, VERIFIER } from '../../test/render';

const TXN = 'txn_0001aaaa';
const lockReply = (name: string) =>
  okReply({
    verificationName: name,
    lock: {
      staffId: VERIFIER.id,
      name: VERIFIER.name,
      expiresAt: new Date(Date.now() + 300_000).toISOString(),
    },
  });
const decisionReply = (name: string, state: string) =>
  okReply({
    txnId: TXN,
    transactionState: 'IN_PROGRESS',
    verificationName: name,
    state,
    openInsufficiency: null,
  });

describe('the case view', () => {
  it("shows the case, another's lock, and verifies the focused verification with v (lock first)", async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(opsCase()))
      .on('post', OPS_API_PATHS.lock(TXN, 'degree'), lockReply('degree'))
      .on('post', OPS_API_PATHS.decisions(TXN), decisionReply('degree', 'COMPLETED'));
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    expect(
      await screen.findByRole('heading', { name: 'Asha Verma', level: 1 }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Delhi University')).toBeInTheDocument();
    expect(screen.getByText('Queue: New')).toBeInTheDocument();
    expect(screen.getAllByText(/Locked by Omar Other until \d\d:\d\d/).length).toBeGreaterThan(0);
    expect(screen.getByRole('region', { name: 'Identity' })).toHaveTextContent('Aadhaar');

    await user.keyboard('v');
    const dialog = await screen.findByRole('dialog', { name: 'Verify Degree?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(api.callsTo('post', OPS_API_PATHS.decisions(TXN))).toHaveLength(1));
    expect(api.callsTo('post', OPS_API_PATHS.lock(TXN, 'degree'))).toHaveLength(1);
    const lockIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.lock(TXN, 'degree'));
    const decisionIndex = api.calls.findIndex((c) => c.url === OPS_API_PATHS.decisions(TXN));
    expect(lockIndex).toBeLessThan(decisionIndex);
    expect(api.callsTo('post', OPS_API_PATHS.decisions(TXN))[0]?.body).toEqual({
      verificationName: 'degree',
      state: 'COMPLETED',
    });
    expect(await screen.findByText('Degree: Completed.')).toBeInTheDocument();
  }, 60_000);

  it('the timeline says who did what in words, not the recorded action names', async () => {
    signIn();
    const at = '2026-11-26T10:00:00.000Z';
    mockApi().on(
      'get',
      OPS_API_PATHS.case(TXN),
      okReply(
        opsCase({
          timeline: [
            {
              at,
              entity: 'verification',
              verificationName: 'degree',
              fromState: 'DATA_SAVED',
              toState: 'SUBMITTED',
              action: 'submit',
            },
            {
              at,
              entity: 'verification',
              verificationName: 'degree',
              fromState: 'SUBMITTED',
              toState: 'IN_PROGRESS',
              action: 'ops-in-progress',
            },
            {
              at,
              entity: 'transaction',
              verificationName: null,
              fromState: 'SUBMITTED',
              toState: 'IN_PROGRESS',
              action: 'future-action',
            },
          ],
        }),
      ),
    );
    renderConsole(`/cases/${TXN}`);
    const timeline = await screen.findByRole('list', { name: 'Timeline' }, { timeout: 20_000 });
    expect(timeline).toHaveTextContent('Submitted by the candidate');
    expect(timeline).toHaveTextContent('Started by the team');
    expect(timeline).not.toHaveTextContent('ops-in-progress');
    // An action this console does not know yet still shows, as recorded.
    expect(timeline).toHaveTextContent('future-action');
  }, 60_000);

  it('asks the candidate for documents with a reason and a list', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(opsCase()))
      .on('post', OPS_API_PATHS.lock(TXN, 'degree'), lockReply('degree'))
      .on('post', OPS_API_PATHS.decisions(TXN), decisionReply('degree', 'INSUFFICIENT_DATA'));
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    await user.click(await screen.findByRole('button', { name: 'Ask for documents' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ask the candidate' }));
    expect(within(dialog).getByText('Give a reason.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'The marksheet is unreadable');
    await user.type(within(dialog).getByLabelText('Document 1'), 'Final year marksheet');
    await user.click(within(dialog).getByRole('button', { name: 'Ask the candidate' }));
    await waitFor(() =>
      expect(api.callsTo('post', OPS_API_PATHS.decisions(TXN))[0]?.body).toEqual({
        verificationName: 'degree',
        state: 'INSUFFICIENT_DATA',
        reason: 'The marksheet is unreadable',
        documents: [{ key: 'final_year_marksheet', label: 'Final year marksheet' }],
      }),
    );
  }, 60_000);

  it('says who holds the lock when the server refuses it (220), and assigns the case', async () => {
    signIn();
    const api = mockApi()
      .on('get', OPS_API_PATHS.case(TXN), okReply(opsCase()))
      .on(
        'post',
        OPS_API_PATHS.assign(TXN),
        okReply({ txnId: TXN, assignee: { staffId: VERIFIER.id, name: VERIFIER.name } }),
      )
      .on(
        'post',
        OPS_API_PATHS.lock(TXN, 'degree'),
        errorReply(409, 220, 'Locked', {
          lock: { staffId: 'x', name: 'Omar Other', expiresAt: '2026-11-27T10:05:00.000Z' },
        }),
      );
    const user = userEvent.setup();
    renderConsole(`/cases/${TXN}`);
    await user.click(await screen.findByRole('button', { name: 'Assign to me' }, { timeout: 20_000 }));
    await waitFor(() => expect(api.callsTo('post', OPS_API_PATHS.assign(TXN))).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Forged');
    await user.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect(await within(dialog).findByText(/Locked by Omar Other until/)).toBeInTheDocument();
    expect(api.callsTo('post', OPS_API_PATHS.decisions(TXN))).toHaveLength(0);
  }, 60_000);

  it('says so when the case does not exist', async () => {
    signIn();
    mockApi().on('get', OPS_API_PATHS.case('nope'), errorReply(404, 101, 'Not found'));
    renderConsole('/cases/nope');
    expect(
      await screen.findByText('There is no case with this transaction id.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
