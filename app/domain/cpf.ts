/**
 * The CPF, the Brazilian taxpayer number: eleven digits, the last two being
 * check digits computed modulo 11. Repeated digits (111.111.111-11) pass the
 * arithmetic but are invalid by rule.
 */
export function normalizeCpf(value: string): string {
  return value.replace(/\D/g, "");
}

function checkDigit(digits: number[], weightStart: number): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weightStart - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const cpf = normalizeCpf(value);
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  return checkDigit(digits.slice(0, 9), 10) === digits[9] && checkDigit(digits.slice(0, 10), 11) === digits[10];
}

/** 12345678909 → 123.456.789-09 */
export function formatCpf(value: string): string {
  const cpf = normalizeCpf(value);
  return cpf.length === 11 ? `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}` : value;
}

/** 12345678909 → ***.456.789-** : enough to recognise a CPF on screen without disclosing it. */
export function maskCpf(value: string): string {
  const cpf = normalizeCpf(value);
  return cpf.length === 11 ? `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**` : "***";
}

/** The two check digits of nine base digits (for fixtures and examples): '529982247' → '25'. */
export function cpfCheckDigits(base: string): string {
  const digits = [...normalizeCpf(base)].map(Number);
  if (digits.length !== 9) throw new Error("A CPF base has nine digits");
  const first = checkDigit(digits, 10);
  return `${first}${checkDigit([...digits, first], 11)}`;
}
