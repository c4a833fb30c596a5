import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS } from '@veridocs/shared';
import { caseSummary } from '../../test/fixtures';
import { mockApi, okReply } from '../../test/mock-api';
import { renderConsole, signIn } from '../../test/render';

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the queues', () => {
  it('lists a queue, filters and searches it, pages with the cursor and opens cases from the keyboard', async () => {
    signIn();
    const api = mockApi().on('get', OPS_API_PATHS.cases, (call) => {
      const query = queryOf(call.url);
      if (query.cursor === 'c2')
        return okReply({
          list: [caseSummary({ txnId: 'txn_page2', candidateName: 'Ravi Page' })],
          nextCursor: null,
        });
      return okReply({
        list: [
          caseSummary(),
          caseSummary({
            txnId: 'txn_0002bbbb',
            candidateName: 'Meera Shah',
            fastTrack: true,
            assignee: { staffId: 's', name: 'Vera Verifier' },
          }),
        ],
        nextCursor: 'c2',
      });
    });
    const user = userEvent.setup();
    renderConsole('/queues');
    // The first test of the file compiles the lazily loaded screen: slow on a busy machine.
    expect(
      await screen.findByRole('button', { name: 'Asha Verma' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'New' });
    // Its scroll area is reachable from the keyboard, named for what it holds (issue 24, axe).
    expect(screen.getByRole('region', { name: 'Cases in New' })).toHaveAttribute('tabindex', '0');
    expect(within(table).getByText('Fast track')).toBeInTheDocument();
    expect(within(table).getByText('Unassigned')).toBeInTheDocument();
    expect(queryOf(api.calls[0]!.url)).toMatchObject({ queue: 'new' });

    // Another queue.
    await user.click(screen.getByRole('tab', { name: 'Action required' }));
    await waitFor(() => expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({ queue: 'action_required' }));

    // A filter and a search go to the server, without a cursor.
    await user.click(screen.getByRole('combobox', { name: 'Verification type' }));
    await user.click(await screen.findByRole('option', { name: 'Education' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'asha');
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({ verificationType: 'education', q: 'asha' }),
    );
    expect(queryOf(api.calls.at(-1)!.url).cursor).toBeUndefined();

    // Keyset paging.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('button', { name: 'Ravi Page' })).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({ cursor: 'c2' });
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('button', { name: 'Meera Shah' })).toBeInTheDocument();

    // j moves the selection, Enter opens the case.
    (document.activeElement as HTMLElement | null)?.blur();
    api.on('get', /\/api\/ops\/cases\/txn_0002bbbb$/, okReply(null));
    await user.keyboard('j');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Meera Shah' }).closest('tr')).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('get', OPS_API_PATHS.case('txn_0002bbbb'))).toHaveLength(1));
  }, 60_000);

  it('shows the empty state and the shortcuts', async () => {
    signIn();
    mockApi().on('get', OPS_API_PATHS.cases, okReply({ list: [], nextCursor: null }));
    const user = userEvent.setup();
    renderConsole('/queues');
    expect(await screen.findByText('No cases in this queue.')).toBeInTheDocument();
    await user.keyboard('?');
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    expect(screen.getByText('Open the selected case')).toBeInTheDocument();
  });

  it('focuses the search on "/"', async () => {
    signIn();
    mockApi().on('get', OPS_API_PATHS.cases, okReply({ list: [caseSummary()], nextCursor: null }));
    const user = userEvent.setup();
    renderConsole('/queues');
    await screen.findByRole('button', { name: 'Asha Verma' });
    await user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
  });

  it('reads and takes the submitted-date filters as dd-mm-yyyy (issue 24)', async () => {
    signIn();
    const api = mockApi().on(
      'get',
      OPS_API_PATHS.cases,
      okReply({ list: [caseSummary()], nextCursor: null }),
    );
    const user = userEvent.setup();
    renderConsole('/queues?from=2026-01-31');
    await screen.findByRole('button', { name: 'Asha Verma' });
    // A link's filter shows in the product's order, not the browser's (mm/dd/yyyy in en-US).
    const from = screen.getByRole('textbox', { name: 'Submitted from' });
    expect(from).toHaveValue('31-01-2026');
    expect(from).toHaveAttribute('placeholder', 'dd-mm-yyyy');
    await user.type(screen.getByRole('textbox', { name: 'Submitted to' }), '05-02-2026');
    await waitFor(() =>
      expect(queryOf(api.calls.at(-1)!.url)).toMatchObject({ from: '2026-01-31', to: '2026-02-05' }),
    );
    // Half a date is not sent; leaving the field says how to write it.
    await user.clear(from);
    await user.type(from, '31-13');
    await user.tab();
    expect(screen.getByText('Enter a date as dd-mm-yyyy, e.g. 31-01-2026.')).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)!.url).from).toBeUndefined();
  });
});
