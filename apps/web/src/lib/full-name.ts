/** 'Ana', 'Lopez' → 'Ana Lopez'; the '-' placeholder last name (docs/product.md §9) is left out. */
export function fullName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim() === '-' ? '' : lastName.trim()]
    .filter(Boolean)
    .join(' ');
}
