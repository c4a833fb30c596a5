import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OPS_API_PATHS, type SupportConversation, type SupportMessage } from '@veridocs/shared';
import { errorReply, mockApi, okReply } from '../../test/mock-api';
import { ADMIN, renderConsole, signIn } from '../../test/render';

const ASHA_ID = '11111111-1111-4111-8111-111111111111';
const RAVI_ID = '22222222-2222-4222-8222-222222222222';

const message = (overrides: Partial<SupportMessage>): SupportMessage => ({
  id: crypto.randomUUID(),
  author: 'candidate',
  authorName: null,
  body: 'Hello',
  createdAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

function ashaConversation(messages: SupportMessage[]): SupportConversation {
  const last = messages.at(-1) ?? null;
  return {
    id: ASHA_ID,
    candidate: { profileId: 'prf_asha', name: 'Asha Verma', mobile: '9876543210' },
    lastMessage: last,
    waiting: last?.author === 'candidate',
    updatedAt: last?.createdAt ?? '2026-11-26T10:00:00.000Z',
    messages,
  };
}

const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the support inbox', () => {
  it('lists the conversations, opens one and sends the reply the candidate will see', async () => {
    signIn();
    const messages = [message({ body: 'My OTP did not come', createdAt: '2026-11-26T09:30:00.000Z' })];
    const api = mockApi()
      .on('get', OPS_API_PATHS.supportConversations, () => {
        const { messages: _messages, ...summary } = ashaConversation([...messages]);
        return okReply({
          list: [
            summary,
            {
              id: RAVI_ID,
              candidate: { profileId: 'prf_ravi', name: null, mobile: '9123456780' },
              lastMessage: message({
                author: 'team',
                authorName: 'Vera Verifier',
                body: 'Done, check again',
              }),
              waiting: false,
              updatedAt: '2026-11-25T08:00:00.000Z',
            },
          ],
          nextCursor: null,
        });
      })
      .on('get', OPS_API_PATHS.supportConversation(ASHA_ID), () => okReply(ashaConversation([...messages])))
      .on('post', OPS_API_PATHS.supportReplies(ASHA_ID), (call) => {
        const sent = message({
          author: 'team',
          authorName: 'Vera Verifier',
          body: (call.body as { body: string }).body,
          createdAt: '2026-11-26T09:45:00.000Z',
        });
        messages.push(sent);
        return okReply(sent);
      });
    const user = userEvent.setup();
    renderConsole('/support');

    // The first test of the file compiles the lazily loaded screen: slow on a busy machine.
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 20_000 });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Asha Verma');
    expect(rows[0]).toHaveTextContent('9876543210');
    expect(rows[0]).toHaveTextContent('Waiting');
    expect(rows[0]).toHaveTextContent('My OTP did not come');
    // A conversation without a name, answered by the team: the team member's name before the text.
    expect(rows[1]).toHaveTextContent('Name not given');
    expect(rows[1]).not.toHaveTextContent('Waiting');
    expect(rows[1]).toHaveTextContent('Vera Verifier: Done, check again');
    expect(screen.getByText('Choose a conversation to read and answer it.')).toBeInTheDocument();
    // One page: no paging buttons.
    expect(screen.queryByRole('button', { name: 'Older' })).not.toBeInTheDocument();
    // The navigation (a drawer on this narrow screen) leads here.
    await user.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(await screen.findByRole('link', { name: 'Support inbox' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Support inbox' })).not.toBeInTheDocument(),
    );

    await user.click(rows[0]!);
    const section = await screen.findByRole('region', { name: 'Asha Verma' });
    expect(within(section).getByText('Mobile 9876543210')).toBeInTheDocument();
    const log = within(section).getByRole('log', { name: 'Messages' });
    expect(log).toHaveTextContent('My OTP did not come');
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('aria-current', 'page');

    // An empty reply cannot be sent; Ctrl+Enter sends one.
    const send = within(section).getByRole('button', { name: 'Send reply' });
    expect(send).toBeDisabled();
    const box = within(section).getByRole('textbox', { name: 'Reply' });
    await user.type(box, 'Please check your spam folder');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('post', OPS_API_PATHS.supportReplies(ASHA_ID))).toHaveLength(1));
    expect(api.callsTo('post', OPS_API_PATHS.supportReplies(ASHA_ID))[0]!.body).toEqual({
      body: 'Please check your spam folder',
    });
    expect(api.calls.at(-1)!.headers.authorization ?? api.calls.at(-1)!.headers.Authorization).toBe(
      'Bearer ops-token',
    );
    // The conversation is read again and shows the reply, answered; the box is cleared.
    await waitFor(() => expect(log).toHaveTextContent('Please check your spam folder'));
    expect(within(section).getByText('Answered')).toBeInTheDocument();
    expect(box).toHaveValue('');
    await waitFor(() =>
      expect(api.callsTo('get', OPS_API_PATHS.supportConversations).length).toBeGreaterThan(1),
    );
  }, 60_000);

  it('lets an admin answer too, and says when a reply fails', async () => {
    signIn(ADMIN);
    const api = mockApi()
      .on('get', OPS_API_PATHS.supportConversations, okReply({ list: [], nextCursor: null }))
      .on('get', OPS_API_PATHS.supportConversation(ASHA_ID), okReply(ashaConversation([message({})])))
      .on('post', OPS_API_PATHS.supportReplies(ASHA_ID), errorReply(500, 1, 'Internal error'));
    const user = userEvent.setup();
    renderConsole(`/support/${ASHA_ID}`);
    const section = await screen.findByRole('region', { name: 'Asha Verma' });
    await user.type(within(section).getByRole('textbox', { name: 'Reply' }), 'On it');
    await user.click(within(section).getByRole('button', { name: 'Send reply' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('The reply was not sent. Try again.');
    expect(api.callsTo('post', OPS_API_PATHS.supportReplies(ASHA_ID))).toHaveLength(1);
    // What was typed is kept for another try.
    expect(within(section).getByRole('textbox', { name: 'Reply' })).toHaveValue('On it');
  });

  it('shows the loading and empty states, and the waiting filter asks the server', async () => {
    signIn();
    let release: () => void = () => undefined;
    const api = mockApi().on(
      'get',
      OPS_API_PATHS.supportConversations,
      () =>
        new Promise((resolve) => {
          release = () => resolve(okReply({ list: [], nextCursor: null }));
        }),
    );
    const user = userEvent.setup();
    renderConsole('/support');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    release();
    expect(
      await screen.findByText('No conversations yet. Questions from the candidates’ chat appear here.'),
    ).toBeInTheDocument();
    api.on('get', OPS_API_PATHS.supportConversations, okReply({ list: [], nextCursor: null }));
    await user.click(screen.getByRole('tab', { name: 'Waiting for an answer' }));
    expect(await screen.findByText('Nothing is waiting for an answer.')).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)!.url)).toEqual({ filter: 'waiting' });
  });

  it('pages older conversations with the server’s cursor', async () => {
    signIn();
    const row = (id: string, name: string) => ({
      id,
      candidate: { profileId: `prf_${name}`, name, mobile: '9876543210' },
      lastMessage: message({ body: `from ${name}` }),
      waiting: true,
      updatedAt: '2026-11-26T10:00:00.000Z',
    });
    const api = mockApi().on('get', OPS_API_PATHS.supportConversations, (call) =>
      queryOf(call.url).cursor === 'older'
        ? okReply({ list: [row(RAVI_ID, 'Ravi Kumar')], nextCursor: null })
        : okReply({ list: [row(ASHA_ID, 'Asha Verma')], nextCursor: 'older' }),
    );
    const user = userEvent.setup();
    renderConsole('/support');
    expect(await screen.findByRole('link', { name: /Asha Verma/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('link', { name: /Ravi Kumar/ })).toBeInTheDocument();
    expect(queryOf(api.calls.at(-1)!.url)).toEqual({ cursor: 'older' });
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByRole('link', { name: /Asha Verma/ })).toBeInTheDocument();
  });

  it('says so when the conversation does not exist', async () => {
    signIn();
    mockApi()
      .on('get', OPS_API_PATHS.supportConversations, okReply({ list: [], nextCursor: null }))
      .on(
        'get',
        OPS_API_PATHS.supportConversation(ASHA_ID),
        errorReply(404, 251, 'This conversation does not exist'),
      );
    renderConsole(`/support/${ASHA_ID}`);
    expect(await screen.findByText('There is no such conversation.')).toBeInTheDocument();
  });
});
