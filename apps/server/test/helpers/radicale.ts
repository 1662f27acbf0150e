import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './processes';

/**
 * A real CalDAV server for tests (docs/decisions/071-calendar-sync.md): Radicale (the Debian
 * package `radicale`) on a free loopback port, its storage in a temp folder, with users and
 * plain passwords of the test's choosing (a wrong one gets 401). `stop()` ends it and removes
 * the folder.
 */

export interface Radicale {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** MKCALENDAR `/<user>/<name>/`; answers the calendar's address (with its trailing slash). */
  makeCalendar(user: string, name: string): Promise<string>;
  /** Any request as a user (Basic auth with the password given at start). */
  request(
    user: string,
    url: string,
    init?: { method?: string; body?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  output(): string;
  stop(): Promise<void>;
}

/** Whether the `radicale` binary runs here. */
export function radicaleInstalled(): boolean {
  const probe = spawnSync('radicale', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

/**
 * Whether a CalDAV suite can run. Without Radicale it says it skipped (console.warn), unless
 * REQUIRE_CALDAV=1 (CI: .ci/run installs it), where the suite fails with this message.
 */
export function caldavSuiteRuns(suite: string): boolean {
  if (radicaleInstalled()) return true;
  const how = 'install it with `apt-get install -y radicale`';
  if (process.env.REQUIRE_CALDAV === '1') {
    throw new Error(`${suite}: REQUIRE_CALDAV=1 but the radicale binary is missing: ${how}`);
  }
  console.warn(
    `${suite} skipped: the radicale binary is missing (${how}; REQUIRE_CALDAV=1 fails instead)`,
  );
  return false;
}

export async function startRadicale(users: Record<string, string>): Promise<Radicale> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'slotwise-radicale-'));
  const port = await freePort();
  const usersFile = path.join(dir, 'users');
  await fs.writeFile(
    usersFile,
    Object.entries(users)
      .map(([user, password]) => `${user}:${password}\n`)
      .join(''),
  );
  const config = path.join(dir, 'config');
  // Its own configuration file only: the machine's /etc/radicale/config is not read.
  await fs.writeFile(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${usersFile}`,
      'htpasswd_encryption = plain',
      'delay = 0',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[web]',
      'type = none',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  let log = '';
  const child: ChildProcess = spawn('radicale', ['--config', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    }
    await fs.rm(dir, { recursive: true, force: true });
  };
  // Ready once it answers HTTP at all (an anonymous request gets 401).
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`radicale exited early (${child.exitCode}):\n${log}`);
    }
    const answer = await fetch(`${url}/`, { method: 'OPTIONS' }).catch(() => null);
    if (answer) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`radicale did not start on ${url}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const request: Radicale['request'] = (user, target, init = {}) =>
    fetch(new URL(target, url), {
      method: init.method ?? 'GET',
      body: init.body,
      headers: {
        authorization: `Basic ${Buffer.from(`${user}:${users[user] ?? ''}`).toString('base64')}`,
        ...init.headers,
      },
    });

  return {
    url,
    request,
    async makeCalendar(user, name) {
      const address = `${url}/${user}/${name}/`;
      const made = await request(user, address, { method: 'MKCALENDAR' });
      if (made.status !== 201) {
        throw new Error(`MKCALENDAR ${address}: ${made.status} ${await made.text()}`);
      }
      return address;
    },
    output: () => log,
    stop,
  };
}
