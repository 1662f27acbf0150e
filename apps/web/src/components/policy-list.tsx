import { policySentences } from '@slotwise/shared/policies-schemas';

/** A booking policy as the sentences clients read (docs/product.md §11.4), one item each. */
export function PolicyList({
  policy,
  className,
}: {
  policy: Parameters<typeof policySentences>[0];
  className: string;
}) {
  return (
    <ul className={className}>
      {policySentences(policy).map((sentence) => (
        <li key={sentence}>{sentence}</li>
      ))}
    </ul>
  );
}
