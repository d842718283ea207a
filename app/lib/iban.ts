/**
 * An IBAN's check (ISO 13616, MOD 97-10): the first four characters moved to the end, letters as
 * 10–35, the number modulo 97 is 1. Pakistan's: PK, 2 check digits, a 4-letter bank code, 16 digits.
 */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/ /g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  if (compact.startsWith("PK") && !/^PK\d{2}[A-Z]{4}\d{16}$/.test(compact)) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** The two check digits an IBAN of this country and account (BBAN) must carry. */
export function ibanCheckDigits(country: string, bban: string): string {
  return String(98 - mod97(`${bban}${country}00`.toUpperCase())).padStart(2, "0");
}

function mod97(text: string): number {
  let rest = 0;
  for (const character of text) {
    const value = Number.parseInt(character, 36);
    rest = (value > 9 ? rest * 100 + value : rest * 10 + value) % 97;
  }
  return rest;
}

/** An IBAN in groups of four, as banks print it: "PK15 EXMP 0012 3456 7890 1234". */
export const groupedIban = (iban: string) => iban.replace(/ /g, "").replace(/(.{4})(?=.)/g, "$1 ");
