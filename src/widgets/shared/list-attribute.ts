/** A comma-separated attribute ('name, email') as a list of names. */
export function nameList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
