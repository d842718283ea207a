/**
 * Where each kind of catalogue item is printed: the area, in millimetres on the item, where that area
 * sits in the item's 800x600 drawing (app/lib/product-art.ts) and, on a cylinder, how far round it the
 * area reaches. How an item is printed is the item's own data (`print` in catalogue.ts); the types and
 * words of print methods live here. The brand studio shows these rules and checks a design against them.
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
  /**
   * A process that marks in one look the buyer does not choose (gold foil, the metal's own tone when
   * engraved): the colour it is drawn in, and the words that say so.
   */
  fixed?: { colour: string; words: string };
};

/** The print methods the catalogue's items are made with, named once. */
export const printMethods = {
  padPrint: (colours: number): PrintMethod => ({ name: "Pad print", colours }),
  screenPrint: (colours: number): PrintMethod => ({ name: "Screen print", colours }),
  goldFoil: {
    name: "Gold foil stamping",
    colours: 1,
    fixed: { colour: "#c9a227", words: "Stamped in gold foil: the foil is the colour." },
  },
  laserEngraving: {
    name: "Laser engraving",
    colours: 1,
    fixed: { colour: "#3f4650", words: "Engraved into the metal: no ink, the metal's own darker tone." },
  },
  sublimation: { name: "Full-colour wrap (sublimation)", colours: "full" },
  uvPrint: { name: "UV print, full colour", colours: "full" },
  offsetPrint: { name: "Offset print, full colour", colours: "full" },
} satisfies Record<string, PrintMethod | ((colours: number) => PrintMethod)>;

/**
 * A print area on a round item: `axis` is the direction that runs round it, and the area reaches
 * `halfAngle` radians each side of the front (the asin of the area's half-width over the body's radius,
 * both as drawn).
 */
export type Cylinder = { axis: "x" | "y"; halfAngle: number };

export type PrintRule = {
  /** The printable area on the item, in millimetres. */
  areaMm: { width: number; height: number };
  /**
   * Where the area sits in the item's drawing, in drawing units, inside `transform` (the SVG transform
   * the drawing applies to that face of the item). Its sides keep the proportions of `areaMm`.
   */
  drawing: { x: number; y: number; w: number; h: number; transform?: string };
  /** Set on round items: the printed art follows the curve. */
  cylinder?: Cylinder;
  /** The area lies on a white or clear surface, not on the item's brand colour: a name prints in that colour. */
  onLight?: true;
};

/** How many colour fields a full-colour method offers: a name and a few brand colours, not a palette. */
export const fullColourChoices = 4;

/** The most colours a buyer chooses for this method. */
export const colourChoices = (method: PrintMethod) =>
  method.fixed ? 0 : method.colours === "full" ? fullColourChoices : method.colours;

export const printRules: Record<ItemKind, PrintRule> = {
  // The front pen of the pair, turned like the drawing turns it.
  pen: {
    areaMm: { width: 50, height: 6 },
    drawing: { x: 240, y: 280, w: 300, h: 36, transform: "translate(-10 90) rotate(-12 400 300)" },
    cylinder: { axis: "y", halfAngle: Math.asin(18 / 28) },
  },
  "chit-pad": {
    areaMm: { width: 84, height: 66 },
    drawing: { x: 15, y: 25, w: 140, h: 110, transform: "matrix(1 .5 0 1 230 265)" },
  },
  mug: {
    areaMm: { width: 95, height: 80 },
    drawing: { x: 290, y: 262, w: 190, h: 160 },
    cylinder: { axis: "x", halfAngle: Math.asin(95 / 115) },
    onLight: true,
  },
  cup: {
    areaMm: { width: 80, height: 60 },
    drawing: { x: 315, y: 290, w: 160, h: 120 },
    cylinder: { axis: "x", halfAngle: Math.asin(80 / 95) },
    onLight: true,
  },
  "travel-mug": {
    areaMm: { width: 60, height: 70 },
    drawing: { x: 340, y: 240, w: 120, h: 140 },
    cylinder: { axis: "x", halfAngle: Math.asin(60 / 78) },
  },
  "pen-holder": {
    areaMm: { width: 60, height: 45 },
    drawing: { x: 310, y: 295, w: 180, h: 135 },
    cylinder: { axis: "x", halfAngle: Math.asin(90 / 110) },
  },
  "desk-organiser": {
    areaMm: { width: 95, height: 20 },
    drawing: { x: 210, y: 408, w: 380, h: 80 },
  },
  // The pad's flat face, laid down like the drawing lays it.
  "mouse-pad": {
    areaMm: { width: 140, height: 130 },
    drawing: { x: 20, y: 20, w: 280, h: 260, transform: "matrix(1 0 -.42 .62 250 322)" },
  },
  "desk-calendar": {
    areaMm: { width: 80, height: 20 },
    drawing: { x: 240, y: 200, w: 320, h: 80 },
  },
  paperweight: {
    areaMm: { width: 55, height: 27.5 },
    drawing: { x: 290, y: 260, w: 220, h: 110 },
    onLight: true,
  },
  "maze-game": {
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
  if (method.colours === "full" || method.fixed) return method.name;
  return method.colours === 1 ? `${method.name}, 1 colour` : `${method.name}, up to ${method.colours} colours`;
}

/** An item's print methods in words, e.g. "Gold foil stamping; Pad print, 1 colour". */
export const describeMethods = (methods: readonly PrintMethod[]) => methods.map(describeMethod).join("; ");
