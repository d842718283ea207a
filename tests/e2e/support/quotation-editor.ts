import type { Locator } from "@playwright/test";

/** The quantity and unit price of each of a quotation line's three options, as the editor's fields hold them. */
export function optionsOf(line: Locator): Promise<[string, string][]> {
  return Promise.all(
    [1, 2, 3].map((slot) =>
      Promise.all([
        line.getByLabel(`Quantity ${slot}`, { exact: true }).inputValue(),
        line.getByLabel(`Unit price ${slot} (PKR)`, { exact: true }).inputValue(),
      ]),
    ),
  );
}
