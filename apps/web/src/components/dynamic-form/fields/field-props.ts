import type { FieldRendererProps } from '../types';

type Labelled = Pick<FieldRendererProps, 'label' | 'accessibleLabel' | 'required' | 'error' | 'helperText'>;

/**
 * What every text-like renderer (text, select, date, searchable dropdown) gives its TextField alike:
 * the visible label unless hidden, the message line (an error wins over the helper text), and the
 * input's own accessible name when the label is hidden.
 */
export function textFieldProps({ label, error, helperText }: Labelled) {
  return { label: label || undefined, error: Boolean(error), helperText: error ?? helperText };
}

/** The input element's ARIA: its name when the visible label is hidden, and whether it is required. */
export function inputAria({ label, accessibleLabel, required }: Labelled) {
  return { 'aria-label': label ? undefined : accessibleLabel, 'aria-required': required || undefined };
}
