import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ALERT_KEYS,
  FIELD_TEXT,
  HELPER_TEXT_KEYS,
  OPTION_SETS,
  REQUIRED_FNS,
  VALIDATION_FNS,
  isFieldRequired,
  type DynamicInputField,
} from '@veridocs/shared';
import { DynamicForm } from './dynamic-form';
import { ALERTS, HELPER_TEXTS, alertFor, helperTextFor, optionsFor } from './registries';
import { buildFormSchema } from './schema';

const VALUE_SETS = [
  { degreeStatus: 'DEGREE_ONLY_NO_MARKSHEET', currentlyWorking: 'yes' },
  { degreeStatus: 'DEGREE_AND_MARKSHEET', currentlyWorking: 'no' },
];

describe('registries cover every shared key', () => {
  it('every requiredFn is handled, and the engine follows it', () => {
    for (const key of Object.keys(REQUIRED_FNS)) {
      const field: DynamicInputField = { fieldName: 'x', inputType: 'text', requiredFn: key };
      const schema = buildFormSchema([field]);
      for (const values of VALUE_SETS) {
        const fn = REQUIRED_FNS[key as keyof typeof REQUIRED_FNS];
        expect(isFieldRequired(field, values)).toBe(fn(values));
        expect(schema.safeParse(values).success, `${key} ${JSON.stringify(values)}`).toBe(!fn(values));
      }
    }
  });

  it('every validation fn is handled: a bad value gets the config message', () => {
    for (const key of Object.keys(VALIDATION_FNS)) {
      const schema = buildFormSchema([
        { fieldName: 'x', inputType: 'text', validation: { fn: key, message: `bad ${key}` } },
      ]);
      const result = schema.safeParse({ x: '@@not valid@@' });
      expect(result.success, key).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(`bad ${key}`);
    }
  });

  it('every option set gives options', () => {
    for (const key of Object.keys(OPTION_SETS)) {
      expect(optionsFor({ optionsKey: key }).length, key).toBeGreaterThan(0);
    }
    expect(optionsFor({ optionsKey: 'INDIAN_STATE' })).toContainEqual({ name: 'Kerala', value: 'Kerala' });
  });

  it('every helper text and alert key has a component', () => {
    expect(Object.keys(HELPER_TEXTS).sort()).toEqual([...HELPER_TEXT_KEYS].sort());
    expect(Object.keys(ALERTS).sort()).toEqual([...ALERT_KEYS].sort());
    for (const key of HELPER_TEXT_KEYS) expect(helperTextFor(key), key).not.toBeNull();
    for (const key of ALERT_KEYS) expect(alertFor(key), key).not.toBeNull();
  });

  it('renders the degree instructions, the institute ID hint and both alerts', () => {
    const inputs: DynamicInputField[] = [
      {
        fieldName: 'marksheet',
        inputType: 'file',
        helperTextJSXKey: 'DEGREE_INSTRUCTIONS',
        alert: { componentKey: 'DEGREE' },
      },
      {
        fieldName: 'candidateId',
        inputType: 'text',
        helperTextJSXKey: 'INSTITUTE_ID_HINT',
        alert: { componentKey: 'LOA' },
      },
    ];
    const { rerender } = render(
      <DynamicForm sections={[{ inputs }]} context={{ marksheetRequired: false }} />,
    );
    for (const line of FIELD_TEXT.degreeInstructions) expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByText(FIELD_TEXT.degreeUnavailable)).toBeInTheDocument();
    expect(screen.getByLabelText('Candidate Id (Optional)')).toHaveAccessibleDescription(
      FIELD_TEXT.instituteIdHint,
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getByText('Letter of authorisation')).toBeInTheDocument();
    // The "degree unavailable" line is hidden when a marksheet is required.
    rerender(<DynamicForm sections={[{ inputs }]} context={{ marksheetRequired: true }} />);
    expect(screen.queryByText(FIELD_TEXT.degreeUnavailable)).not.toBeInTheDocument();
  });

  it('unknown keys in a config are ignored: the field still renders and works', async () => {
    const user = userEvent.setup();
    const inputs: DynamicInputField[] = [
      {
        fieldName: 'mystery',
        inputType: 'text',
        requiredFn: 'noSuchRule',
        helperTextJSXKey: 'NO_SUCH_HELPER',
        validation: { fn: 'noSuchFn', message: 'never shown' },
      },
      { fieldName: 'grade', inputType: 'select', optionsKey: 'NO_SUCH_SET' },
      { fieldName: 'college', inputType: 'autocomplete' },
    ];
    const submitted: unknown[] = [];
    render(<DynamicForm sections={[{ inputs }]} onSubmit={(values) => void submitted.push(values)} />);
    expect(alertFor('NOPE')).toBeNull();
    expect(helperTextFor(undefined)).toBeNull();
    await user.type(screen.getByLabelText('Mystery (Optional)'), 'anything');
    expect(screen.getByRole('combobox', { name: 'Grade (Optional)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('College (Optional)'), 'Free text');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(submitted).toEqual([{ mystery: 'anything', college: 'Free text' }]);
  });
});
