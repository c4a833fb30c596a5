import { FORM_HOME_COOKIE, FORM_SHELL_META, FORM_SHELL_TOKENS } from '@veridocs/shared';

/** The names the form home's heading shows before its data arrives. */
export interface FormHeading {
  orgName: string;
  formName: string;
}

/** Build time only (entry-server.tsx): the heading is rendered with the server's placeholders. */
let buildTime = false;
export function renderFormHeadingPlaceholders(on: boolean): void {
  buildTime = on;
}

/**
 * The heading of this form as the page the server sent names it (apps/server/src/http/spa.ts), so the
 * first render draws what the pre-rendered page already shows; null on any other page or form.
 */
export function prerenderedFormHeading(formId: string): FormHeading | null {
  if (buildTime)
    return formId === FORM_SHELL_TOKENS.formId
      ? { orgName: FORM_SHELL_TOKENS.orgName, formName: FORM_SHELL_TOKENS.formName }
      : null;
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${FORM_SHELL_META}"]`);
  if (!meta || meta.content !== formId) return null;
  const { org, form } = meta.dataset;
  return org && form ? { orgName: org, formName: form } : null;
}

/** Tells the server this tab shows the form home of `txnId` (a session cookie, no personal data). */
export function rememberFormHome(txnId: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${FORM_HOME_COOKIE}=${encodeURIComponent(txnId)}; path=/ekyc; SameSite=Lax`;
}
