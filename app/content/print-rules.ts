/**
 * How each kind of catalogue item is printed: the print method, how many colours it prints and the
 * area it prints on, in millimetres on the item and where that area sits in the item's 800x600
 * drawing (app/lib/product-art.ts). The brand studio shows these rules and checks a design against them.
 *
 * An item's kind is read from its id's ending ("onset-pen-holder" is a pen holder, "onset-pen" a pen).
 */

export const itemKinds = [
  "pen-holder",
  "pen",
  "chit-pad",
  "travel-mug",
  "mug",
  "cup",
  "desk-organiser",
  "mouse-pad",
  "desk-calendar",
  "paperweight",
  "maze-game",
] as const;
export type ItemKind = (typeof itemKinds)[number];

/** Endings are tried in this order: "-pen-holder" before "-pen"; a pen may carry a variant ("-pen-blue"). */
const kindPatterns: [RegExp, ItemKind][] = [
  [/-pen-holder$/, "pen-holder"],
  [/-pen(?:-[a-z]+)?$/, "pen"],
  [/-chit-pad$/, "chit-pad"],
  [/-travel-mug$/, "travel-mug"],
  [/-mug$/, "mug"],
  [/-cup$/, "cup"],
  [/-desk-organiser$/, "desk-organiser"],
  [/-mouse-pad$/, "mouse-pad"],
  [/-desk-calendar$/, "desk-calendar"],
  [/-paperweight$/, "paperweight"],
  [/-maze-game$/, "maze-game"],
];

/** The kind of the catalogue item with this id; undefined when no drawing knows it. */
export function itemKind(id: string): ItemKind | undefined {
  return kindPatterns.find(([pattern]) => pattern.test(id))?.[1];
}

export type PrintMethod = {
  name: string;
  /** How many ink colours one print carries; "full" for full-colour processes (sublimation, UV, offset). */
  colours: number | "full";
};

export type PrintRule = {
  method: PrintMethod;
  /** The printable area on the item, in millimetres. */
  areaMm: { width: number; height: number };
  /**
   * Where the area sits in the item's drawing, in drawing units, inside `transform` (the SVG transform
   * the drawing applies to that face of the item). Its sides keep the proportions of `areaMm`.
   */
  drawing: { x: number; y: number; w: number; h: number; transform?: string };
};

/** How many colour fields a full-colour method offers: a name and a few brand colours, not a palette. */
export const fullColourChoices = 4;

/** The most colours a buyer chooses for this method. */
export const colourChoices = (method: PrintMethod) => (method.colours === "full" ? fullColourChoices : method.colours);

export const printRules: Record<ItemKind, PrintRule> = {
  // The front pen of the pair, turned like the drawing turns it.
  pen: {
    method: { name: "Pad print", colours: 1 },
    areaMm: { width: 50, height: 6 },
    drawing: { x: 240, y: 280, w: 300, h: 36, transform: "translate(-10 90) rotate(-12 400 300)" },
  },
  "chit-pad": {
    method: { name: "Screen print", colours: 4 },
    areaMm: { width: 84, height: 66 },
    drawing: { x: 15, y: 25, w: 140, h: 110, transform: "matrix(1 .5 0 1 230 265)" },
  },
  mug: {
    method: { name: "Full-colour wrap (sublimation)", colours: "full" },
    areaMm: { width: 95, height: 80 },
    drawing: { x: 290, y: 262, w: 190, h: 160 },
  },
  cup: {
    method: { name: "Pad print", colours: 2 },
    areaMm: { width: 80, height: 60 },
    drawing: { x: 315, y: 290, w: 160, h: 120 },
  },
  "travel-mug": {
    method: { name: "Pad print", colours: 1 },
    areaMm: { width: 60, height: 70 },
    drawing: { x: 340, y: 240, w: 120, h: 140 },
  },
  "pen-holder": {
    method: { name: "Screen print", colours: 3 },
    areaMm: { width: 60, height: 45 },
    drawing: { x: 310, y: 295, w: 180, h: 135 },
  },
  "desk-organiser": {
    method: { name: "Screen print", colours: 4 },
    areaMm: { width: 95, height: 20 },
    drawing: { x: 210, y: 408, w: 380, h: 80 },
  },
  // The pad's flat face, laid down like the drawing lays it.
  "mouse-pad": {
    method: { name: "Full-colour print (sublimation)", colours: "full" },
    areaMm: { width: 140, height: 130 },
    drawing: { x: 20, y: 20, w: 280, h: 260, transform: "matrix(1 0 -.42 .62 250 322)" },
  },
  "desk-calendar": {
    method: { name: "Offset print, full colour", colours: "full" },
    areaMm: { width: 80, height: 20 },
    drawing: { x: 240, y: 200, w: 320, h: 80 },
  },
  paperweight: {
    method: { name: "UV print, full colour", colours: "full" },
    areaMm: { width: 55, height: 27.5 },
    drawing: { x: 290, y: 260, w: 220, h: 110 },
  },
  "maze-game": {
    method: { name: "Pad print", colours: 2 },
    areaMm: { width: 40, height: 10 },
    drawing: { x: 340, y: 106, w: 120, h: 30 },
  },
};

/** The print rule of the catalogue item with this id; undefined when its kind is unknown. */
export function printRuleOf(id: string): PrintRule | undefined {
  const kind = itemKind(id);
  return kind && printRules[kind];
}

/** "Pad print, 1 colour" / "Screen print, up to 4 colours" / "Full-colour wrap (sublimation)". */
export function describeMethod(method: PrintMethod): string {
  if (method.colours === "full") return method.name;
  return method.colours === 1 ? `${method.name}, 1 colour` : `${method.name}, up to ${method.colours} colours`;
}
