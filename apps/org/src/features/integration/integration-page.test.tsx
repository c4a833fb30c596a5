import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  ORG_API_PATHS as P,
  type ApiKey,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { MANAGER, OWNER, renderPortal, signIn } from '../../test/render';

const KEY: ApiKey = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'ATS',
  prefix: 'vdk_abcdefgh',
  createdAt: '2026-11-01T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
};
const HOOK: WebhookEndpoint = {
  id: '22222222-2222-4222-8222-222222222222',
  url: 'https://hooks.acme.test/veridocs',
  active: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const DELIVERY: WebhookDelivery = {
  id: '33333333-3333-4333-8333-333333333333',
  endpointId: HOOK.id,
  eventId: '44444444-4444-4444-8444-444444444444',
  eventType: 'transaction.state_changed',
  payload: {},
  status: 'failed',
  attempts: 5,
  nextAttemptAt: '2026-11-01T10:00:00.000Z',
  lastStatusCode: 500,
  lastError: 'HTTP 500',
  createdAt: '2026-11-01T10:00:00.000Z',
  deliveredAt: null,
  attemptLog: [],
};

function mockIntegration(
  lists: { keys?: ApiKey[]; hooks?: WebhookEndpoint[]; deliveries?: WebhookDelivery[] } = {},
) {
  return mockApi()
    .on('get', P.apiKeys, okReply({ list: lists.keys ?? [KEY] }))
    .on('get', P.webhooks, okReply({ list: lists.hooks ?? [HOOK] }))
    .on('get', P.deliveries, okReply({ list: lists.deliveries ?? [DELIVERY] }));
}

describe('the integration page (owner)', () => {
  it('shows the empty states', async () => {
    signIn(OWNER);
    mockIntegration({ keys: [], hooks: [], deliveries: [] });
    renderPortal('/integration');
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(await screen.findByText('No webhook endpoints yet.')).toBeInTheDocument();
    expect(await screen.findByText('No deliveries yet.')).toBeInTheDocument();
  });

  it('creates a key and shows it once with a copy button; revokes a key', async () => {
    signIn(OWNER);
    const api = mockIntegration()
      .on('post', P.apiKeys, okReply({ ...KEY, id: 'k2', name: 'HRMS', key: 'vdk_the-secret-key' }))
      .on('post', P.revokeApiKey(KEY.id), okReply({ ...KEY, revokedAt: '2026-11-02T10:00:00.000Z' }));
    renderPortal('/integration');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Key name'), 'HRMS');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByTestId('shown-once-value')).toHaveTextContent('vdk_the-secret-key');
    expect(within(dialog).getByText(/will not be shown again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('vdk_the-secret-key');
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(api.callsTo('post', P.apiKeys)[0]?.body).toEqual({ name: 'HRMS' });
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText('vdk_the-secret-key')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Revoke ATS' }));
    expect(api.callsTo('post', P.revokeApiKey(KEY.id))).toHaveLength(1);
  });

  it('rotates a webhook secret (the new one shown once), disables one, replays a delivery', async () => {
    signIn(OWNER);
    const api = mockIntegration()
      .on('post', P.rotateWebhookSecret(HOOK.id), okReply({ ...HOOK, secret: 'whsec_new-one' }))
      .on('post', P.disableWebhook(HOOK.id), okReply({ ...HOOK, active: false }))
      .on('post', P.replayDelivery(DELIVERY.id), okReply({ replayed: true }));
    renderPortal('/integration');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'The new signing secret' });
    expect(within(dialog).getByTestId('shown-once-value')).toHaveTextContent('whsec_new-one');
    expect(within(dialog).getByText('The old secret no longer signs anything.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have copied it' }));

    expect(screen.getByText('Failed')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Queued again.')).toBeInTheDocument();
    expect(api.callsTo('post', P.replayDelivery(DELIVERY.id))).toHaveLength(1);
    await user.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(api.callsTo('post', P.disableWebhook(HOOK.id))).toHaveLength(1);
  });

  it('is not in a manager’s navigation and refuses them the page', async () => {
    signIn(MANAGER);
    mockIntegration();
    renderPortal('/integration');
    expect(await screen.findByText(/Your role does not allow this page/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Integration' })).not.toBeInTheDocument();
  });
});
