// The amount in words a Pakistani invoice or cheque carries, in the South Asian grouping the office
// and the buyer's accounts department read: "Rupees one lakh twenty-five thousand only".

const ones = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

function belowHundred(n: number): string {
  if (n < 20) return ones[n]!;
  const rest = n % 10;
  return rest ? `${tens[Math.floor(n / 10)]}-${ones[rest]}` : tens[Math.floor(n / 10)]!;
}

/** A whole number in words with crore, lakh, thousand and hundred: 12_500_000 → "one crore twenty-five lakh". */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n < 100) return belowHundred(n);
  const groups: [number, string][] = [
    [10_000_000, "crore"],
    [100_000, "lakh"],
    [1_000, "thousand"],
    [100, "hundred"],
  ];
  const words: string[] = [];
  let rest = n;
  for (const [size, name] of groups) {
    const count = Math.floor(rest / size);
    if (count) words.push(`${numberInWords(count)} ${name}`);
    rest %= size;
  }
  if (rest) words.push(belowHundred(rest));
  return words.join(" ");
}

/** "Rupees one lakh twenty-five thousand only"; paisa when there are some: "… and fifty paisa only". */
export function amountInWords(paisa: number): string {
  if (!Number.isSafeInteger(paisa) || paisa < 0) throw new RangeError(`Not a whole number of paisa: ${paisa}`);
  const rupees = Math.floor(paisa / 100);
  const rest = paisa % 100;
  return `Rupees ${numberInWords(rupees)}${rest ? ` and ${numberInWords(rest)} paisa` : ""} only`;
}
