/** The results as table rows, each figure beside its target and whether it was met. */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';
import { ALL_READ_ENDPOINTS } from './scenarios/reads';
import { classRushRows, seriesRows } from './classes-targets';
import { prepayRows } from './payments-targets';
import { pushRows } from './push-targets';
import { waitlistRows } from './waitlist-targets';
import { paymentsWebhooksRows } from './scenarios/payments-webhooks';
import { calendarRows } from './calendar-targets';
import { figuresRows } from './figures-targets';
import { scaleRows } from './scale-targets';
import type { TeamsRushFloor, TeamsRushResult } from './scenarios/teams';
import type { WeekRender } from './scenarios/week-render';

export function rowsOf(results: Results, failures: Record<string, string>): Row[] {
  const rows: Row[] = [];
  if (results.hello) {
    rows.push({
      scenario: 'hello world (bare Fastify)',
      measure: 'req/s · p50/p99',
      value: `${fmt.rps(results.hello.rps)} · ${fmt.ms(results.hello.p50)}/${fmt.ms(results.hello.p99)}`,
      target: 'machine ceiling',
      met: null,
    });
  }
  if (results.pgbench) {
    const { select: pgs, booking: pgb } = results.pgbench;
    rows.push({
      scenario: `pgbench -S (select-only, ${pgs.clients} clients, -j ${pgs.threads})`,
      measure: 'tps · latency avg',
      value: `${fmt.rps(pgs.tps).replace('req/s', 'tps')} · ${fmt.ms(pgs.latencyAvgMs)}`,
      target: 'database ceiling (reads)',
      met: null,
    });
    rows.push({
      scenario: `pgbench booking-shaped (claim + insert, ${pgb.clients} clients)`,
      measure: 'tps · latency avg',
      value: `${fmt.rps(pgb.tps).replace('req/s', 'tps')} · ${fmt.ms(pgb.latencyAvgMs)}`,
      target: 'database ceiling (bookings)',
      met: null,
    });
  }
  for (const [key, reason] of Object.entries(failures)) {
    rows.push({
      scenario: key,
      measure: 'FAILED',
      value: reason.slice(0, 80),
      target: '',
      met: false,
    });
  }
  for (const endpoint of ALL_READ_ENDPOINTS) {
    const measured = results.reads[endpoint.key];
    if (!measured) continue;
    const { server, floor } = measured;
    const ratio = floor ? (server.rps / floor.rps) * 100 : NaN;
    const discovery = endpoint.scenario === 'discovery';
    const searchTarget = endpoint.key === 'search' || discovery;
    // The week view: p99 ≤ 30 ms at 50 connections (bench/README.md, targets).
    const p99Target = searchTarget ? 50 : endpoint.key === 'week' ? 30 : null;
    // Search and every discovery combination: ≥ 1,000 req/s as well.
    const rpsTarget = searchTarget ? 1000 : null;
    const non2xx = Object.entries(server.status).filter(([code]) => !code.startsWith('2'));
    rows.push({
      scenario: endpoint.label,
      measure: 'req/s · p50/p99',
      value:
        `${fmt.rps(server.rps)} · ${fmt.ms(server.p50)}/${fmt.ms(server.p99)}` +
        (non2xx.length || server.errors
          ? ` (errors: ${JSON.stringify(Object.fromEntries(non2xx))} ${server.errors})`
          : ''),
      floor: floor ? `${fmt.rps(floor.rps)} · ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct(ratio) : undefined,
      target: endpoint.targets
        ? `≥ ${fmt.rps(endpoint.targets.minRps)}, p99 ≤ ${endpoint.targets.maxP99Ms} ms`
        : (rpsTarget ? `≥ ${rpsTarget.toLocaleString('en')} req/s, ` : '') +
          (p99Target ? `≥ 60 % floor, p99 ≤ ${p99Target} ms` : '≥ 60 % floor'),
      met:
        non2xx.length > 0 || server.errors > 0
          ? false
          : endpoint.targets
            ? server.rps >= endpoint.targets.minRps && server.p99 <= endpoint.targets.maxP99Ms
            : !floor
              ? false
              : ratio >= 60 &&
                (p99Target === null || server.p99 <= p99Target) &&
                (rpsTarget === null || server.rps >= rpsTarget),
    });
  }
  const render = results.weekRender;
  if (render) {
    // Judged at the 75th percentile, as Core Web Vitals judge a page's loads (decision 060):
    // the first week after each page load, and the weeks paged to after it, each on its own.
    const firsts = render.loads.map((load) => load.first);
    const nexts = render.loads.flatMap((load) => load.next);
    const summary = (weeks: WeekRender[], pick: (week: WeekRender) => number) => {
      const sorted = weeks.map(pick).sort((a, b) => a - b);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
      return { p50: at(0.5), p75: at(0.75), max: sorted.at(-1)! };
    };
    const first = summary(firsts, (week) => week.paint);
    const next = summary(nexts, (week) => week.paint);
    const firstCommit = summary(firsts, (week) => week.render);
    const nextCommit = summary(nexts, (week) => week.render);
    const firstIdle = summary(firsts, (week) => week.idle);
    const nextIdle = summary(nexts, (week) => week.idle);
    rows.push({
      scenario:
        `week calendar in Chromium (${nexts[0]?.slots ?? firsts[0]?.slots} slots a week` +
        `${render.cpuSlowdown > 1 ? `, CPU ${render.cpuSlowdown}× slower` : ''})`,
      measure: `to first paint p50/p75/max: first week (${firsts.length} loads) · next (${nexts.length})`,
      value:
        `${fmt.ms(first.p50)}/${fmt.ms(first.p75)}/${fmt.ms(first.max)} · ` +
        `${fmt.ms(next.p50)}/${fmt.ms(next.p75)}/${fmt.ms(next.max)}` +
        ` (p75 to commit: ${fmt.ms(firstCommit.p75)} · ${fmt.ms(nextCommit.p75)};` +
        ` to idle: ${fmt.ms(firstIdle.p75)} · ${fmt.ms(nextIdle.p75)})`,
      target: '≤ 100 ms (p75)',
      met: first.p75 <= 100 && next.p75 <= 100,
    });
  }
  const bookingCeiling = results.pgbench?.booking.tps;
  for (const storm of results.storms ?? []) {
    const label = `booking rush ${storm.round + 1} (2,000 req, 500 clients, 500 fresh slots)`;
    const exact = storm.created === storm.slots && storm.distinctSlotsBooked === storm.slots;
    rows.push({
      scenario: label,
      measure: '201 · 409 · 5xx · err',
      value: `${storm.created} · ${storm.conflicts} · ${storm.serverErrors} · ${storm.networkErrors}`,
      target: '500 · 1500 · 0 · 0',
      met:
        exact && storm.serverErrors === 0 && storm.networkErrors === 0 && storm.conflicts === 1500,
    });
    const share = bookingCeiling ? (storm.rate / bookingCeiling) * 100 : NaN;
    const floor = results.stormFloors?.[storm.round];
    rows.push({
      scenario: label,
      measure: 'all answered in · p50/p99',
      value: `${fmt.ms(storm.wallMs)} · ${fmt.ms(storm.p50)}/${fmt.ms(storm.p99)}`,
      // The floor's wall time as a share of this rush's: 100 % would be "as fast as no server work".
      floor: floor ? `${fmt.ms(floor.wallMs)} · p99 ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct((floor.wallMs / storm.wallMs) * 100) : undefined,
      target: '≤ 1.5 s, p99 ≤ 1 s',
      met: storm.wallMs <= 1_500 && storm.p99 <= 1_000,
    });
    // The target is the same burst against bare Fastify (HTTP alone: one connection per request),
    // not pgbench's rate, which even bare Fastify does not reach on a 2-core machine; the pgbench
    // share stays as information.
    const floorShare = floor ? (floor.wallMs / storm.wallMs) * 100 : NaN;
    rows.push({
      scenario: label,
      measure: 'answers/s · share of the floor’s rate (of pgbench booking)',
      value:
        `${fmt.rps(storm.rate)}` +
        (Number.isFinite(floorShare) ? ` · ${fmt.pct(floorShare)}` : '') +
        (Number.isFinite(share) ? ` (${fmt.pct(share)} of ${fmt.rps(bookingCeiling!)})` : ''),
      ofFloor: Number.isFinite(floorShare) ? fmt.pct(floorShare) : undefined,
      target: Number.isFinite(floorShare) ? '≥ 60 % of the bare-Fastify floor' : '',
      met: Number.isFinite(floorShare) ? floorShare >= 60 : null,
    });
    rows.push({
      scenario: label,
      measure: 'booked after (distinct slots)',
      value: `${storm.bookedAfter} (${storm.distinctSlotsBooked})`,
      target: '500 (500)',
      met: storm.bookedAfter === storm.slots && storm.distinctSlotsBooked === storm.slots,
    });
    rows.push({
      scenario: label,
      measure: 'server RSS peak · after · after full GC (heap after · live)',
      value:
        `${storm.rssPeakMB.toFixed(0)} · ${storm.rssAfterMB.toFixed(0)} · ` +
        `${storm.rssAfterGcMB.toFixed(0)} MB (${storm.heapAfterMB.toFixed(0)} · ` +
        `${storm.liveHeapMB.toFixed(0)} MB)`,
      target: '',
      met: null,
    });
  }
  const rushes = results.storms ?? [];
  if (rushes.length > 1) {
    // The live heap (after a full GC) is what a leak grows; RSS and the heap before collection
    // also hold garbage V8 had not swept yet, and move with its timing.
    const first = rushes[0]!;
    const last = rushes[rushes.length - 1]!;
    const liveGrowth = last.liveHeapMB - first.liveHeapMB;
    rows.push({
      scenario: `leak check (${rushes.length} rushes in a row)`,
      measure: 'live heap after each · growth 1st → last (RSS after GC)',
      value:
        `${rushes.map((r) => r.liveHeapMB.toFixed(0)).join(' → ')} MB · ` +
        `${liveGrowth >= 0 ? '+' : ''}${liveGrowth.toFixed(1)} MB ` +
        `(RSS ${rushes.map((r) => r.rssAfterGcMB.toFixed(0)).join(' → ')} MB)`,
      target: 'no growth (≤ +5 %)',
      met: liveGrowth <= first.liveHeapMB * 0.05,
    });
  }
  for (const [i, rush] of (results.teamsRushes ?? []).entries()) {
    rows.push(...teamsRushRows(rush, results.teamsRushFloors?.[i]));
  }
  if (results.classRush) rows.push(...classRushRows(results.classRush, results.classRushFloor));
  if (results.series) rows.push(...seriesRows(results.series));
  rows.push(...prepayRows(results));
  if (results.paymentsWebhooks) rows.push(...paymentsWebhooksRows(results.paymentsWebhooks));
  rows.push(...waitlistRows(results));
  rows.push(...calendarRows(results));
  rows.push(...pushRows(results));
  rows.push(...figuresRows(results));
  rows.push(...scaleRows(results));
  const rt = results.realtime;
  if (rt) {
    rows.push({
      scenario: `real time (${rt.connected.toLocaleString('en')} sockets)`,
      measure: 'commit → new_appointment p50/p99',
      value: `${fmt.ms(rt.p50)}/${fmt.ms(rt.p99)} (${rt.delivered}/${rt.bookings} delivered)`,
      target: 'p99 ≤ 100 ms',
      met: rt.connected === rt.sockets && rt.delivered === rt.bookings && rt.p99 <= 100,
    });
    rows.push({
      scenario: 'real time',
      measure: 'booking sent → event · → 201 (p50/p99)',
      value:
        `${fmt.ms(rt.sentToEventP50)}/${fmt.ms(rt.sentToEventP99)} · ` +
        `${fmt.ms(rt.bookingP50)}/${fmt.ms(rt.bookingP99)}`,
      target: '',
      met: null,
    });
    rows.push({
      scenario: 'real time',
      measure: 'server memory per idle socket',
      value: `RSS ${rt.rssPerSocketKB.toFixed(1)} KB · heap ${rt.heapPerSocketKB.toFixed(1)} KB`,
      target: '≤ 60 KB',
      met: rt.rssPerSocketKB <= 60,
    });
    rows.push({
      scenario: 'real time',
      measure: `server RSS: idle → ${rt.connected.toLocaleString('en')} sockets`,
      value: `${rt.rssBeforeMB.toFixed(0)} MB → ${rt.rssAfterMB.toFixed(0)} MB`,
      target: '',
      met: null,
    });
  }
  const ms = results.messages;
  if (ms) {
    rows.push({
      scenario: `messages (${ms.connected.toLocaleString('en')} sockets)`,
      measure: 'commit → new_message p50/p99',
      value: `${fmt.ms(ms.p50)}/${fmt.ms(ms.p99)} (${ms.delivered}/${ms.messages} delivered)`,
      target: 'p99 ≤ 100 ms',
      met: ms.connected === ms.sockets && ms.delivered === ms.messages && ms.p99 <= 100,
    });
    rows.push({
      scenario: 'messages',
      measure: 'message sent → event (p50/p99)',
      value: `${fmt.ms(ms.sentToEventP50)}/${fmt.ms(ms.sentToEventP99)}`,
      target: '',
      met: null,
    });
    rows.push({
      scenario: `messages (${ms.historyMessages.toLocaleString('en')}-message history)`,
      measure: `page of 50 p50/p99 (${ms.historyPages} pages)`,
      value: `${fmt.ms(ms.historyP50)}/${fmt.ms(ms.historyP99)}${ms.historyComplete ? '' : ' INCOMPLETE'}`,
      target: 'p99 ≤ 20 ms',
      met: ms.historyComplete && ms.historyP99 <= 20,
    });
  }
  for (const page of results.pages ?? []) {
    rows.push({
      scenario: `page ${page.path}`,
      measure: 'JS gzip (br sent)',
      value: `${fmt.kb(page.jsGzipBytes)} (${fmt.kb(page.jsTransferredBytes)}) in ${page.scripts} files`,
      target: `≤ ${fmt.kb(page.jsBudgetBytes)}`,
      met: page.jsGzipBytes <= page.jsBudgetBytes,
    });
    if (page.lighthouseTarget === null) continue;
    rows.push({
      scenario: `page ${page.path}`,
      measure: 'Lighthouse performance',
      value:
        page.lighthouse === null
          ? `n/a (${page.lighthouseError ?? 'no score'})`
          : String(page.lighthouse),
      target: `≥ ${page.lighthouseTarget}`,
      met: page.lighthouse !== null && page.lighthouse >= page.lighthouseTarget,
    });
    if (page.seoTarget === undefined) continue;
    const seo = page.lighthouseSeo ?? null;
    rows.push({
      scenario: `page ${page.path}`,
      measure: 'Lighthouse SEO',
      value: seo === null ? `n/a (${page.lighthouseError ?? 'no score'})` : String(seo),
      target: `≥ ${page.seoTarget}`,
      met: seo !== null && seo >= page.seoTarget,
    });
  }
  const install = results.pages?.find((page) => page.installability)?.installability;
  if (install) {
    rows.push({
      scenario: 'page /',
      measure: 'installable (Page.getInstallabilityErrors)',
      value: install.failure
        ? `n/a (${install.failure})`
        : install.errors.length === 0
          ? 'no errors'
          : install.errors.join('; '),
      target: 'no errors',
      met: !install.failure && install.errors.length === 0,
    });
  }
  return rows;
}

/**
 * A teams rush (docs/product.md §13.2–§13.3): who won, the refusals' codes, and the time until
 * all 200 were answered beside the same burst against bare Fastify.
 */
function teamsRushRows(rush: TeamsRushResult, floor: TeamsRushFloor | undefined): Row[] {
  const anyStaff = rush.kind === 'anyStaff';
  const label = anyStaff
    ? `teams: "any staff" (${rush.requests} clients, ${rush.bookedPerStaff.length} staff × 1 time)`
    : `teams: one room (${rush.requests} clients, ${rush.bookedPerStaff.length} overlapping slots)`;
  const winners = anyStaff ? rush.bookedPerStaff.length : 1;
  const booked = rush.bookedPerStaff.reduce((sum, n) => sum + n, 0);
  const codes = Object.entries(rush.refusalCodes)
    .map(([code, count]) => `${code} ${count}`)
    .join(', ');
  // "Any staff": each staff member booked exactly once, by the database and by the answers.
  const exact = anyStaff
    ? rush.bookedPerStaff.every((n) => n === 1) && new Set(rush.winners).size === winners
    : booked === 1;
  const refusalsOk = Object.keys(rush.refusalCodes).every((code) =>
    anyStaff ? code === 'SLOT_TAKEN' : code === 'RESOURCE_BUSY' || code === 'SLOT_TAKEN',
  );
  const losers = rush.requests - winners;
  return [
    {
      scenario: label,
      measure: '201 · 409 · 5xx · err (409 codes)',
      value:
        `${rush.created} · ${rush.conflicts} · ${rush.serverErrors} · ${rush.networkErrors}` +
        (codes ? ` (${codes})` : '') +
        (Object.keys(rush.otherStatus).length ? ` other ${JSON.stringify(rush.otherStatus)}` : ''),
      target: `${winners} · ${losers} · 0 · 0`,
      met:
        rush.created === winners &&
        rush.conflicts === losers &&
        rush.serverErrors === 0 &&
        rush.networkErrors === 0 &&
        refusalsOk &&
        exact,
    },
    {
      scenario: label,
      measure: anyStaff
        ? 'booked after, per staff member (distinct staff in the 201s)'
        : 'booked after, all staff',
      value: anyStaff
        ? `${rush.bookedPerStaff.join(' ')} (${new Set(rush.winners).size})`
        : `${booked}`,
      target: anyStaff ? `1 each (${winners})` : '1',
      met: exact,
    },
    {
      scenario: label,
      measure: 'all answered in · p50/p99',
      value: `${fmt.ms(rush.wallMs)} · ${fmt.ms(rush.p50)}/${fmt.ms(rush.p99)}`,
      floor: floor ? `${fmt.ms(floor.wallMs)} · p99 ${fmt.ms(floor.p99)}` : undefined,
      ofFloor: floor ? fmt.pct((floor.wallMs / rush.wallMs) * 100) : undefined,
      target: '≤ 1 s',
      met: rush.wallMs <= 1_000,
    },
  ];
}
