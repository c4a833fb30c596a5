/**
 * Date rules of the form engine (spec §5 "Dates"): typed as dd-MM-yyyy, also yyyy-MM-dd (told apart by
 * the length of the leading segment), stored as 'yyyy-MM-dd'. The checks themselves (range
 * 1900-01-01..2099-12-31, no future dates unless the field says otherwise, by day) are the shared
 * fieldError's, so the server's submit check applies them too.
 */
export { dateBounds, fromIsoDay, isoToDisplay, parseDateText, toIsoDay } from '@veridocs/shared';

export const DISPLAY_FORMAT = 'dd-MM-yyyy';
