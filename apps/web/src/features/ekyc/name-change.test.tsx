import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setShowInitScreen } from '../../app/store/slices/form-data-slice';
import { setSearchedQuery } from '../../app/store/slices/misc-slice';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp, renderApp } from '../../test/render';
import { FORM_ID, ORG_ID, TXN_ID, V1, makeInfo, makeVerification } from './journey-fixtures';

let api: MockApi;
const route = `/ekyc/${FORM_ID}/${TXN_ID}?orgId=${ORG_ID}`;
const journey = [makeVerification('bgv-degree'), makeVerification('aadhaar', { state: 'COMPLETED' })];

beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
});
afterEach(() => api.restore());

function open(verifiedName: string | null, requested = false) {
  api.on('get', '/api/web-wallet/profile', {
    status: 200,
    body: ok(makeProfile({ profileDetails: { name: 'Asha Verma' }, verifiedName })),
  });
  api.on('get', `${V1}/transactions/info`, {
    status: 200,
    body: ok({ ...makeInfo(journey), nameChangeRequest: { requested } }),
  });
  const app = createTestApp();
  app.store.dispatch(
    setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
  );
  app.store.dispatch(setShowInitScreen(false));
  return renderApp({ app, route });
}

describe('the name change request on the form (spec §2 dialog, §5)', () => {
  it('offers it when the verified name differs; the dialog needs a document proof', async () => {
    const { user } = open('Asha Rani Verma');
    const notice = await screen.findByText(
      'The name on your verified identity (Asha Rani Verma) differs from your profile name (Asha Verma).',
    );
    expect(notice).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request name change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a name change' });
    expect(within(dialog).getByText(/Click to upload file/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    expect(await within(dialog).findByText('Upload document proof')).toBeInTheDocument();
    expect(api.callsTo('post', `${V1}/transactions/name-change-request`)).toHaveLength(0);
  });

  it('says nothing when the names agree', async () => {
    open('asha verma');
    expect(
      await screen.findByRole('heading', { name: /is requesting the following verifications/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request name change' })).not.toBeInTheDocument();
  });

  it('shows the filed request as its state', async () => {
    open('Asha Rani Verma', true);
    expect(await screen.findByText('Name change requested')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request name change' })).not.toBeInTheDocument();
  });
});
