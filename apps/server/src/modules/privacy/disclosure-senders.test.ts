import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0049 "Disclosures", its Consequences: every place that sends a candidate's data out writes a
 * disclosure in its transaction, and this test lists the senders. A new sender is added here (and its
 * own test checks the row its act writes); a sender that stops calling `disclose` fails here.
 */
const SENDERS: Record<string, string> = {
  // The evaluation partner receives the report (the delivery's commit; reports.test.ts).
  'composition/services.ts': 'partner report (reports onSent)',
  // A decided verification or request sent to the organisation's webhook (integration.test.ts).
  'modules/integration/integration-service.ts': 'organisation result',
  // The organisation downloads the report or a credential from its portal.
  'modules/org-candidates/org-candidates-service.ts': 'organisation report, credential',
  // A request with the claimed facts and documents to an institution (institutions.test.ts).
  'modules/institutions/requests-service.ts': 'institution request',
  // A credential opened by its share link or received into another wallet (credentials.test.ts).
  'modules/credentials/credentials-service.ts': 'credential share',
  // The candidate's details sent to an issuer through DigiLocker or API Setu (sources.test.ts).
  'modules/sources/sources-service.ts': 'issuer pull',
};

const SRC = join(fileURLToPath(new URL('.', import.meta.url)), '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the senders of a candidate’s data (ADR 0049)', () => {
  const files = [...sourceFiles(join(SRC, 'modules')), ...sourceFiles(join(SRC, 'composition'))];
  // A call of a disclose port: `disclose(`, `disclose?.(`, `deps.disclose(`...
  const calls = (text: string) => /\bdisclose\??\.?\(/.test(text);

  it('each listed sender records a disclosure', () => {
    for (const path of Object.keys(SENDERS))
      expect(calls(readFileSync(join(SRC, path), 'utf8')), `${path} no longer calls disclose`).toBe(true);
  });

  it('no other code records one without being listed here', () => {
    const callers = files
      .filter((f) => calls(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f).split('\\').join('/'))
      .filter((f) => !f.startsWith('modules/privacy/'));
    expect(callers.sort()).toEqual(Object.keys(SENDERS).sort());
  });

  it('the composition gives every sender the privacy service’s disclose', () => {
    const services = readFileSync(join(SRC, 'composition/services.ts'), 'utf8');
    for (const factory of [
      'createCredentialsService',
      'createIntegrationService',
      'createSourcesService',
      'createInstitutionsService',
      'createOrgCandidatesService',
    ]) {
      const start = services.indexOf(`${factory}({`);
      expect(start, factory).toBeGreaterThan(0);
      const call = services.slice(start, services.indexOf('\n  });', start));
      expect(call, `${factory} is not given disclose`).toMatch(/\bdisclose\b/);
    }
  });
});
