import { GATEWAY_PATHS, formatMoney } from '@veridocs/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.js';
import { createSecurityHeaders } from '../../http/security.js';
import type { SandboxGateway } from './sandbox.js';
import type { SandboxSessionRow } from './sandbox-repository.js';

const pageHeaders = createSecurityHeaders();

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef1f6;color:#1b1f29}
  main{max-width:420px;margin:0 auto;padding:24px 16px}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 8px rgba(0,0,0,.08);padding:24px}
  .badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;
    color:#7a4b00;background:#ffe9b8;border-radius:999px;padding:4px 10px;margin-bottom:16px}
  h1{font-size:20px;margin:0 0 4px}
  p{margin:0 0 16px;color:#4a5163;overflow-wrap:anywhere}
  h1{overflow-wrap:anywhere}
  .amount{font-size:32px;font-weight:700;color:#1b1f29;margin:8px 0 24px}
  form{margin:0}
  button{display:block;width:100%;min-height:48px;margin-top:12px;border-radius:8px;font-size:16px;font-weight:600;
    cursor:pointer;border:2px solid transparent}
  button:focus-visible{outline:3px solid #1b5fd6;outline-offset:2px}
  .pay{background:#1b5fd6;color:#fff}
  .fail{background:#fff;color:#b3261e;border-color:#b3261e}
  .cancel{background:#fff;color:#1b1f29;border-color:#9aa1b2}
  .done{font-weight:600}
  footer{font-size:12px;color:#5d6475;text-align:center;margin-top:16px}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}<footer>Veridocs sandbox payment gateway: no money moves.</footer></main></body></html>`;
}

function checkoutPage(session: SandboxSessionRow): string {
  const action = escapeHtml(
    GATEWAY_PATHS.sandboxCheckoutActionRoute.replace(':sessionId', encodeURIComponent(session.id)),
  );
  const amount = escapeHtml(formatMoney(session.amount, session.currency));
  if (session.status !== 'pending') {
    const said = {
      success: 'This payment was made.',
      failed: 'This payment failed.',
      cancelled: 'This payment was cancelled.',
    }[session.status];
    return page(
      'Sandbox checkout',
      `<div class="card"><span class="badge">Test mode</span>
<h1>${escapeHtml(session.description)}</h1><p class="done" role="status">${said}</p>
<p><a href="${escapeHtml(session.status === 'cancelled' ? session.cancelUrl : session.returnUrl)}">Back to the merchant</a></p></div>`,
    );
  }
  const button = (outcome: string, cls: string, label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}">` +
    `<button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    `Pay ${amount} - Sandbox checkout`,
    `<div class="card" aria-labelledby="merchant"><span class="badge">Test mode</span>
<h1 id="merchant">${escapeHtml(session.description)}</h1>
<p>Order ${escapeHtml(session.id)}</p>
<p class="amount" aria-label="Amount to pay">${amount}</p>
${button('pay', 'pay', `Pay ${amount}`)}
${button('fail', 'fail', 'Fail the payment')}
${button('cancel', 'cancel', 'Cancel')}
</div>`,
  );
}

/**
 * The sandbox's hosted checkout (ADR 0023): a page of "another company" the product happens to serve.
 * Plain HTML and a form POST (the CSP allows no inline script); pay, fail or cancel, then a 303 back to
 * the merchant's return (or cancel) URL, as a hosted gateway redirects.
 */
export const sandboxCheckoutRouter: FastifyPluginAsync<{ sandbox: SandboxGateway }> = async (
  app,
  { sandbox },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) =>
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      ),
  );

  app.get<{ Params: { sessionId: string } }>(
    GATEWAY_PATHS.sandboxCheckoutRoute,
    { schema: { hide: true } },
    async (request, reply) => {
      const session = await sandbox.session(request.params.sessionId);
      if (!session) throw new AppError('NOT_FOUND', 'This checkout does not exist');
      // A page under /api/: a page's policy, not an API answer's (which would block its styles).
      return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(checkoutPage(session));
    },
  );

  app.post<{ Params: { sessionId: string }; Body: Record<string, string> | undefined }>(
    GATEWAY_PATHS.sandboxCheckoutActionRoute,
    { schema: { hide: true } },
    async (request, reply) => {
      const outcome = request.body?.['outcome'];
      if (outcome !== 'pay' && outcome !== 'fail' && outcome !== 'cancel')
        throw new AppError('VALIDATION_FAILED', 'outcome must be pay, fail or cancel');
      const done = await sandbox.complete(request.params.sessionId, outcome);
      if (!done) throw new AppError('NOT_FOUND', 'This checkout does not exist');
      return reply.redirect(done.redirectUrl, 303);
    },
  );
};
