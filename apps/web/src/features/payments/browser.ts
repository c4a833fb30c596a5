/** Leaves the app for a gateway's page (a module of its own so tests can watch it). */
export function leaveTo(url: string): void {
  window.location.assign(url);
}
