import type { NavigateFunction, NavigateOptions, To } from 'react-router';

/**
 * Navigation from outside React (the API client, the session code) goes through this holder. The
 * router sets it once it is mounted.
 */
let navigateFn: NavigateFunction | null = null;

export function setNavigate(fn: NavigateFunction | null): void {
  navigateFn = fn;
}

export function navigateTo(to: To, options?: NavigateOptions): boolean {
  if (!navigateFn) {
    console.warn('Navigate function not set');
    return false;
  }
  void navigateFn(to, options);
  return true;
}
