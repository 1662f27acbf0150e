/**
 * `npm run bench [-- scenario…]`: builds what is stale, seeds a fresh database, starts the
 * real server, runs each scenario from this process (never the server's), then the floor
 * (same service calls, bare Fastify) and a hello-world, prints one table and writes
 * bench/results.json. Scenarios (cli.ts): search discovery slots dashboard week storm realtime
 * messages pages teams class-rush series prepay-rush.
 * messages pages teams class-rush series payments-webhooks waitlist calendar push figures.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { root, staleTargets } from '../../scripts/build-state.mjs';
import { log, parseScenarios, settings } from './cli';
import { createBenchDatabase } from './database';
import { setReplay } from './scenarios/scale';
import { DATASET } from './dataset';
import { resultsFile, webDist } from './paths';
import { holdsExact, prepayRushExact } from './payments-targets';
import { formatTable } from './report';
import { type Results, runAll } from './run-scenarios';
import { classRushExact } from './scenarios/classes';
import { rowsOf } from './targets';
import { waitlistRushesExact } from './waitlist-targets';

/**
 * Builds what is stale, like `npm start`: the server always (the bench runs dist/main.js), the
 * web app only for the pages and week scenarios (the week calendar's render in Chromium). A web build that fails (work in progress elsewhere)
 * falls back to the last good apps/web/dist, and says so.
 */
function build(withWeb: boolean): boolean {
  let webBuildFailed = false;
  const workspaces: Record<string, string> = { web: '@slotwise/web', server: '@slotwise/server' };
  for (const target of staleTargets()) {
    if (target === 'web' && !withWeb) continue;
    log(`building ${target}…`);
    try {
      execSync(`npm run build -w ${workspaces[target]}`, { cwd: root, stdio: 'inherit' });
    } catch (error) {
      if (target !== 'web' || !existsSync(path.join(webDist, 'index.html'))) throw error;
      log('WARNING: the web build failed: measuring the last good apps/web/dist');
      webBuildFailed = true;
    }
  }
  return webBuildFailed;
}

async function main() {
  const scenarios = parseScenarios(process.argv.slice(2));
  const webBuildFailed = build(scenarios.includes('pages') || scenarios.includes('week'));
  // The pages need no data (web push and the figures write their own rows); the payments
  // webhooks and the waitlist only their own rows.
  const seed = scenarios.every((s) => s === 'pages' || s === 'push' || s === 'figures')
    ? 'none'
    : scenarios.every((s) => s === 'pages' || s === 'payments-webhooks')
      ? 'payments'
      : scenarios.every((s) => s === 'pages' || s === 'waitlist')
        ? 'waitlist'
        : 'all';
  log(
    `seeding ${seed === 'all' ? `${DATASET.providers.toLocaleString('en')} providers, ${DATASET.slots.toLocaleString('en')} slots` : seed === 'none' ? 'nothing (schema only)' : `the ${seed} scenario only`}…`,
  );
  // A replica on this machine replays only during the `replica` scenario (scenarios/scale.ts).
  const replicaAdminUrl = process.env.BENCH_REPLICA_URL;
  if (replicaAdminUrl) {
    await setReplay(replicaAdminUrl, false);
    log('replica: replay paused until the replica scenario');
  }
  const seedStarted = performance.now();
  const db = await createBenchDatabase(log, seed);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  log(`database: ${db.describe} (ready in ${seedSeconds.toFixed(0)} s)`);
  /** Read endpoints that could not be measured, and why (printed and in results.json). */
  const failures: Record<string, string> = {};
  let results: Results;
  try {
    results = await runAll(scenarios, db, failures);
  } finally {
    if (replicaAdminUrl) await setReplay(replicaAdminUrl, true);
    if (process.env.BENCH_KEEP_DATABASE && db.kind === 'postgres') {
      log(`kept ${db.url}`);
      await fs.rm(db.dataDir, { recursive: true, force: true });
    } else await db.drop();
  }
  const rows = rowsOf(results, failures);
  const table = formatTable(rows);
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
  console.log(
    `\nSlotwise bench · ${db.kind === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'} · pool ${settings.poolSize} · ` +
      `${settings.connections} connections × ${settings.duration} s · ${machine.cpus} × ${machine.cpuModel}\n`,
  );
  console.log(table);
  await fs.writeFile(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        database: db.kind,
        scenarios,
        settings,
        machine,
        seedSeconds,
        webBuildFailed,
        loadAverage: os.loadavg(),
        dataset: DATASET,
        table,
        rows,
        results,
      },
      null,
      2,
    )}\n`,
  );
  log(`results written to ${resultsFile}`);
  // A class that seats more (or fewer) than its seats is a wrong answer, not a slow one: the
  // run fails (docs/decisions/067-seats-and-series.md).
  const rush = results.classRush;
  if (rush && !classRushExact(rush)) {
    console.error(
      `\nbench: FAILED: the class rush gave ${rush.created} seats of ${rush.capacity} ` +
        `(${rush.conflicts} × 409, ${rush.serverErrors} × 5xx, ${rush.networkErrors} errors; ` +
        `${rush.bookedAfter} booked after): exactly ${rush.capacity} expected\n`,
    );
    process.exitCode = 1;
  }
  // The same for the prepaid rush: one hold per slot, each with its payment and expiry job
  // (docs/decisions/068-payments.md).
  const prepay = results.prepayRush;
  if (
    prepay &&
    (!prepayRushExact(prepay) || (prepay.after && !holdsExact(prepay.after, prepay.slots)))
  ) {
    console.error(
      `\nbench: FAILED: the prepaid rush gave ${prepay.created} × 201 (${prepay.heldAnswers} held) ` +
        `for ${prepay.slots} slots (${prepay.conflicts} × 409, ${prepay.serverErrors} × 5xx, ` +
        `${prepay.networkErrors} errors): exactly ${prepay.slots} holds expected\n`,
    );
    process.exitCode = 1;
  }
  // An offered slot booked by anyone but its offeree, or twice, is a wrong answer too
  // (docs/decisions/069-waitlist.md).
  const waitlist = results.waitlist;
  if (waitlist && !waitlistRushesExact(waitlist)) {
    console.error(
      `\nbench: FAILED: ${waitlist.rushes.filter((r) => !r.exact).length} of ` +
        `${waitlist.rushes.length} offered slots did not end with exactly one booking, the offeree's\n`,
    );
    process.exitCode = 1;
  }
}

await main();
