/**
 * The CRP, a psychologist's registration with the Regional Council of
 * Psychology: two digits of the region, a slash, six digits (spec 02, 2.1).
 */
export const CRP_PATTERN = /^\d{2}\/\d{6}$/;

export function isValidCrp(value: string): boolean {
  return CRP_PATTERN.test(value);
}

/** What may separate a CRP's digits as typed: spaces, dots and dashes (including the typographic ones phones put in). */
const CRP_SEPARATORS = /[\s.\-\u2010-\u2015\u2212]/g;

/**
 * The CRP as stored, 'XX/XXXXXX', from what was typed, or null when it is not one.
 * Without JavaScript the field is not formatted as one types, so the server takes
 * '06123456', '06 123456' or '06-123456' as the browser sent them; anything else
 * (letters, a slash elsewhere, other than 8 digits) stays refused.
 */
export function normalizeCrp(raw: string): string | null {
  const compact = raw.replace(CRP_SEPARATORS, "");
  if (CRP_PATTERN.test(compact)) return compact;
  return /^\d{8}$/.test(compact) ? `${compact.slice(0, 2)}/${compact.slice(2)}` : null;
}

/** What the CRP field shows as one types: digits only, at most 8, a slash after the first two. */
export function formatCrpInput(raw: string): string {
  const digits = raw.replace(/\D/g, "").slice(0, 8);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
