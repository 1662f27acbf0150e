/** 'Try again' after a failed load: refetches. */
export function TryAgainButton({ onClick, className }: { onClick: () => void; className: string }) {
  return (
    <button type="button" onClick={onClick} className={className}>
      Try again
    </button>
  );
}
