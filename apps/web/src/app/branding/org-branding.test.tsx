import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setShowInitScreen } from '../store/slices/form-data-slice';
import { setSearchedQuery } from '../store/slices/misc-slice';
import { makeProfile, makeSession, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { createTestApp, renderApp } from '../../test/render';
import {
  FORM_ID,
  ORG_ID,
  TXN_ID,
  V1,
  makeInfo,
  makeOrg,
  makeVerification,
} from '../../features/ekyc/journey-fixtures';

let api: MockApi;
let org = makeOrg();
const BRAND_HEX = '#0f6e63';
const fill = (el: Element) => getComputedStyle(el).getPropertyValue('--variant-containedBg').trim();

beforeEach(() => {
  api = mockApi();
  api.on('get', '/api/web-wallet/profile', { status: 200, body: ok(makeProfile()) });
  api.on('post', '/api/web-wallet/profile/logout', { status: 200, body: ok(null) });
  api.on('get', `${V1}/verifier/${ORG_ID}`, () => ({ status: 200, body: ok(org) }));
  api.on('get', `${V1}/transactions/info`, {
    status: 200,
    body: ok(makeInfo([makeVerification('bgv-degree'), makeVerification('bgv-tenth')])),
  });
  storeSession(makeSession());
});
afterEach(() => api.restore());

/** The form home of an opened form, past the start screen. */
function openFormHome() {
  const app = createTestApp();
  app.store.dispatch(
    setSearchedQuery({ pathname: `/ekyc/${FORM_ID}/${TXN_ID}`, search: `?orgId=${ORG_ID}` }),
  );
  app.store.dispatch(setShowInitScreen(false));
  return renderApp({ app, route: `/ekyc/${FORM_ID}/${TXN_ID}?orgId=${ORG_ID}` });
}

describe("the organisation's branding beyond the start screen (issue 28)", () => {
  it('brands the form home with its colour on the primary buttons, and no header to move its heading', async () => {
    org = makeOrg({
      displayName: 'Acme Admissions',
      imageUrl: 'https://cdn.example/acme.png',
      primaryColor: '#0f6e63',
    });
    openFormHome();
    const primary = await waitFor(() => {
      const buttons = [...document.querySelectorAll('.MuiButton-contained.MuiButton-colorPrimary')];
      expect(buttons.length).toBeGreaterThan(0);
      return buttons;
    });
    // MUI paints a contained button through its variable.
    for (const button of primary) expect(fill(button)).toBe(BRAND_HEX);
    // The prerendered form home keeps its heading where the HTML drew it (e2e/prerender.spec.ts).
    expect(screen.queryByTestId('org-branding')).toBeNull();
  });

  it('keeps the app’s colour, with the name only, when the organisation chose no colour or logo', async () => {
    org = makeOrg({ displayName: 'Acme Admissions' });
    openFormHome();
    await waitFor(() =>
      expect(document.querySelectorAll('.MuiButton-contained.MuiButton-colorPrimary').length).toBeGreaterThan(
        0,
      ),
    );
    for (const button of document.querySelectorAll('.MuiButton-contained.MuiButton-colorPrimary'))
      expect(fill(button)).toBe('#1d4e89');
  });
});
