import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORG_API_PATHS as P, type OrgActivityEntry } from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { MANAGER, OWNER, renderPortal, signIn } from '../../test/render';

const entry = (id: number, action: string, overrides: Partial<OrgActivityEntry> = {}): OrgActivityEntry => ({
  id: String(id),
  at: `2030-01-${String(10 + (id % 10)).padStart(2, '0')}T10:00:00.000Z`,
  action,
  actor: { userId: 'usr_o', name: 'Olga Owner', email: 'owner@acme.test' },
  targetType: null,
  targetId: null,
  detail: {},
  ...overrides,
});

describe('the Activity page', () => {
  it('shows the owner who did what and when, newest first, and pages to older entries and back', async () => {
    signIn(OWNER);
    const api = mockApi().on('get', P.activity, (call) =>
      call.url.includes('cursor=8')
        ? okReply({
            list: [entry(7, 'api-key.create', { targetType: 'api-key', targetId: 'key_1' })],
            nextCursor: null,
          })
        : okReply({
            list: [
              entry(9, 'user.invite', { targetType: 'user', targetId: 'new@acme.test' }),
              entry(8, 'some.new-action', { actor: null }),
            ],
            nextCursor: '8',
          }),
    );
    const user = userEvent.setup();
    renderPortal('/activity');
    const list = await screen.findByRole('list', { name: 'Activity, newest first' }, { timeout: 20_000 });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.textContent);
    expect(items[0]).toHaveTextContent('Invited a user');
    expect(items[0]).toHaveTextContent('Olga Owner (owner@acme.test) · user new@acme.test');
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', entry(9, '').at);
    // An action without words shows as recorded; no user is the system.
    expect(items[1]).toHaveTextContent('some.new-action');
    expect(items[1]).toHaveTextContent('The system');
    expect(screen.getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Created an API key')).toBeVisible();
    expect(api.callsTo('get', P.activity).at(-1)!.url).toBe(`${P.activity}?cursor=8`);
    expect(screen.getByText('Page 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Invited a user')).toBeVisible();
  }, 60_000);

  it('is in the owner’s navigation only; a manager is refused the page', async () => {
    signIn(MANAGER);
    const api = mockApi();
    renderPortal('/activity');
    expect(
      await screen.findByText(/Your role does not allow this page/, {}, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Activity' })).toBeNull();
    await waitFor(() => expect(api.callsTo('get', P.activity)).toHaveLength(0));
  }, 60_000);
});
