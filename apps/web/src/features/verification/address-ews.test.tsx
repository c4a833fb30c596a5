import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DynamicInputField, VerificationInfo } from '@veridocs/shared';
import { fail, makeSession, makeVerificationInfo, ok, storeSession } from '../../test/fixtures';
import { mockApi, type MockApi } from '../../test/mock-api';
import { renderWithProviders } from '../../test/render';
import VerificationPage from './verification-page';
import VerificationInfoPage from './verification-info-page';

/**
 * Issue 12: the address form fills district and state from its pincode (the form engine's `lookup`),
 * and the EWS form lists the states it cannot take yet, disabled, "(Coming Soon)".
 */
const V1 = '/api/verification/v1';
const BGV_PATH = `${V1}/bgv`;
const PINCODE = (pin: string) => `/api/utility/pincode/${pin}`;
const ORG = { orgId: 'org-1', name: 'acme', displayName: 'Acme Corp', imageUrl: null, additionalDetail: {} };

const addressInputs: DynamicInputField[] = [
  {
    fieldName: 'pincode',
    label: 'Pincode',
    inputType: 'text',
    textType: 'number',
    maxLength: 6,
    required: true,
    requiredMessage: 'Pincode must not be empty',
    validation: { fn: 'pincode', message: 'Pincode must be 6 digits' },
    lookup: 'PINCODE',
  },
  { fieldName: 'line1', label: 'Line 1', inputType: 'text', maxLength: 120, required: true },
  { fieldName: 'landmark', label: 'Landmark', inputType: 'text', maxLength: 120 },
  { fieldName: 'vtc', label: 'Village / town / city', inputType: 'text', maxLength: 120, required: true },
  { fieldName: 'district', label: 'District', inputType: 'text', maxLength: 120, required: true },
  {
    fieldName: 'state',
    label: 'State',
    inputType: 'select',
    optionsKey: 'INDIAN_STATE',
    required: true,
    requiredMessage: 'State must not be empty',
  },
];

const ewsInputs: DynamicInputField[] = [
  {
    fieldName: 'state',
    label: 'Issuing state',
    inputType: 'select',
    optionsKey: 'EWS_VERIFICATION_STATES',
    required: true,
  },
  { fieldName: 'certificateNumber', label: 'Certificate number', inputType: 'text', required: true },
];

function info(name: string, inputs: DynamicInputField[], extra: Partial<VerificationInfo> = {}) {
  const base = makeVerificationInfo({ name, label: name, pageTitle: 'Details', inputs });
  return { ...base, data: {}, ...extra };
}

const found = { pincode: '600002', district: 'Chennai', state: 'Tamil Nadu', offices: ['Anna Road HO'] };

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  storeSession(makeSession());
  api.on('get', `${V1}/verifier/org-1`, { status: 200, body: ok(ORG) });
});
afterEach(() => api.restore());

describe('address: the pincode look-up (form engine `lookup: PINCODE`)', () => {
  it('a complete pincode fills district, state (an option of the select) and the only town; saved with it', async () => {
    const address = info('bgv-address', addressInputs);
    api.on('get', `${V1}/transactions/bgv-address/info`, { status: 200, body: ok(address) });
    api.on('get', PINCODE('600002'), { status: 200, body: ok(found) });
    api.on('put', BGV_PATH, { status: 200, body: ok(address) });
    const { user } = renderWithProviders(<VerificationPage />, {
      route: '/verification?orgId=org-1&txnId=txn-1&name=bgv-address',
    });
    const pincode = await screen.findByLabelText('Pincode');
    // Digits only, at most 6; nothing is looked up before the sixth.
    await user.type(pincode, '60a000');
    expect(pincode).toHaveValue('60000');
    expect(api.callsTo('get', PINCODE('60000'))).toHaveLength(0);
    await user.type(pincode, '27');
    expect(pincode).toHaveValue('600002');

    expect(await screen.findByText('District and state filled from pincode 600002')).toBeInTheDocument();
    expect(screen.getByLabelText('District')).toHaveValue('Chennai');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Tamil Nadu');
    expect(screen.getByLabelText('Village / town / city')).toHaveValue('Anna Road HO');
    expect(api.callsTo('get', PINCODE('600002'))).toHaveLength(1);

    // A slow machine may save the half-typed state first ({}: an incomplete pincode is not saved); the
    // last save carries the looked-up values.
    await waitFor(
      () => {
        const last = api.callsTo('put', BGV_PATH).at(-1)?.body as
          { data: Record<string, unknown> } | undefined;
        expect(last?.data).toEqual({
          pincode: '600002',
          district: 'Chennai',
          state: 'Tamil Nadu',
          vtc: 'Anna Road HO',
        });
      },
      { timeout: 5000 },
    );

    // The filled values are the candidate's to change.
    await user.clear(screen.getByLabelText('District'));
    await user.type(screen.getByLabelText('District'), 'Chennai Central');
    expect(screen.getByLabelText('District')).toHaveValue('Chennai Central');
  });

  it('an unknown pincode says so and fills nothing; a resumed pincode is not looked up again', async () => {
    const address = info('bgv-address', addressInputs, {
      data: { pincode: '110001', district: 'My district', state: 'Delhi' },
    });
    api.on('get', `${V1}/transactions/bgv-address/info`, { status: 200, body: ok(address) });
    api.on('get', PINCODE('000000'), { status: 404, body: fail(101, 'No post office has this pincode') });
    api.on('put', BGV_PATH, { status: 200, body: ok(address) });
    const { user } = renderWithProviders(<VerificationPage />, {
      route: '/verification?orgId=org-1&txnId=txn-1&name=bgv-address',
    });
    const pincode = await screen.findByLabelText('Pincode');
    expect(pincode).toHaveValue('110001');
    expect(screen.getByLabelText('District')).toHaveValue('My district');
    expect(api.callsTo('get', /\/pincode\//)).toHaveLength(0);

    await user.clear(pincode);
    await user.type(pincode, '000000');
    expect(await screen.findByText('No post office has this pincode')).toBeInTheDocument();
    expect(screen.getByLabelText('District')).toHaveValue('My district');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Delhi');
  });

  it('read-only (/verification-info): the address as submitted, no look-up', async () => {
    const address = info('bgv-address', addressInputs, {
      data: {
        pincode: '600002',
        line1: '12, Anna Salai',
        vtc: 'Chennai',
        district: 'Chennai',
        state: 'Tamil Nadu',
      },
    });
    address.verification = { ...address.verification, state: 'COMPLETED', category: { name: 'Address' } };
    api.on('get', `${V1}/transactions/bgv-address/info`, { status: 200, body: ok(address) });
    renderWithProviders(<VerificationInfoPage />, {
      route: '/verification-info?orgId=org-1&txnId=txn-1&name=bgv-address',
    });
    expect(await screen.findByLabelText('Pincode')).toHaveValue('600002');
    expect(screen.getByLabelText('Pincode')).toBeDisabled();
    expect(screen.getByLabelText('Line 1')).toHaveValue('12, Anna Salai');
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(api.callsTo('get', /\/pincode\//)).toHaveLength(0);
  });
});

describe('EWS certificate: enabled states only (spec §5)', () => {
  it('read-only (/verification-info): the state code shows as its name', async () => {
    const ews = info('bgv-ews', ewsInputs, {
      data: { state: 'HR', certificateNumber: 'EWS/2025/HR/004512' },
    });
    ews.verification = { ...ews.verification, state: 'FAILED', category: { name: 'Finance' } };
    api.on('get', `${V1}/transactions/bgv-ews/info`, { status: 200, body: ok(ews) });
    renderWithProviders(<VerificationInfoPage />, {
      route: '/verification-info?orgId=org-1&txnId=txn-1&name=bgv-ews',
    });
    const state = await screen.findByRole('combobox', { name: 'Issuing state' });
    expect(state).toHaveTextContent('Haryana');
    expect(state).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('Certificate number')).toHaveValue('EWS/2025/HR/004512');
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });

  it('lists every state; the others are disabled with "(Coming Soon)"', async () => {
    const ews = info('bgv-ews', ewsInputs);
    api.on('get', `${V1}/transactions/bgv-ews/info`, { status: 200, body: ok(ews) });
    api.on('put', BGV_PATH, { status: 200, body: ok(ews) });
    const { user } = renderWithProviders(<VerificationPage />, {
      route: '/verification?orgId=org-1&txnId=txn-1&name=bgv-ews',
    });
    await user.click(await screen.findByRole('combobox', { name: 'Issuing state' }));
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(36);
    const enabled = within(list)
      .getAllByRole('option')
      .filter((o) => o.getAttribute('aria-disabled') !== 'true')
      .map((o) => o.textContent);
    expect(enabled).toEqual([
      'Andhra Pradesh',
      'Bihar',
      'Chhattisgarh',
      'Delhi',
      'Haryana',
      'Kerala',
      'Odisha',
      'Punjab',
      'Rajasthan',
      'Tamil Nadu',
      'Telangana',
    ]);
    expect(within(list).getByRole('option', { name: 'Uttar Pradesh (Coming Soon)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(list).getByRole('option', { name: 'Haryana' }));
    await waitFor(() => expect(api.callsTo('put', BGV_PATH).length).toBeGreaterThan(0), { timeout: 3000 });
    // The value is the state's code (spec §3: EWS_VERIFICATION_STATES values are codes).
    expect((api.callsTo('put', BGV_PATH).at(-1)?.body as { data: unknown }).data).toEqual({ state: 'HR' });
  });
});
