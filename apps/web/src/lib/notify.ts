/** Snackbars from outside React go through this holder; the app's SnackbarHost sets it. */
export type NotifyVariant = 'default' | 'error' | 'success' | 'warning' | 'info';
export type Notifier = (message: string, variant: NotifyVariant) => void;

let notifier: Notifier | null = null;

export function setNotifier(fn: Notifier | null): void {
  notifier = fn;
}

export function notify(message: string, variant: NotifyVariant = 'error'): void {
  if (!notifier) {
    console.warn(`Snackbar not ready: ${message}`);
    return;
  }
  notifier(message, variant);
}
