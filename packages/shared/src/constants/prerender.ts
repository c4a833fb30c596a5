/**
 * The form home's first paint (issue 10 §1): the build pre-renders it with these placeholders and the
 * server puts the form's public names and the link's ids in their place per request (ADR 0018).
 */
export const FORM_SHELL_TOKENS = {
  formId: '__VERIDOCS_FORM_ID__',
  txnId: '__VERIDOCS_TXN_ID__',
  orgId: '__VERIDOCS_ORG_ID__',
  orgName: '__VERIDOCS_ORG_NAME__',
  formName: '__VERIDOCS_FORM_NAME__',
} as const;

/** The meta tag that carries the form's names to the browser's first render (no inline script: CSP). */
export const FORM_SHELL_META = 'veridocs-form';

/**
 * Set by the app while it shows a transaction's form home: the server sends that link's form-home
 * page (instead of the app shell) only when this cookie names its transaction, as a tab that
 * reloads the form home would show it again (a new tab shows the init screen first, spec §2).
 */
export const FORM_HOME_COOKIE = 'veridocs-form-home';
