import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrivacyTicket, PrivacyTicketList } from '@veridocs/shared';
import { setLanguage } from '../../i18n';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const LIST = '/api/web-wallet/privacy/requests';
const CORRECTIONS = '/api/web-wallet/privacy/requests/corrections';
const TXN = '00000000-0000-4000-8000-0000000000aa';
const officer = { name: 'Priya Officer', email: 'grievance@veridocs.example', phone: '+91 80 1234 5678' };
const ticket = (over: Partial<PrivacyTicket>): PrivacyTicket => ({
  id: '00000000-0000-4000-8000-000000000001',
  reference: 'COR-000001',
  kind: 'correction',
  category: 'answer',
  txnId: TXN,
  requestLabel: 'Demo University — Degree check',
  subject: null,
  text: 'The degree year is wrong',
  proposed: '2016',
  status: 'open',
  createdAt: '2030-01-15T10:00:00.000Z',
  dueAt: '2030-04-15T10:00:00.000Z',
  outcome: null,
  answer: null,
  answeredAt: null,
  ...over,
});

let api: MockApi;
let list: PrivacyTicketList;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  list = {
    requests: [],
    choices: [{ txnId: TXN, orgName: 'Demo University', formName: 'Degree check' }],
    officer,
    dueDays: 90,
    maxOpen: 10,
  };
  api.on('get', LIST, () => ({ status: 200, body: ok(list) }));
});
afterEach(async () => {
  api.restore();
  await act(() => setLanguage('en', { persist: false }));
});

describe('/privacy/correction and /privacy/grievance (issue 29)', () => {
  it('checks the form with the shared schema, sends a correction and lists it with its due date', async () => {
    api.on('post', CORRECTIONS, (call) => {
      const made = ticket({});
      list = { ...list, requests: [made] };
      expect(call.body).toEqual({
        category: 'answer',
        txnId: TXN,
        text: 'The degree year is wrong',
        proposed: '2016',
      });
      return { status: 200, body: ok(made) };
    });
    const { user } = renderApp({ route: '/privacy/correction' });
    expect(await screen.findByRole('heading', { name: 'Correct my data' })).toBeInTheDocument();
    expect(screen.getByText(/answers within 90 days/)).toBeInTheDocument();
    expect(await screen.findByText('You have not asked for a correction yet.')).toBeInTheDocument();
    expect(screen.getByText('E-mail: grievance@veridocs.example')).toBeInTheDocument();

    // Empty: the schema's messages, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Send correction request' }));
    expect(await screen.findByText('Say which data is wrong, in at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Say what it should be')).toBeInTheDocument();
    // An answer needs its request.
    await user.click(screen.getByRole('combobox', { name: 'Which data is wrong' }));
    await user.click(await screen.findByRole('option', { name: 'An answer in one of my requests' }));
    await user.type(screen.getByRole('textbox', { name: /What is wrong/ }), 'The degree year is wrong');
    await user.type(screen.getByRole('textbox', { name: /What it should be/ }), '2016');
    await user.click(screen.getByRole('button', { name: 'Send correction request' }));
    expect(
      await screen.findByText('Choose the request this answer or document belongs to'),
    ).toBeInTheDocument();
    expect(api.callsTo('post', CORRECTIONS)).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Which request it concerns' }));
    await user.click(await screen.findByRole('option', { name: 'Demo University — Degree check' }));
    await user.click(screen.getByRole('button', { name: 'Send correction request' }));
    const item = (await screen.findByText('Reference COR-000001')).closest('li')!;
    expect(api.callsTo('post', CORRECTIONS)).toHaveLength(1);
    expect(within(item).getByText('Open')).toBeInTheDocument();
    expect(within(item).getByText(/Answer due by/)).toBeInTheDocument();
    expect(within(item).getByText('Concerns: Demo University — Degree check')).toBeInTheDocument();
  });

  it("shows a grievance's answer and outcome, and the grievance officer", async () => {
    list = {
      ...list,
      requests: [
        ticket({
          id: '00000000-0000-4000-8000-000000000002',
          reference: 'GRV-000002',
          kind: 'grievance',
          category: null,
          txnId: null,
          requestLabel: null,
          subject: 'Slow answer',
          text: 'Nobody answered me in a week',
          proposed: null,
          status: 'answered',
          outcome: 'resolved',
          answer: 'We apologise; your case is now closed.',
          answeredAt: '2030-01-20T10:00:00.000Z',
        }),
        ticket({}),
      ],
    };
    renderApp({ route: '/privacy/grievance' });
    expect(await screen.findByRole('heading', { name: 'Raise a grievance' })).toBeInTheDocument();
    const item = (await screen.findByText('Reference GRV-000002')).closest('li')!;
    expect(within(item).getByText('Resolved')).toBeInTheDocument();
    expect(within(item).getByText('We apologise; your case is now closed.')).toBeInTheDocument();
    // Only grievances here.
    expect(screen.queryByText('Reference COR-000001')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grievance officer' })).toBeInTheDocument();
    expect(screen.getByText('Priya Officer')).toBeInTheDocument();
    expect(screen.getByText('Phone: +91 80 1234 5678')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded, and tries again', async () => {
    api.restore();
    api = mockApi();
    storeSession(makeSession());
    api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
    api.on(
      'get',
      LIST,
      { status: 500, body: { code: 500, data: null, message: 'Something went wrong' } },
      { once: true },
    );
    api.on('get', LIST, () => ({ status: 200, body: ok(list) }));
    const { user } = renderApp({ route: '/privacy/grievance' });
    expect(await screen.findByText('We could not load your requests.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not raised a grievance yet.')).toBeInTheDocument();
  });
  it("in Hindi: the page and the shared schema's messages are in the reader's language", async () => {
    await act(() => setLanguage('hi', { persist: false }));
    const { user } = renderApp({ route: '/privacy/grievance' });
    expect(await screen.findByRole('heading', { name: 'शिकायत दर्ज करें' })).toBeInTheDocument();
    expect(screen.getByText(/90 दिनों के भीतर उत्तर मिलेगा/)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'शिकायत भेजें' }));
    expect(await screen.findByText('कम से कम 3 अक्षरों का विषय दें')).toBeInTheDocument();
    expect(screen.getByText('अपनी शिकायत कम से कम 10 अक्षरों में लिखें')).toBeInTheDocument();
    expect(api.callsTo('post', /grievances/)).toHaveLength(0);
  });
});
