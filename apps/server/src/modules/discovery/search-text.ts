/** What provider search matches: name and specialty, lower-cased, in one trigram-indexed column. */
export function providerSearchText(
  firstName: string,
  lastName: string,
  specialty: string | null,
): string {
  return `${firstName} ${lastName} ${specialty ?? ''}`.trim().replace(/\s+/g, ' ').toLowerCase();
}
