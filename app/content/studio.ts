/** The words of the brand studio (/portfolio/<id>/studio) and of the design it hands to the quote form. */
export const studioText = {
  eyebrow: "Brand studio",
  title: (itemTitle: string) => `Your brand on the ${itemTitle}`,
  lead: "Type your brand name, choose its print colours and add your logo: the mockup follows as you go. Nothing leaves your device until you send the quote.",
  back: (itemTitle: string) => `Back to the ${itemTitle}`,
  printRules: "Print rules",
  method: "Print method",
  area: "Print area",
  fullColour: "Prints in full colour: choose up to 4 colours for your name.",
  name: "Brand name",
  namePlaceholder: "e.g. ACME",
  colours: "Print colours",
  colour: (n: number) => `Colour ${n}`,
  colourPicker: (n: number) => `Colour ${n} picker`,
  colourHex: "Hex, e.g. #1565c0",
  addColour: "Add a colour",
  remove: "Remove",
  logo: "Your logo",
  logoHint: "SVG, PNG, JPEG or WebP; up to 5 MB (an SVG up to 1 MB). It stays on your device until you send the quote.",
  unreadable: "This image could not be read. Choose another file.",
  tooManyPixels: "This image has more than 25 megapixels. Choose a smaller image.",
  removeLogo: "Remove logo",
  placement: "Logo placement",
  handle: "Move logo",
  handleHint:
    "Focus “Move logo”: arrow keys move the logo 1 mm, with Shift 5 mm; + and - make it larger or smaller. You can also drag it on the mockup.",
  touchHint: "Drag the logo with your finger on the picture to move it; Enlarge and Reduce change its size.",
  enlarge: "Enlarge logo",
  reduce: "Reduce logo",
  layout: "Layout",
  layouts: {
    beside: "Logo beside the name",
    above: "Logo above the name",
    logo: "Logo only",
    name: "Name only",
  },
  layoutHint: "Name and logo never overlap: the name takes the space the logo leaves.",
  toneHint: (words: string) => words,
  size: "Logo size",
  position: (x: number, y: number, w: number, h: number) =>
    `Logo ${x} mm from the left and ${y} mm from the top of the print area, ${w} by ${h} mm.`,
  check: "Print check",
  allClear: "Your design fits this print method.",
  mockupName: (itemTitle: string, brand: string, hasLogo: boolean) =>
    brand.trim()
      ? `Mockup of the ${itemTitle} with your brand ${brand.trim()}${hasLogo ? " and your logo" : ""}`
      : hasLogo
        ? `Mockup of the ${itemTitle} with your logo`
        : `Mockup of the ${itemTitle}, ready for your brand`,
  /** What the quote form's thumbnail is called. */
  attachmentName: (itemTitle: string, brand: string) =>
    `Your design mockup: ${itemTitle}${brand.trim() ? ` with ${brand.trim()}` : ""}`,
  request: "Request a Quote with This Design",
  preparing: "Preparing your design...",
  failed: "Your design could not be prepared on this device. Request the quote and attach your logo there.",
} as const;
