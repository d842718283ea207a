import { useState } from "react";
import type { PrintMethod } from "~/content/print-rules";
import { hexPattern } from "~/lib/design-schema";
import { ink } from "~/lib/product-art";

/**
 * The print colours: each typed as hex (a draft, kept while it is not yet a colour) or picked. A process
 * with its own look (foil, engraving) has its one colour and no choice.
 */
export function useColours(itemColour: string, method: PrintMethod, onLight: boolean) {
  // The first colour reads on the surface it prints on: the brand's colour on white, white or dark on the brand's colour.
  const first = method.fixed?.colour ?? (onLight ? itemColour : ink(itemColour));
  const [colours, setColours] = useState<string[]>([first]);
  const [drafts, setDrafts] = useState<string[]>([first]);

  function setDraft(index: number, value: string) {
    setDrafts((current) => current.map((draft, i) => (i === index ? value : draft)));
    if (hexPattern.test(value))
      setColours((current) => current.map((colour, i) => (i === index ? value.toLowerCase() : colour)));
  }

  function add() {
    const next = colours.length % 2 ? itemColour : ink(itemColour);
    setColours((current) => [...current, next]);
    setDrafts((current) => [...current, next]);
  }

  function remove(index: number) {
    setColours((current) => current.filter((_, i) => i !== index));
    setDrafts((current) => current.filter((_, i) => i !== index));
  }

  return { colours, drafts, setDraft, add, remove };
}
