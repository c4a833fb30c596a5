import Box from '@mui/material/Box';
import { idFormatFor, type DynamicInputField, type FormValues } from '@veridocs/shared';
import { useT } from '../../i18n';
import { useRulesT } from '../../lib/content/rules/rule-text';
import { dynamicFormCatalog } from './dynamic-form-catalog';
import type { DynamicFormContextValue } from './types';

export interface HelperTextProps {
  context: DynamicFormContextValue;
  /** The field the text is under, and the form's values (a hint may follow another field). */
  field?: DynamicInputField | undefined;
  values?: FormValues | undefined;
}

/** Degree upload instructions (spec §5); the "degree unavailable" line is hidden when a marksheet is required. */
export function DegreeInstructions({ context }: HelperTextProps) {
  // FIELD_TEXT of packages/shared, in the reader's language.
  const t = useRulesT();
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        <li>{t('degreeScans')}</li>
        <li>{t('degreeMerge')}</li>
        {context.marksheetRequired ? null : <li>{t('degreeUnavailable')}</li>}
      </Box>
    </Box>
  );
}

/**
 * Where to find the institute's candidate identifier (spec §5), with the chosen institute's format
 * when its config has one (candidateIdSchemaByInstitute).
 */
export function InstituteIdHint({ field, values }: HelperTextProps) {
  const t = useRulesT();
  const tf = useT(dynamicFormCatalog);
  const format = field && values ? idFormatFor(field, values) : null;
  return (
    <>
      {format && (
        <Box component="span" sx={{ display: 'block', fontWeight: 600 }} data-testid="id-format-hint">
          {tf('idFormatHint', { format })}
        </Box>
      )}
      {t('instituteIdHint')}
    </>
  );
}
