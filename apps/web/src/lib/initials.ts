/** 'Ada Lovelace' → 'AL', 'Cher' → 'C'; the '-' placeholder last name (docs/product.md §9) is skipped. */
export function getInitials(name: string | null | undefined): string {
  if (!name) return '';
  const words = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '' && word !== '-');
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
