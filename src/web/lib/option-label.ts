/** An option value as the UI shows it: 'industry-specific' → 'Industry-specific'. */
export function optionLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1)
}
