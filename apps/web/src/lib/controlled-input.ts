import { useCallback } from 'react';

/**
 * Writes a cleaned value (digits only, a length cap) back into the input at once. Preact, which runs the
 * app (ADR 0011), does not re-render a controlled input whose state did not change, so a rejected key
 * would otherwise stay visible.
 */
export function showCleanedValue(input: HTMLInputElement | HTMLTextAreaElement, cleaned: string): void {
  if (input.value !== cleaned) input.value = cleaned;
}

/**
 * A ref that focuses its element when it mounts. Use it instead of the `autoFocus` prop: Preact only
 * sets the attribute, which a browser honours on page load, not on a screen rendered later.
 */
export function useAutoFocus<T extends HTMLElement>(enabled = true): (node: T | null) => void {
  return useCallback(
    (node: T | null) => {
      if (enabled && node) node.focus();
    },
    [enabled],
  );
}
