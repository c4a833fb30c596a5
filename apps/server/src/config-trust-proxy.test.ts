import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { fastifyTrustProxy } from './config/trust-proxy.js';

/** TRUST_PROXY (issue 31 §3): a hop count or the proxies' addresses, never "every entry". */
const trustProxyOf = (value: string | undefined) =>
  loadConfig(value === undefined ? {} : { TRUST_PROXY: value }, '/app').trustProxy;

function refusal(value: string): string {
  try {
    trustProxyOf(value);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`TRUST_PROXY=${value} was accepted`);
}

describe('TRUST_PROXY', () => {
  it('is off when unset, empty, 0 or false', () => {
    for (const value of [undefined, '', ' ', '0', 'false']) expect(trustProxyOf(value)).toBe(false);
  });

  it('reads 1 and the old `true` as one proxy, and a number as that many', () => {
    expect(trustProxyOf('1')).toEqual({ hops: 1 });
    expect(trustProxyOf('true')).toEqual({ hops: 1 });
    expect(trustProxyOf('2')).toEqual({ hops: 2 });
    expect(trustProxyOf(' 3 ')).toEqual({ hops: 3 });
  });

  it('reads a list of addresses, ranges and named ranges', () => {
    expect(trustProxyOf('10.0.0.5, 10.1.0.0/16,fd00::/8 , ::1, loopback,uniquelocal')).toEqual({
      addresses: ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback', 'uniquelocal'],
    });
  });

  it('refuses what is neither, saying what it takes', () => {
    expect(refusal('yes')).toMatch(
      /TRUST_PROXY=yes: "yes" is not an IP address or CIDR range\. TRUST_PROXY must be 0/,
    );
    expect(refusal('10.0.0.300')).toMatch(/"10\.0\.0\.300" is not an IP address/);
    expect(refusal('10.0.0.0/33')).toMatch(/"10\.0\.0\.0\/33" has no valid prefix length \(0–32\)/);
    expect(refusal('10.0.0.0/8/1')).toMatch(/not an IP address or CIDR range/);
    expect(refusal(',')).toMatch(/no address/);
    expect(refusal('11')).toMatch(/at most 10 proxies/);
    expect(refusal('-1')).toMatch(/"-1" is not an IP address/);
  });

  it('refuses a range that holds every address (every client believed)', () => {
    expect(refusal('0.0.0.0/0')).toMatch(
      /"0\.0\.0\.0\/0" trusts every address, so any client could forge its own/,
    );
    expect(refusal('10.0.0.1, ::/0')).toMatch(/"::\/0" trusts every address/);
  });

  it('gives Fastify a hop function that believes only that many proxies', () => {
    const trust = fastifyTrustProxy({ hops: 2 });
    expect(typeof trust).toBe('function');
    const believes = trust as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => believes('203.0.113.1', hop))).toEqual([true, true, false, false]);
    expect(fastifyTrustProxy({ addresses: ['10.0.0.0/8'] })).toEqual(['10.0.0.0/8']);
    expect(fastifyTrustProxy(false)).toBe(false);
  });
});
