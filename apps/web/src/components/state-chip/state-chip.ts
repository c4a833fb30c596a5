/** The colours a state chip takes (MUI Chip `color`). */
export type StateChipColor = 'default' | 'error' | 'success' | 'info' | 'warning';

/**
 * Chip colour of a transaction state (home cards) or a verification tile status (form home), one map
 * for both so a state reads the same everywhere: needs action or failed in red, done in green, saved in
 * amber, not started / closed / skipped neutral, anything in between (in progress...) blue.
 */
export function stateChipColor(state: string): StateChipColor {
  switch (state) {
    case 'INSUFFICIENT_DATA':
    case 'FAILED':
      return 'error';
    case 'COMPLETED':
    case 'VERIFIED':
    case 'SUBMITTED':
      return 'success';
    case 'DATA_SAVED':
      return 'warning';
    case '':
    case 'NOT_INITIALIZED':
    case 'CLOSED':
    case 'SKIPPED':
      return 'default';
    default:
      return 'info';
  }
}
