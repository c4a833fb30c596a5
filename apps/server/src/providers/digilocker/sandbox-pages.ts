import { DIGILOCKER_SANDBOX_PATHS } from '@veridocs/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badInput, badTextReason } from '../../http/input-guard.js';
import { SANDBOX_ACCOUNTS, type SandboxAccount } from '../issuer-documents/sandbox-records.js';
import type { AuthorizeRequest, SandboxDigiLockerProvider } from './sandbox-provider.js';
import { SANDBOX_CLIENT_ID } from './sandbox-provider.js';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f8;color:#1b1f29;line-height:1.45}
  header{background:#1d3f8f;color:#fff;padding:12px 16px;font-weight:700;font-size:18px}
  header small{display:block;font-weight:400;font-size:13px;opacity:.9}
  main{max-width:420px;margin:0 auto;padding:20px 16px}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:20px}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
    color:#7a4b00;background:#ffe9b8;border-radius:999px;padding:4px 10px;margin-bottom:12px}
  h1{font-size:20px;margin:0 0 8px;overflow-wrap:anywhere}
  p,li{color:#3c4354;overflow-wrap:anywhere}
  p{margin:0 0 12px}
  label{display:block;font-weight:600;margin:16px 0 6px}
  input{display:block;width:100%;min-height:48px;font-size:18px;padding:10px 12px;border:1px solid #8a92a5;border-radius:8px}
  input:focus-visible,button:focus-visible{outline:3px solid #1b5fd6;outline-offset:2px}
  input[aria-invalid="true"]{border-color:#b3261e}
  .error{color:#b3261e;font-weight:600;margin:12px 0 0}
  button{display:block;width:100%;min-height:48px;margin-top:16px;border-radius:8px;font-size:16px;font-weight:600;
    cursor:pointer;border:2px solid transparent}
  .primary{background:#1d3f8f;color:#fff}
  .secondary{background:#fff;color:#1b1f29;border-color:#8a92a5}
  .hint{margin-top:20px;background:#f6f8fc;border:1px dashed #8a92a5;border-radius:12px;padding:16px}
  .hint h2{font-size:15px;margin:0 0 8px}
  .hint ul{margin:0;padding-left:18px}
  .hint li{margin:6px 0;font-size:14px}
  ul.scope{padding-left:18px}
  footer{font-size:12px;color:#5d6475;text-align:center;margin-top:16px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><header>DigiLocker<small>Sandbox of the Veridocs installation: fictitious accounts only</small></header>
<main>${body}<footer>Veridocs DigiLocker sandbox: no real DigiLocker account is used.</footer></main></body></html>`;
}

function hidden(request: AuthorizeRequest): string {
  const fields: Record<string, string> = {
    client_id: SANDBOX_CLIENT_ID,
    response_type: 'code',
    redirect_uri: request.redirectUri,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

const documentsOf = (account: SandboxAccount) =>
  [
    ...account.certificates.map((c) => `${c.title} (${c.issuer.code})`),
    ...(account.eaadhaar ? ['e-Aadhaar'] : []),
  ].join(', ') || 'no issued documents';

function accountsHint(): string {
  const items = SANDBOX_ACCOUNTS.map(
    (a) =>
      `<li><strong>${escapeHtml(a.mobile)}</strong>, PIN <strong>${escapeHtml(a.pin)}</strong>: ` +
      `${escapeHtml(a.name)}, ${escapeHtml(documentsOf(a))}</li>`,
  ).join('');
  return `<section class="hint" aria-labelledby="hint-title"><h2 id="hint-title">Sandbox accounts</h2><ul>${items}</ul></section>`;
}

function signInPage(
  request: AuthorizeRequest,
  problem: { message: string; mobile: string; field: 'mobile' | 'pin' } | null,
): string {
  const invalid = (field: 'mobile' | 'pin') =>
    problem?.field === field ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
  return page(
    'Sign in to DigiLocker (sandbox)',
    `<div class="card"><span class="badge">Sandbox</span>
<h1>Sign in to DigiLocker</h1>
<p>Veridocs wants to read your issued documents. Sign in with your mobile number and DigiLocker PIN.</p>
<form method="post" action="${DIGILOCKER_SANDBOX_PATHS.signIn}">${hidden(request)}
<label for="mobile">Mobile number</label>
<input id="mobile" name="mobile" type="tel" inputmode="numeric" autocomplete="tel-national" maxlength="14" required value="${escapeHtml(problem?.mobile ?? '')}"${invalid('mobile')}>
<label for="pin">6-digit PIN</label>
<input id="pin" name="pin" type="password" inputmode="numeric" autocomplete="off" maxlength="6" required${invalid('pin')}>
${problem ? `<p class="error" id="sign-in-error" role="alert">${escapeHtml(problem.message)}</p>` : ''}
<button type="submit" class="primary" name="action" value="sign-in">Sign in</button>
<button type="submit" class="secondary" name="action" value="cancel" formnovalidate>Cancel and go back to Veridocs</button>
</form></div>${accountsHint()}`,
  );
}

function consentPage(account: SandboxAccount, ticket: string): string {
  const scope = [
    'See the list of documents issued to you',
    'Read a document you choose, as a PDF and as the issuer’s signed data',
    ...(account.eaadhaar ? ['Read your e-Aadhaar data (name, date of birth, gender, address)'] : []),
  ]
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('');
  const decision = (value: 'allow' | 'deny', cls: string, label: string) =>
    `<button type="submit" class="${cls}" name="decision" value="${value}">${label}</button>`;
  return page(
    'Allow Veridocs to read your documents? (DigiLocker sandbox)',
    `<div class="card"><span class="badge">Sandbox</span>
<h1>Veridocs asks to read your issued documents</h1>
<p>Signed in as <strong>${escapeHtml(account.name)}</strong> (mobile ending ${escapeHtml(account.mobile.slice(-4))}).</p>
<p>If you allow, Veridocs can for one hour:</p>
<ul class="scope">${scope}</ul>
<p>Documents in this DigiLocker: ${escapeHtml(documentsOf(account))}.</p>
<form method="post" action="${DIGILOCKER_SANDBOX_PATHS.consent}">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
${decision('allow', 'primary', 'Allow')}
${decision('deny', 'secondary', 'Deny')}
</form></div>`,
  );
}

function problemPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      page(
        'DigiLocker sandbox: cannot continue',
        `<div class="card"><span class="badge">Sandbox</span><h1>This sign-in cannot continue</h1>
<p role="alert">${escapeHtml(message)}</p><p>Close this page and start again from the application.</p></div>`,
      ),
    );
}

const PROBLEMS = {
  'unknown-mobile':
    'No sandbox DigiLocker account has this mobile number. Use one of the accounts listed below.',
  'wrong-pin': 'The PIN is wrong. Sandbox accounts use the PIN listed below.',
} as const;

/** The sign-in form's fields (its hidden ones carry the authorisation request). */
const signInBody = z.object({
  client_id: z.string().max(200),
  response_type: z.string().max(50),
  redirect_uri: z.string().max(2000),
  state: z.string().max(2000),
  code_challenge: z.string().max(200),
  code_challenge_method: z.string().max(20),
  action: z.enum(['sign-in', 'cancel']),
  mobile: z.string().max(30).optional(),
  pin: z.string().max(30).optional(),
});
const consentBody = z.object({ ticket: z.string().max(4000), decision: z.enum(['allow', 'deny']) });

/**
 * The DigiLocker sandbox's own pages (issue 26), "another company" this server happens to serve, at the
 * authorize URL the sandbox provider gives: step 1, mobile number and 6-digit PIN (a visible hint lists
 * the sandbox accounts); step 2, the consent ("Veridocs asks to read your issued documents"), Allow or
 * Deny. Allow: 303 to `redirect_uri?code=…&state=…`; Deny or cancel: `?error=access_denied…&state=…`. A
 * client or redirect URI other than the registered ones gets a 400 page, never a redirect. Plain HTML
 * and form POSTs: the CSP allows no inline script. A POST that is not its form (fields missing, bytes
 * no route takes) is refused in the envelope, as everywhere.
 */
export const digilockerSandboxPagesRouter: FastifyPluginAsyncZod<{
  sandbox: SandboxDigiLockerProvider;
}> = async (app, { sandbox }) => {
  const { pages } = sandbox;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const fields = Object.fromEntries(
        new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')),
      );
      const reason = Object.entries(fields)
        .flat()
        .map(badTextReason)
        .find((r) => r !== null);
      done(reason ? badInput('body', reason) : null, reason ? undefined : fields);
    },
  );
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  app.get(DIGILOCKER_SANDBOX_PATHS.authorize, { schema: { hide: true } }, async (request, reply) => {
    const check = pages.checkAuthorize(request.query as Record<string, unknown>);
    if (!check.ok)
      return 'page' in check ? problemPage(reply, 400, check.page) : reply.redirect(check.location, 303);
    return html(reply, signInPage(check.request, null));
  });

  app.post(
    DIGILOCKER_SANDBOX_PATHS.signIn,
    { schema: { hide: true, body: signInBody } },
    async (request, reply) => {
      const body = request.body;
      const check = pages.checkAuthorize(body);
      if (!check.ok)
        return 'page' in check ? problemPage(reply, 400, check.page) : reply.redirect(check.location, 303);
      if (body.action === 'cancel') return reply.redirect(pages.deniedLocation(check.request), 303);
      const mobile = body.mobile ?? '';
      const result = pages.signIn(check.request, mobile, body.pin ?? '');
      if (!result.ok)
        return html(
          reply,
          signInPage(check.request, {
            message: PROBLEMS[result.problem],
            mobile,
            field: result.problem === 'wrong-pin' ? 'pin' : 'mobile',
          }),
          401,
        );
      return html(reply, consentPage(result.account, result.ticket));
    },
  );

  app.post(
    DIGILOCKER_SANDBOX_PATHS.consent,
    { schema: { hide: true, body: consentBody } },
    async (request, reply) => {
      const done = await pages.decide(request.body.ticket, request.body.decision === 'allow');
      if (!done) return problemPage(reply, 400, 'This consent has expired or is not valid.');
      return reply.redirect(done.location, 303);
    },
  );
};
