import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it("hides the arrow and '% from yesterday' when the change is 0", () => {
    render(<StatCard label="Today's Appointments" value="3" change={0} />);
    expect(screen.getByRole('heading', { name: "Today's Appointments" })).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText(/from yesterday/)).not.toBeInTheDocument();
  });

  it('shows an up arrow and the change for a rise', () => {
    render(<StatCard label="Average Duration" value="45 min" change={25} />);
    expect(screen.getByRole('img', { name: 'Up' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Down' })).not.toBeInTheDocument();
    expect(screen.getByText('25% from yesterday')).toBeInTheDocument();
  });

  it('shows a down arrow and the absolute value for a fall', () => {
    render(<StatCard label="Succesful Booking Rate" value="66.7%" change={-33.3} />);
    expect(screen.getByRole('img', { name: 'Down' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Up' })).not.toBeInTheDocument();
    expect(screen.getByText('33.3% from yesterday')).toBeInTheDocument();
    expect(screen.queryByText(/-33/)).not.toBeInTheDocument();
  });
});
