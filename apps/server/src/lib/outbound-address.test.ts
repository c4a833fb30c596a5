import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  guardedLookup,
  isPrivateAddress,
  webhookUrlProblem,
  type Resolver,
} from './outbound-address.js';
import { sendWebhook } from './webhook-send.js';

const strict = { allowPrivate: false, httpsOnly: false };
const production = { allowPrivate: false, httpsOnly: true };

describe('outbound addresses (ADR 0009 from-url, ADR 0025 webhooks)', () => {
  it('refuses private, loopback, link-local and IPv4-compatible/mapped forms of them', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '192.168.1.1',
      '::1',
      '::',
      // ::/96, IPv4-compatible: 127.0.0.1 and 10.0.0.1 written the deprecated way.
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:7f00:1',
      'fe80::1',
      'fd00::1',
      'not-an-address',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['93.184.215.14', '2606:4700::1111', '::ffff:93.184.215.14'])
      expect(isPrivateAddress(address), address).toBe(false);
  });

  it('a webhook URL: https in production, the web ports only, no private literal address', () => {
    expect(webhookUrlProblem('https://hooks.example.com/x', production)).toBeNull();
    expect(webhookUrlProblem('https://hooks.example.com:8443/x', production)).toBeNull();
    expect(webhookUrlProblem('http://hooks.example.com/x', production)).toMatch(/https/);
    expect(webhookUrlProblem('http://hooks.example.com/x', strict)).toBeNull();
    expect(webhookUrlProblem('https://hooks.example.com:6379/', strict)).toMatch(/port/);
    expect(webhookUrlProblem('http://hooks.example.com:22/', strict)).toMatch(/port/);
    expect(webhookUrlProblem('http://127.0.0.1:6379/', strict)).toMatch(/port|private/);
    expect(webhookUrlProblem('http://127.0.0.1/', strict)).toMatch(/private/);
    expect(webhookUrlProblem('http://[::7f00:1]/', strict)).toMatch(/private/);
    expect(webhookUrlProblem('http://169.254.169.254/latest/meta-data/', strict)).toMatch(/private/);
    expect(webhookUrlProblem('http://localhost/', strict)).toMatch(/private/);
    expect(webhookUrlProblem('http://api.localhost./', strict)).toMatch(/private/);
    expect(webhookUrlProblem('https://u:p@hooks.example.com/', strict)).toMatch(/password/);
    expect(webhookUrlProblem('ftp://hooks.example.com/', strict)).toMatch(/https/);
    // The tests' switch: a local receiver on its random port.
    expect(webhookUrlProblem('http://127.0.0.1:41234/', { ...strict, allowPrivate: true })).toBeNull();
  });

  it('a host name is checked on what it resolves to, and again at every connection (DNS rebinding)', async () => {
    let answer = '93.184.215.14';
    const resolver: Resolver = async () => [{ address: answer, family: 4 }];
    expect(await checkWebhookUrl('http://rebind.example/hook', strict, resolver)).toBeNull();

    answer = '127.0.0.1';
    expect(await checkWebhookUrl('http://rebind.example/hook', strict, resolver)).toMatch(/private/);
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(false, resolver)('rebind.example', {}, (error) => resolve(error)),
    );
    expect(refused?.code).toBe('EPRIVATE');
    await expect(
      sendWebhook('http://rebind.example/hook', '{}', {}, { timeoutMs: 2000, policy: strict, resolver }),
    ).rejects.toThrow(/address not allowed/);
  });

  describe('sendWebhook', () => {
    let server: Server;
    let port: number;
    const got: { body: string; signature: unknown }[] = [];
    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString('utf8')));
        req.on('end', () => {
          got.push({ body, signature: req.headers['x-veridocs-signature'] });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('posts through the guarded lookup: a name resolving to 127.0.0.1 gets nothing unless allowed', async () => {
      const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
      const url = `http://receiver.example:${port}/hook`;
      await expect(
        sendWebhook(url, '{"a":1}', {}, { timeoutMs: 2000, policy: strict, resolver }),
      ).rejects.toThrow(/address not allowed/);
      expect(got).toHaveLength(0);
      const allowed = { allowPrivate: true, httpsOnly: false };
      expect(
        await sendWebhook(
          url,
          '{"a":1}',
          { 'x-veridocs-signature': 's' },
          {
            timeoutMs: 2000,
            policy: allowed,
            resolver,
          },
        ),
      ).toBe(204);
      expect(got).toEqual([{ body: '{"a":1}', signature: 's' }]);
    });
  });
});
