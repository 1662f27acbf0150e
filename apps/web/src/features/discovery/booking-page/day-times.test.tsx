import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSlot } from '../../../../test/booking-api';
import { DayTimes } from './day-times';

/** A class's time says its seats left (docs/decisions/067-seats-and-series.md); a slot does not. */
describe('the day’s times', () => {
  it("shows '3 of 12 left' on a class's time only", () => {
    const yoga = makeSlot({
      start_time: '18:00:00',
      end_time: '19:00:00',
      capacity: 12,
      seats_left: 3,
    });
    const cut = makeSlot({
      start_time: '09:00:00',
      end_time: '09:30:00',
      capacity: 1,
      seats_left: 1,
    });
    render(
      <DayTimes
        day={yoga.day}
        slots={[cut, yoga]}
        chosenId={null}
        busyId={null}
        showService={false}
        onChoose={() => {}}
      />,
    );
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      '09:00 Book Now',
      '18:00 3 of 12 left Book Now',
    ]);
    expect(buttons[1]).toHaveAccessibleDescription(/, 3 of 12 left$/);
  });
});
