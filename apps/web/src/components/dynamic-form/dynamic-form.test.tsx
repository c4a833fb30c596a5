import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DynamicInputField } from '@veridocs/shared';
import { setLanguage } from '../../i18n';
import { DynamicForm, type DynamicFormProps } from './dynamic-form';
import type { FieldRendererProps } from './types';

const field = (f: Partial<DynamicInputField> & Pick<DynamicInputField, 'fieldName'>): DynamicInputField => ({
  inputType: 'text',
  ...f,
});

function renderForm(inputs: DynamicInputField[], props: Partial<DynamicFormProps> = {}) {
  const onSubmit = vi.fn<NonNullable<DynamicFormProps['onSubmit']>>();
  const onValuesChange = vi.fn();
  const user = userEvent.setup();
  const utils = render(
    <DynamicForm sections={[{ inputs }]} onSubmit={onSubmit} onValuesChange={onValuesChange} {...props} />,
  );
  const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...utils, user, onSubmit, onValuesChange, submit };
}

describe('DynamicForm: text inputs (spec §5 "Text")', () => {
  it('labels from the field name, "(Optional)" when not required, required messages from fieldError', async () => {
    const { user, onSubmit, submit } = renderForm([
      field({ fieldName: 'instituteName', required: true }),
      field({ fieldName: 'rollNumber', label: 'Roll No.' }),
    ]);
    expect(screen.getByLabelText('Institute Name')).toBeInTheDocument();
    expect(screen.getByLabelText('Roll No. (Optional)')).toBeInTheDocument();
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    const input = screen.getByLabelText('Institute Name');
    expect(input).toHaveAccessibleDescription('Required');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    await user.type(input, 'IIT Delhi');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ instituteName: 'IIT Delhi' });
  });

  it('the "correct the highlighted fields" count follows the fixes after a submit attempt', async () => {
    const { user, submit } = renderForm([
      field({ fieldName: 'degreeName', required: true }),
      field({ fieldName: 'instituteId', required: true }),
    ]);
    await user.type(screen.getByLabelText('Degree Name'), 'B');
    await user.clear(screen.getByLabelText('Degree Name'));
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the 2 highlighted fields.');
    await user.type(screen.getByLabelText('Degree Name'), 'B.Tech');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted field.');
    await user.type(screen.getByLabelText('Institute Id'), '42');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('trims leading whitespace and ignores a lone space; keeps inner spaces', async () => {
    const { user, onValuesChange } = renderForm([field({ fieldName: 'name', required: true })]);
    const input = screen.getByLabelText('Name');
    await user.type(input, ' ');
    expect(input).toHaveValue('');
    await user.type(input, '  Asha Verma');
    expect(input).toHaveValue('Asha Verma');
    expect(onValuesChange).toHaveBeenLastCalledWith({ name: 'Asha Verma' });
  });

  it('number text type takes digits only, up to maxLength', async () => {
    const { user } = renderForm([
      field({ fieldName: 'pincode', textType: 'number', maxLength: 6, required: true }),
    ]);
    const input = screen.getByLabelText('Pincode');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await user.type(input, '56a0-0 0123');
    expect(input).toHaveValue('560001');
  });

  it('password has a show/hide toggle', async () => {
    const { user } = renderForm([field({ fieldName: 'portalPassword', textType: 'password' })]);
    const input = screen.getByLabelText('Portal Password (Optional)');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('runs the shared validation fn and shows its message', async () => {
    const { user, submit, onSubmit } = renderForm([
      field({ fieldName: 'website', validation: { fn: 'url', message: 'Enter a valid URL' } }),
    ]);
    await user.type(screen.getByLabelText('Website (Optional)'), 'example');
    await submit();
    expect(screen.getByLabelText('Website (Optional)')).toHaveAccessibleDescription('Enter a valid URL');
    await user.clear(screen.getByLabelText('Website (Optional)'));
    await user.type(screen.getByLabelText('Website (Optional)'), 'https://example.com');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ website: 'https://example.com' });
  });

  it('hideLabel keeps an accessible name; readOnly and profile fields are disabled; helper text is linked', () => {
    renderForm(
      [
        field({ fieldName: 'captchaText', hideLabel: true, required: true }),
        field({ fieldName: 'candidateName', required: true }),
        field({ fieldName: 'board', readOnly: true, helperText: 'As printed on the certificate' }),
      ],
      { readOnlyFields: ['candidateName'], defaultValues: { candidateName: 'Asha Verma' } },
    );
    const captcha = screen.getByRole('textbox', { name: 'Captcha Text' });
    expect(captcha).toHaveAttribute('placeholder', 'Enter value');
    expect(screen.queryByText('Captcha Text')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Candidate Name')).toBeDisabled();
    expect(screen.getByLabelText('Candidate Name')).toHaveValue('Asha Verma');
    expect(screen.getByLabelText('Board (Optional)')).toBeDisabled();
    expect(screen.getByLabelText('Board (Optional)')).toHaveAccessibleDescription(
      'As printed on the certificate',
    );
  });
});

describe('DynamicForm: rules re-evaluated on every change', () => {
  const degreeFields = [
    field({ fieldName: 'degreeStatus', inputType: 'select', optionsKey: 'DEGREE_STATUS', required: true }),
    field({ fieldName: 'marksheet', inputType: 'file', requiredFn: 'marksheetRequired' }),
    field({
      fieldName: 'supportingDocuments',
      inputType: 'file',
      requiredFn: 'supportingDocumentsRequired',
    }),
    field({
      fieldName: 'relievingDate',
      inputType: 'date',
      showWhen: { fieldName: 'degreeStatus', values: ['DEGREE_NOT_AWARDED'] },
    }),
  ];

  it('requiredFn toggles "(Optional)": DEGREE_ONLY_NO_MARKSHEET drops the marksheet requirement', async () => {
    const { user } = renderForm(degreeFields);
    expect(screen.getByRole('group', { name: 'Marksheet' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Supporting Documents (Optional)' })).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Degree Status' }));
    await user.click(screen.getByRole('option', { name: 'Degree available, no marksheets' }));
    expect(screen.getByRole('group', { name: 'Marksheet (Optional)' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Supporting Documents' })).toBeInTheDocument();
  });

  it('hideWhen hides a field for the named values (the degree marksheet without marksheets)', async () => {
    const { user, submit, onSubmit } = renderForm([
      degreeFields[0]!,
      field({
        fieldName: 'marksheet',
        label: 'Upload Education Marksheet',
        inputType: 'file',
        requiredFn: 'marksheetRequired',
        requiredMessage: 'Upload Education Marksheet',
        hideWhen: { fieldName: 'degreeStatus', values: ['DEGREE_ONLY_NO_MARKSHEET'] },
      }),
    ]);
    const group = screen.getByRole('group', { name: 'Upload Education Marksheet' });
    await user.click(screen.getByRole('combobox', { name: 'Degree Status' }));
    await user.click(screen.getByRole('option', { name: 'Degree and marksheets available' }));
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(group).toHaveAccessibleDescription('Upload Education Marksheet');
    await user.click(screen.getByRole('combobox', { name: 'Degree Status' }));
    await user.click(screen.getByRole('option', { name: 'Degree available, no marksheets' }));
    expect(screen.queryByRole('group', { name: /Upload Education Marksheet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET' });
  });

  it('showWhen shows a field only for the named values', async () => {
    const { user } = renderForm(degreeFields);
    expect(screen.queryByLabelText(/Relieving Date/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Degree Status' }));
    await user.click(screen.getByRole('option', { name: 'Degree not yet awarded' }));
    expect(screen.getByRole('textbox', { name: 'Relieving Date (Optional)' })).toBeInTheDocument();
  });

  it('file inputs render an honest placeholder until the documents feature plugs a renderer in', async () => {
    const { submit } = renderForm(degreeFields.slice(0, 2), {
      defaultValues: { degreeStatus: 'DEGREE_AND_MARKSHEET' },
    });
    const group = screen.getByRole('group', { name: 'Marksheet' });
    expect(within(group).getByText(/Uploads arrive with the documents feature/)).toBeInTheDocument();
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
    await submit();
    expect(group).toHaveAccessibleDescription('Required');
  });

  it('fieldRenderers replace the renderer of an inputType', async () => {
    // A file field holds uploaded files ({ fileId }), never a URL (the shared checkValue).
    const FILE_ID = '0d6b2f8e-8a51-4a0e-9a57-5b1c3f0e7d21';
    function FakeUpload({ accessibleLabel, onChange }: FieldRendererProps) {
      return (
        <button type="button" onClick={() => onChange({ fileId: FILE_ID })}>
          Upload {accessibleLabel}
        </button>
      );
    }
    const { user, submit, onSubmit } = renderForm(
      [field({ fieldName: 'marksheet', inputType: 'file', required: true })],
      { fieldRenderers: { file: FakeUpload } },
    );
    await user.click(screen.getByRole('button', { name: 'Upload Marksheet' }));
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ marksheet: { fileId: FILE_ID } });
  });

  it('shows the field errors onSubmit resolves to (the server) on the fields', async () => {
    const { user, submit, onSubmit } = renderForm([field({ fieldName: 'rollNumber', required: true })]);
    onSubmit.mockResolvedValueOnce({ rollNumber: 'Roll number not found at this institute' });
    await user.type(screen.getByLabelText('Roll Number'), '123');
    await submit();
    expect(screen.getByLabelText('Roll Number')).toHaveAccessibleDescription(
      'Roll number not found at this institute',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the highlighted field.');
  });
});

describe('DynamicForm: select and block inputs', () => {
  it('disabled options show their postfix, e.g. "(Coming Soon)"', async () => {
    const { user } = renderForm([
      field({
        fieldName: 'state',
        inputType: 'select',
        optionsKey: 'EWS_VERIFICATION_STATES',
        required: true,
      }),
    ]);
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    expect(screen.getByRole('option', { name: 'Assam (Coming Soon)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    const delhi = screen.getByRole('option', { name: 'Delhi' });
    expect(delhi).not.toHaveAttribute('aria-disabled');
    await user.click(delhi);
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveTextContent('Delhi');
  });

  it('block input: blockLength split into equal blocks, digits only, joined value', async () => {
    const { user, submit, onSubmit } = renderForm([
      field({ fieldName: 'aadhaarNumber', inputType: 'block', blockLength: 12, blocks: 3, required: true }),
    ]);
    const first = screen.getByLabelText('Aadhaar Number, block 1 of 3');
    expect(screen.getByRole('group', { name: 'Aadhaar Number' })).toBeInTheDocument();
    await user.click(first);
    await user.keyboard('1234x5678');
    expect(first).toHaveValue('1234');
    expect(screen.getByLabelText('Aadhaar Number, block 2 of 3')).toHaveValue('5678');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Aadhaar Number' })).toHaveAccessibleDescription(
      'Enter all 12 digits',
    );
    await user.click(screen.getByLabelText('Aadhaar Number, block 3 of 3'));
    await user.keyboard('9012');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ aadhaarNumber: '123456789012' });
  });
});

describe('DynamicForm: dates (spec §5 "Dates")', () => {
  const now = () => new Date(2024, 5, 15, 10, 0, 0);
  const dob = field({ fieldName: 'dateOfBirth', inputType: 'date', required: true });

  it('takes dd-MM-yyyy and stores yyyy-MM-dd', async () => {
    const { user, submit, onSubmit } = renderForm([dob], { now });
    const input = screen.getByRole('textbox', { name: 'Date of Birth' });
    await user.type(input, '15-08-1998');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ dateOfBirth: '1998-08-15' });
  });

  it('also takes yyyy-MM-dd pasted, shown as dd-MM-yyyy once the field is left', async () => {
    const { user, submit, onSubmit } = renderForm([dob], { now });
    const input = screen.getByRole('textbox', { name: 'Date of Birth' });
    await user.click(input);
    await user.paste('1998-08-15');
    await user.tab();
    expect(input).toHaveValue('15-08-1998');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ dateOfBirth: '1998-08-15' });
  });

  it('refuses a future date, an impossible day and a date outside 1900..2099', async () => {
    const { user, submit, onSubmit } = renderForm([dob], { now });
    const input = screen.getByRole('textbox', { name: 'Date of Birth' });
    await user.type(input, '16-06-2024');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveAccessibleDescription('Date cannot be in the future');
    await user.clear(input);
    await user.type(input, '31-02-2000');
    expect(input).toHaveAccessibleDescription('Enter a valid date as DD-MM-YYYY');
    await user.clear(input);
    await user.type(input, '31-12-1899');
    expect(input).toHaveAccessibleDescription('Enter a date between 01-01-1900 and 31-12-2099');
    await user.clear(input);
    await user.type(input, '15-06-2024');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ dateOfBirth: '2024-06-15' });
  });

  it('opens the calendar on the year view', async () => {
    const { user } = renderForm([dob], { defaultValues: { dateOfBirth: '1998-08-15' }, now });
    expect(screen.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('15-08-1998');
    await user.click(screen.getByRole('button', { name: 'Choose Date of Birth from a calendar' }));
    const dialog = await screen.findByRole('dialog');
    const year = within(dialog).getByRole('radio', { name: '1998' });
    expect(year).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: '2001' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'March' }));
    await user.click(await within(dialog).findByRole('gridcell', { name: '7' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('07-03-2001'),
    );
  });

  it('honours disablePast and maxDate, by day', async () => {
    const { user, submit } = renderForm(
      [field({ fieldName: 'joiningDate', inputType: 'date', disablePast: true, maxDate: '2024-12-31' })],
      { now },
    );
    const input = screen.getByRole('textbox', { name: 'Joining Date (Optional)' });
    await user.type(input, '14-06-2024');
    await submit();
    expect(input).toHaveAccessibleDescription('Date cannot be in the past');
    await user.clear(input);
    await user.type(input, '01-01-2025');
    expect(input).toHaveAccessibleDescription('Date must be on or before 31-12-2024');
  });
});

describe('DynamicForm in Hindi', () => {
  it('says its own texts and the shared rules’ messages in Hindi; the config’s labels stay as given', async () => {
    await act(() => setLanguage('hi', { persist: false }));
    try {
      const user = userEvent.setup();
      render(
        <Suspense fallback={null}>
          <DynamicForm
            sections={[
              {
                inputs: [
                  field({ fieldName: 'instituteName', required: true }),
                  field({ fieldName: 'rollNumber', label: 'Roll No.' }),
                  field({ fieldName: 'dateOfBirth', inputType: 'date', required: true }),
                  field({
                    fieldName: 'currentlyWorking',
                    inputType: 'select',
                    optionsKey: 'YES_NO',
                    required: true,
                  }),
                ],
              },
            ]}
            onSubmit={vi.fn()}
            now={() => new Date(2026, 10, 26)}
          />
        </Suspense>,
      );
      // The pickers' Hindi (date-fns' month names) loads first.
      expect(await screen.findByLabelText('Roll No. (वैकल्पिक)')).toBeInTheDocument();
      const dob = screen.getByRole('textbox', { name: 'जन्म तिथि' });
      await user.type(dob, '01-01-2030');
      await user.click(screen.getByRole('button', { name: 'जमा करें' }));
      expect(screen.getByLabelText('Institute Name')).toHaveAccessibleDescription('ज़रूरी');
      expect(dob).toHaveAccessibleDescription('तारीख़ भविष्य की नहीं हो सकती');
      expect(screen.getByRole('alert')).toHaveTextContent('कृपया लाल रंग से दिखाए गए 3 फ़ील्ड ठीक करें।');
      await user.click(screen.getByRole('combobox', { name: 'Currently Working' }));
      expect(await screen.findByRole('option', { name: 'हाँ' })).toBeInTheDocument();
      expect(screen.getByRole('option', { name: 'नहीं' })).toBeInTheDocument();
      await user.keyboard('{Escape}');
      await user.click(screen.getByRole('button', { name: 'कैलेंडर से जन्म तिथि चुनें' }));
      const calendar = await screen.findByRole('dialog');
      await user.click(within(calendar).getByRole('radio', { name: '2001' }));
      expect(await within(calendar).findByRole('radio', { name: 'मार्च' })).toBeInTheDocument();
    } finally {
      await act(() => setLanguage('en', { persist: false }));
    }
  });
});
