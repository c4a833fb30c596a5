/**
 * Off screen, still read by screen readers. Lengths are strings on purpose: MUI's sx reads a bare
 * `width: 1` as 100%, and an absolutely positioned box that wide makes the page scroll sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
