/** Things a test created that must be torn down after it (session timers and listeners). */
const disposers: Array<() => void> = [];

export function onTestEnd(dispose: () => void): void {
  disposers.push(dispose);
}

export function runTestEndHooks(): void {
  while (disposers.length) disposers.pop()?.();
}
