import type { OptionTotals } from "./totals";

// How each option of a quotation is named wherever its total is written: the e-mail, the PDF and the
// buyer's page say the same words.

const pieces = (quantity: number) => quantity.toLocaleString("en-US");

/** "Option 2", or for the nearest choices that are no single option, what they are. */
export const optionTitle = (entry: Pick<OptionTotals, "option">) =>
  entry.option === null ? "Nearest your quantity" : `Option ${entry.option}`;

/** "500 pcs", or each line's quantity in line order: "500 / 100 pcs". */
export const optionQuantities = (entry: Pick<OptionTotals, "quantities">) =>
  `${entry.quantities.map(pieces).join(" / ")} pcs`;

/** Why an option is the recommended one, when the buyer said how many they want. */
export const nearestNote = (asked: number) => `nearest the ${pieces(asked)} pcs you asked for`;

/** The option's name with its quantities, and the recommendation when it is the one nearest what was asked. */
export const optionHeading = (entry: Pick<OptionTotals, "option" | "quantities" | "nearest">, asked: number | null) =>
  `${optionTitle(entry)}: ${optionQuantities(entry)}${entry.nearest && asked !== null ? ` (recommended: ${nearestNote(asked)})` : ""}`;
