import Box from '@mui/material/Box';
import { FIELD_TEXT } from '@veridocs/shared';
import type { DynamicFormContextValue } from './types';

export interface HelperTextProps {
  context: DynamicFormContextValue;
}

/** Degree upload instructions (spec §5); the "degree unavailable" line is hidden when a marksheet is required. */
export function DegreeInstructions({ context }: HelperTextProps) {
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {FIELD_TEXT.degreeInstructions.map((line) => (
          <li key={line}>{line}</li>
        ))}
        {context.marksheetRequired ? null : <li>{FIELD_TEXT.degreeUnavailable}</li>}
      </Box>
    </Box>
  );
}

/** Where to find the institute's candidate identifier (spec §5). */
export function InstituteIdHint() {
  return <>{FIELD_TEXT.instituteIdHint}</>;
}
