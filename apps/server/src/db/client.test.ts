import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, openPglite } from './client.js';

describe('the embedded database folder lock', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a folder that another running process holds', async () => {
    const root = mkdtempSync(join(tmpdir(), 'veridocs-lock-'));
    dirs.push(root);
    const dataDir = join(root, 'db');
    // The parent process is alive and is not this one.
    writeFileSync(`${dataDir}.lock`, String(process.ppid));
    await expect(openPglite(dataDir)).rejects.toThrow(DatabaseLockedError);
    await expect(openPglite(dataDir)).rejects.toThrow(/is in use by process/);
  });
});
