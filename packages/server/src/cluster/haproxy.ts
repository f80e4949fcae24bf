import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { documentedConfig } from '../test/documented-config.ts';
import { freePort } from '../test/server-process.ts';

export interface RunningProxy {
  url: string;
  /** HAProxy's lines saying an instance went down or up (its health checks). */
  stateChanges(): string[];
  stop(): Promise<void>;
}

/** The header naming the instance that answered (or that HAProxy tried last when it answers itself). */
export const SERVED_BY = 'x-served-by';

/**
 * docs/operations.md's HAProxy config with plain HTTP on `port`, the instances `servers` (name →
 * host:port) in place of the documented two, and each answer naming its instance.
 */
export function clusterConfig(port: number, servers: Record<string, string>): string {
  const lines = Object.entries(servers).map(([name, host]) => `    server ${name} ${host} check`);
  return `${documentedConfig('haproxy')
    .replace(/bind :443 ssl crt \S+/, `bind 127.0.0.1:${port}`)
    .replace(/X-Forwarded-Proto https/, 'X-Forwarded-Proto http')
    .replace(/^\s*server .*\n/gm, '')
    .trimEnd()}\n    http-after-response set-header X-Served-By %[srv_name]\n${lines.join('\n')}\n`;
}

/** Starts HAProxy (the Debian package) in front of `servers`; resolves once it listens. */
export async function startHaproxy(dir: string, servers: Record<string, string>): Promise<RunningProxy> {
  const port = await freePort();
  const file = path.join(dir, `haproxy-${port}.cfg`);
  fs.writeFileSync(file, clusterConfig(port, servers));
  let log = '';
  const child: ChildProcess = spawn('haproxy', ['-f', file, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${log}`);
    const ready = await fetch(`${url}/api/health/ready`).catch(() => undefined);
    if (ready?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`HAProxy passed no request within 20 s: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stateChanges: () =>
      [...log.matchAll(/Server \S+ is (?:DOWN|UP)(?:, reason: [^,]+)?/g)].map((match) => match[0]),
    stop: async () => {
      if (child.exitCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await gone;
    },
  };
}
