/**
 * The window size the layout hooks assume where there is no window: pre-rendering (entry-server.tsx)
 * draws the signed-in shell once per layout (phone, tablet, desktop) by setting it. Hydration on the
 * client reads it too, so it stays 0 × 0 (a phone) outside the build.
 */
let viewport = { width: 0, height: 0 };

export function setServerViewport(next: { width: number; height: number }): void {
  viewport = next;
}

export const serverViewport = (): { width: number; height: number } => viewport;
