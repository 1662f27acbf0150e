/**
 * Calendar sync's rows of the table (docs/decisions/071-calendar-sync.md): a 5,000-event feed
 * parsed and applied within 2 s on one core; 1,000 connections polled by one instance leave the
 * read load's p99 within 10 % of the same run without polling.
 */
import { fmt, type Row } from './report';
import type { Results } from './run-scenarios';

export function calendarRows(results: Results): Row[] {
  const rows: Row[] = [];
  const parse = results.calendarParse;
  if (parse) {
    const total = parse.parseCpuMs + parse.applyMs;
    rows.push({
      scenario: `calendar: ${parse.events.toLocaleString('en')}-event feed (${(parse.bytes / 1024 / 1024).toFixed(1)} MB, ${parse.recurring.toLocaleString('en')} recurring)`,
      measure: 'parse CPU (wall) + apply · instances · blocks · longest event-loop pause',
      value:
        `${fmt.ms(parse.parseCpuMs)} (${fmt.ms(parse.parseMs)}) + ${fmt.ms(parse.applyMs)} · ` +
        `${parse.instances.toLocaleString('en')} · ` +
        `${parse.blocksStored.toLocaleString('en')} · ${fmt.ms(parse.maxLoopDelayMs)}`,
      target: '≤ 2 s',
      met: total <= 2_000,
    });
  }
  const polling = results.calendarPolling;
  if (polling) {
    const baseline = Math.max(polling.without.p99, polling.withoutAgain.p99);
    const ratio = polling.with.p99 / baseline;
    rows.push({
      scenario: `calendar: search + available slots, ${polling.connections.toLocaleString('en')} connections polled`,
      measure: 'p99 without → with polling → without (ratio to the worse without) · req/s',
      value:
        `${fmt.ms(polling.without.p99)} → ${fmt.ms(polling.with.p99)} → ` +
        `${fmt.ms(polling.withoutAgain.p99)} (${ratio.toFixed(2)}) · ` +
        `${Math.round(polling.without.rps)} → ${Math.round(polling.with.rps)} → ` +
        `${fmt.rps(polling.withoutAgain.rps)}`,
      target: 'within 10 %',
      met: ratio <= 1.1,
    });
    rows.push({
      scenario: `calendar: the polling (${polling.connections.toLocaleString('en')} in ${polling.periodSeconds / 60} min)`,
      measure: 'syncs due by the end · done · failed · feed requests · busy blocks',
      value: `${polling.syncsDue} · ${polling.syncsDone} · ${polling.syncsFailed} · ${polling.feedRequests} · ${polling.busyBlocks.toLocaleString('en')}`,
      target: 'every due sync done, none failed',
      met: polling.syncsDone >= polling.syncsDue && polling.syncsFailed === 0,
    });
  }
  return rows;
}
