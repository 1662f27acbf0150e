import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StarRating } from './star-rating';

describe('StarRating', () => {
  it("reads '4.6 out of 5, 23 reviews' as one image, singular for one review", () => {
    const { rerender } = render(<StarRating rating={4.6} reviewCount={23} />);
    expect(screen.getByRole('img', { name: '4.6 out of 5, 23 reviews' })).toBeInTheDocument();
    rerender(<StarRating rating={5} reviewCount={1} />);
    expect(screen.getByRole('img', { name: '5.0 out of 5, 1 review' })).toBeInTheDocument();
  });

  it('shows the empty text (or nothing) without reviews', () => {
    const { rerender, container } = render(<StarRating rating={null} reviewCount={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<StarRating rating={null} reviewCount={0} emptyText="No reviews yet" />);
    expect(screen.getByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it("one review's own rating reads without a count", () => {
    render(<StarRating rating={3} reviewCount={null} />);
    expect(screen.getByRole('img', { name: '3 out of 5 stars' })).toBeInTheDocument();
  });
});
