import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ORG_API_PATHS as P, type OrgBrandingView, type OrgNotificationSettings } from '@veridocs/shared';
import { mockApi, okReply } from '../../test/mock-api';
import { OWNER, renderPortal, signIn } from '../../test/render';

const BRANDING: OrgBrandingView = {
  displayName: 'Acme University',
  primaryColor: '#1d4e89',
  imageUrl: null,
  custom: false,
};
const NOTIFY: OrgNotificationSettings = {
  email: null,
  onActionRequired: true,
  onFinished: true,
  dailyDigest: false,
};

function mockSettings() {
  let branding = BRANDING;
  return mockApi()
    .on('get', P.branding, () => okReply(branding))
    .on('get', P.notificationSettings, okReply(NOTIFY))
    .on('put', P.branding, (c) => okReply({ ...BRANDING, ...(c.body as object), custom: true }))
    .on('put', P.notificationSettings, (c) => okReply(c.body))
    .on('post', P.brandingLogo, () => {
      branding = { ...branding, imageUrl: '/api/org-logos/acme/abc.png' };
      return okReply(branding);
    });
}

describe('the settings page (owner)', () => {
  it('previews the colour live and refuses one under 4.5:1 before saving', async () => {
    signIn(OWNER);
    const api = mockSettings();
    renderPortal('/settings');
    const colour = await screen.findByLabelText('Primary colour (#RRGGBB)');
    expect(screen.getByText(/Contrast with white text: 8\.\d\d:1/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save branding' });
    fireEvent.change(colour, { target: { value: '#FFEB3B' } });
    expect(screen.getByText(/Too light/)).toBeInTheDocument();
    expect(save).toBeDisabled();
    expect(screen.getByTestId('branding-preview-header')).toHaveStyle({
      backgroundColor: 'rgb(255, 235, 59)',
    });
    fireEvent.change(colour, { target: { value: '#0F6E63' } });
    expect(save).toBeEnabled();
    expect(screen.getByTestId('branding-preview-header')).toHaveStyle({
      backgroundColor: 'rgb(15, 110, 99)',
    });
    const user = userEvent.setup();
    const name = screen.getByLabelText('Display name');
    await user.clear(name);
    await user.type(name, 'Acme Admissions');
    expect(screen.getByTestId('branding-preview-header')).toHaveTextContent('Acme Admissions');
    await user.click(save);
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(api.callsTo('put', P.branding)[0]?.body).toEqual({
      displayName: 'Acme Admissions',
      primaryColor: '#0F6E63',
    });
  });

  it('uploads a logo as multipart', async () => {
    signIn(OWNER);
    const api = mockSettings();
    renderPortal('/settings');
    await screen.findByText('No logo yet.');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup();
    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Acme University logo' })).toBeInTheDocument();
    const body = api.callsTo('post', P.brandingLogo)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('saves the notification settings; an empty e-mail means the owners', async () => {
    signIn(OWNER);
    const api = mockSettings();
    renderPortal('/settings');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/A daily digest/));
    await user.click(screen.getByLabelText(/When a candidate finishes/));
    await user.click(screen.getByRole('button', { name: 'Save e-mail settings' }));
    expect(await screen.findAllByText('Saved.')).not.toHaveLength(0);
    expect(api.callsTo('put', P.notificationSettings)[0]?.body).toEqual({
      email: null,
      onActionRequired: true,
      onFinished: false,
      dailyDigest: true,
    });
  });
});
