import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DynamicInputField } from '@veridocs/shared';
import { configureApiClient } from '../../lib/api-client';
import { makeAccessToken, ok } from '../../test/fixtures';
import { mockApi, type MockApi, type RecordedCall } from '../../test/mock-api';
import { DynamicForm } from './dynamic-form';

let api: MockApi;
beforeEach(() => {
  api = mockApi();
  configureApiClient({
    getTokens: () => ({ accessToken: makeAccessToken(), refreshToken: 'refresh-1' }),
    endSession: () => undefined,
  });
});
afterEach(() => api.restore());

const institute: DynamicInputField = {
  fieldName: 'instituteName',
  inputType: 'autocomplete',
  autocompleteSource: '/institutes',
  allowManual: true,
  required: true,
};

const query = (call: RecordedCall | undefined) => new URLSearchParams(call?.url.split('?')[1] ?? '');
const names = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({ name: `Institute ${from + i}`, value: `i-${from + i}` }));

function renderDropdown(field: DynamicInputField = institute, defaultValues?: Record<string, unknown>) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<DynamicForm sections={[{ inputs: [field] }]} onSubmit={onSubmit} defaultValues={defaultValues} />);
  return { user, onSubmit, input: () => screen.getByRole('combobox', { name: 'Institute Name' }) };
}

describe('DynamicForm: searchable dropdown (spec §7, §9)', () => {
  it('loads 50 per page when opened ("Loading..." meanwhile) and the next page at the bottom of the list', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on('get', '/api/utility/institutes', async (call) => {
      const seed = Number(query(call).get('seed'));
      if (seed === 0) await gate;
      return { status: 200, body: ok({ list: names(seed, Math.min(seed + 50, 120)), total: 120 }) };
    });
    const { user, input, onSubmit } = renderDropdown();
    await user.click(input());
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    release();
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(50));
    expect(listbox).toHaveStyle({ maxHeight: '45vh' });
    const first = query(api.callsTo('get', '/api/utility/institutes')[0]);
    expect(Object.fromEntries(first)).toEqual({ seed: '0', count: '50', sort: 'name', order: '1' });

    Object.defineProperties(listbox, {
      scrollHeight: { configurable: true, value: 2000 },
      clientHeight: { configurable: true, value: 400 },
      scrollTop: { configurable: true, writable: true, value: 1595 },
    });
    fireEvent.scroll(listbox);
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(100));
    expect(query(api.callsTo('get', '/api/utility/institutes')[1]).get('seed')).toBe('50');

    await user.click(within(listbox).getByRole('option', { name: 'Institute 57' }));
    expect(input()).toHaveValue('Institute 57');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ instituteName: { value: 'i-57', name: 'Institute 57' } });
  });

  it('shows where an entry is under its name; the stored value stays { value, name }', async () => {
    api.on('get', '/api/utility/institutes', () => ({
      status: 200,
      body: ok({
        list: [
          { name: 'Amity University', value: 'amity-university', state: 'Bihar', city: null },
          {
            name: 'Amity University',
            value: 'amity-university-noida',
            state: 'Uttar Pradesh',
            city: 'Noida',
          },
        ],
        total: 2,
      }),
    }));
    const { user, input, onSubmit } = renderDropdown();
    await user.click(input());
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByText('Noida, Uttar Pradesh')).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: /Noida, Uttar Pradesh/ }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      instituteName: { value: 'amity-university-noida', name: 'Amity University' },
    });
  });

  it('searches 700 ms after the last keystroke; "No options" when nothing matches', async () => {
    api.on('get', '/api/utility/institutes', (call) => {
      const search = query(call).get('search');
      return { status: 200, body: ok(search ? { list: [], total: 0 } : { list: names(0, 3), total: 3 }) };
    });
    const { user, input } = renderDropdown();
    await user.click(input());
    await screen.findByRole('option', { name: 'Institute 0' });
    const before = api.callsTo('get', '/api/utility/institutes').length;
    const typedAt = Date.now();
    await user.keyboard('zzq');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('get', '/api/utility/institutes')).toHaveLength(before);
    await waitFor(() => expect(api.callsTo('get', '/api/utility/institutes')).toHaveLength(before + 1));
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(650);
    const last = api.callsTo('get', '/api/utility/institutes').at(-1);
    expect(query(last).get('search')).toBe('zzq');
    expect(await screen.findByText('No options')).toBeInTheDocument();
  });

  it('a failed source offers one option named "Other"', async () => {
    api.on('get', '/api/utility/institutes', { status: 500, body: { code: 1, data: null, message: 'boom' } });
    const { user, input, onSubmit } = renderDropdown();
    await user.click(input());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Other']);
    await user.click(options[0]!);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ instituteName: { value: 'Other', name: 'Other' } });
  });

  it('"Unable to find {label}?" switches to a text input with "Enter manually", and back', async () => {
    api.on('get', '/api/utility/institutes', { status: 200, body: ok({ list: [], total: 0 }) });
    const { user, onSubmit } = renderDropdown();
    expect(screen.getByText('Unable to find Institute Name?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    const text = screen.getByRole('textbox', { name: 'Institute Name' });
    await user.type(text, '  St. Xavier College');
    expect(text).toHaveValue('St. Xavier College');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({
      instituteName: { manual: true, name: 'St. Xavier College' },
    });
    await user.click(screen.getByRole('button', { name: 'Select from options' }));
    expect(screen.getByRole('combobox', { name: 'Institute Name' })).toHaveValue('St. Xavier College');
    expect(api.calls.every((call) => call.url.startsWith('/api/utility/institutes'))).toBe(true);
  });

  it('"Enter manually" cleans like a text input: a lone space ignored, capped at maxLength, shown at once', async () => {
    api.on('get', '/api/utility/institutes', { status: 200, body: ok({ list: [], total: 0 }) });
    const { user, onSubmit } = renderDropdown({ ...institute, maxLength: 5 });
    await user.click(screen.getByRole('button', { name: 'Enter manually' }));
    const text = screen.getByRole('textbox', { name: 'Institute Name' });
    await user.type(text, ' ');
    expect(text).toHaveValue('');
    await user.type(text, 'ABCDEFG');
    expect(text).toHaveValue('ABCDE');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ instituteName: { manual: true, name: 'ABCDE' } });
  });

  it('stores the entry’s id with its name (the server checks the id), and restores saved values', async () => {
    const chosen = renderDropdown(institute, { instituteName: { value: 'i-3', name: 'Institute 3' } });
    expect(chosen.input()).toHaveValue('Institute 3');
    await chosen.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(chosen.onSubmit).toHaveBeenCalledWith({ instituteName: { value: 'i-3', name: 'Institute 3' } });
  });

  it('a saved typed entry opens as typed text', () => {
    renderDropdown(institute, { instituteName: { manual: true, name: 'My College' } });
    expect(screen.getByRole('textbox', { name: 'Institute Name' })).toHaveValue('My College');
  });
});
