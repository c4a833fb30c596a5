import Box from '@mui/material/Box';
import { useRulesT } from '../../lib/content/rules/rule-text';
import type { DynamicFormContextValue } from './types';

export interface HelperTextProps {
  context: DynamicFormContextValue;
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

/** Where to find the institute's candidate identifier (spec §5). */
export function InstituteIdHint() {
  const t = useRulesT();
  return <>{t('instituteIdHint')}</>;
}
