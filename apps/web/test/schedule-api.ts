import {
  AVAILABILITY_MESSAGES,
  timeOffBodySchema,
  timeOffCreatedResponseSchema,
  timeOffListResponseSchema,
  timeslotViewResponseSchema,
  timeOffBookedMessage,
  weeklyHoursResponseSchema,
  weeklyHoursSavedResponseSchema,
  type CoveredAppointment,
  type TimeOff,
  type TimeslotWindowSlot,
  type WeeklyHoursBody,
} from '@slotwise/shared/availability-schemas';
import { addDays, secondsOf, timeOf, todayIn, weekdayOf } from '@slotwise/shared/dates';
import { MESSAGES } from '@slotwise/shared/texts';
import { timeslotMessageResponseSchema } from '@slotwise/shared/availability-slot-schemas';
import { z } from '@slotwise/shared/zod';
import { mockBookingApi, type BookingBackend, type ExtraRoutes } from './booking-api';
import { contractError, contractJson } from './contract';
import type { ApiCall } from './mock-api';

/**
 * The provider's week on top of the in-memory booking API (test/booking-api.ts): the calendar
 * window of GET /api/timeslots/view?from&to, slot create and delete, weekly hours and time off
 * (docs/decisions/040-weekly-hours-and-time-off.md). Every answer is checked against the shared
 * schemas like the booking fake's.
 */

export interface ScheduleBackend extends BookingBackend {
  slots: TimeslotWindowSlot[];
  weekly: { rules: WeeklyHoursBody['rules']; horizonWeeks: number };
  timeOff: TimeOff[];
  /** While set, GET /api/timeslots/view answers only once it resolves (a slow first load). */
  holdWindow?: Promise<void>;
}

export function makeWindowSlot(overrides: Partial<TimeslotWindowSlot> = {}): TimeslotWindowSlot {
  return {
    id: crypto.randomUUID(),
    day: todayIn(undefined),
    start_time: '09:00:00',
    end_time: '09:30:00',
    type: 'Barber',
    is_booked: false,
    source: 'manual',
    appointment_id: null,
    client_first_name: null,
    client_last_name: null,
    ...overrides,
  };
}

const plainSlot = ({ id, day, start_time, end_time, type, is_booked }: TimeslotWindowSlot) => ({
  id,
  day,
  start_time,
  end_time,
  type,
  is_booked,
});

function badRequest(route: string, message: string) {
  return contractError(route, 400, { message, error: message, code: 'VALIDATION_ERROR' });
}

/** Slots the rules make from today through the horizon (a plain version of the server's run). */
function generate(backend: ScheduleBackend): number {
  const today = todayIn(undefined);
  let created = 0;
  for (let offset = 0; offset < backend.weekly.horizonWeeks * 7; offset += 1) {
    const day = addDays(today, offset);
    const weekday = ((weekdayOf(day) + 6) % 7) + 1;
    for (const rule of backend.weekly.rules.filter((candidate) => candidate.weekday === weekday)) {
      const step = rule.slotMinutes * 60;
      const pause = (rule.breakMinutes ?? 0) * 60;
      for (let at = secondsOf(rule.start); at + step <= secondsOf(rule.end); at += step + pause) {
        const start = timeOf(at);
        const clash = backend.slots.some((slot) => slot.day === day && slot.start_time === start);
        if (clash) continue;
        backend.slots.push(
          makeWindowSlot({ day, start_time: start, end_time: timeOf(at + step), source: 'weekly' }),
        );
        created += 1;
      }
    }
  }
  return created;
}

/**
 * Stubs fetch with the booking API plus the provider's week (undo with vi.unstubAllGlobals());
 * `more` answers what neither knows (e.g. test/business-api.ts).
 */
export function mockScheduleApi(more?: ExtraRoutes): ScheduleBackend {
  const extra = (call: ApiCall, route: string) =>
    handle(backend, call, route) ?? more?.(call, route);
  const backend = mockBookingApi(extra) as ScheduleBackend;
  backend.slots = [];
  backend.weekly = { rules: [], horizonWeeks: 4 };
  backend.timeOff = [];
  return backend;
}

function handle(backend: ScheduleBackend, call: ApiCall, route: string) {
  const url = new URL(call.url, 'http://localhost');
  const id = call.path.split('/').at(-1) ?? '';
  switch (route) {
    case 'GET /api/timeslots/view': {
      const answer = () => {
        const from = url.searchParams.get('from');
        const to = url.searchParams.get('to');
        const slots = backend.slots
          .filter((slot) => !from || !to || (slot.day >= from && slot.day <= to))
          .sort((a, b) => `${a.day}${a.start_time}`.localeCompare(`${b.day}${b.start_time}`));
        return contractJson(route, timeslotViewResponseSchema, 200, { slots });
      };
      return backend.holdWindow ? backend.holdWindow.then(answer) : answer();
    }
    case 'POST /api/timeslots/create': {
      const body = call.body as { day: string; startTime: string; endTime: string };
      const slot = makeWindowSlot({
        day: body.day,
        start_time: body.startTime,
        end_time: body.endTime,
      });
      backend.slots.push(slot);
      return contractJson(route, timeslotMessageResponseSchema, 201, {
        message: MESSAGES.slotCreated,
        slot: plainSlot(slot),
      });
    }
    case 'DELETE /api/timeslots/delete/:id': {
      backend.slots = backend.slots.filter((slot) => slot.id !== id);
      return contractJson(route, z.object({ message: z.string() }), 200, {
        message: MESSAGES.slotDeleted,
      });
    }
    case 'GET /api/availability/weekly':
      return contractJson(route, weeklyHoursResponseSchema, 200, {
        rules: backend.weekly.rules.map(ruleResponse),
        horizonWeeks: backend.weekly.horizonWeeks,
        timezone: 'America/New_York',
      });
    case 'PUT /api/availability/weekly': {
      const body = call.body as WeeklyHoursBody;
      backend.weekly = { rules: body.rules, horizonWeeks: body.horizonWeeks };
      const created = generate(backend);
      return contractJson(route, weeklyHoursSavedResponseSchema, 200, {
        message: AVAILABILITY_MESSAGES.weeklySaved,
        rules: body.rules.map(ruleResponse),
        horizonWeeks: body.horizonWeeks,
        timezone: 'America/New_York',
        generation: {
          created,
          kept: 0,
          removed: 0,
          skippedClashes: 0,
          skippedTimeOff: 0,
          skippedNonexistent: 0,
        },
      });
    }
    case 'GET /api/availability/time-off':
      return contractJson(route, timeOffListResponseSchema, 200, { timeOff: backend.timeOff });
    case 'POST /api/availability/time-off': {
      const parsed = timeOffBodySchema.safeParse(call.body);
      if (!parsed.success) return badRequest(route, parsed.error.issues[0]!.message);
      const from = parsed.data.from.slice(0, 10);
      const to = parsed.data.to.slice(0, 10);
      const entry: TimeOff = {
        id: crypto.randomUUID(),
        starts_at: `${from}T05:00:00.000Z`,
        ends_at: `${addDays(to, 1)}T05:00:00.000Z`,
        reason: parsed.data.reason,
      };
      backend.timeOff.push(entry);
      const inside = (slot: TimeslotWindowSlot) => slot.day >= from && slot.day <= to;
      const removed = backend.slots.filter((slot) => inside(slot) && !slot.is_booked);
      const booked: CoveredAppointment[] = backend.slots
        .filter((slot) => inside(slot) && slot.is_booked)
        .map((slot) => ({
          id: slot.appointment_id ?? crypto.randomUUID(),
          day: slot.day,
          start_time: slot.start_time,
          end_time: slot.end_time,
          service_type: slot.type,
          client_first_name: slot.client_first_name ?? '',
          client_last_name: slot.client_last_name ?? '',
        }));
      backend.slots = backend.slots.filter((slot) => !removed.includes(slot));
      return contractJson(route, timeOffCreatedResponseSchema, 201, {
        message: timeOffBookedMessage(booked.length),
        timeOff: entry,
        removedSlots: removed.length,
        bookedAppointments: booked,
      });
    }
    case 'DELETE /api/availability/time-off/:id': {
      backend.timeOff = backend.timeOff.filter((entry) => entry.id !== id);
      return contractJson(route, z.object({ message: z.string(), createdSlots: z.number() }), 200, {
        message: AVAILABILITY_MESSAGES.timeOffDeleted,
        createdSlots: generate(backend),
      });
    }
  }
  return undefined;
}

function ruleResponse(rule: WeeklyHoursBody['rules'][number]) {
  return {
    weekday: rule.weekday,
    start: rule.start,
    end: rule.end,
    serviceId: rule.serviceId ?? null,
    slotMinutes: rule.slotMinutes,
    breakMinutes: rule.breakMinutes ?? 0,
  };
}
