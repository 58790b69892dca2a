import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('starting the server with bad settings', () => {
  it('stops with a message naming every bad key', async () => {
    const failure = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'eighty', APP_URL: 'not a url', LOG_LEVEL: 'chatty' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    const { stderr } = failure as { stderr: string };
    expect(stderr).toContain('Invalid settings');
    for (const key of ['PORT', 'APP_URL', 'LOG_LEVEL']) expect(stderr).toContain(`${key}:`);
    expect(stderr).not.toContain('    at ');
  });
});
