/**
 * The CRP, a psychologist's registration with the Regional Council of
 * Psychology: two digits of the region, a slash, six digits (spec 02, 2.1).
 */
export const CRP_PATTERN = /^\d{2}\/\d{6}$/;

export function isValidCrp(value: string): boolean {
  return CRP_PATTERN.test(value);
}

/** What the CRP field shows as one types: digits only, at most 8, a slash after the first two. */
export function formatCrpInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
