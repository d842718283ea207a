/*
 * What the quote form may carry as files, shared by the form, the brand studio and the server. Plain
 * constants with no schema library, so the quote form's first view can name its file field without
 * loading zod.
 */

/** The quote form's multipart field names for a design: the buyer's logo, the mockup PNG and the spec (JSON text). */
export const designFields = { logo: "logo", mockup: "mockup", design: "design" } as const;

/** The upload limits the server enforces (and the browser checks first, to say so before sending). */
export const uploadLimits = {
  files: 2,
  logoBytes: 5 * 1024 * 1024,
  svgBytes: 1024 * 1024,
  mockupBytes: 1024 * 1024,
  requestBytes: 8 * 1024 * 1024,
  pixels: 25_000_000,
  /** A file a buyer's e-mail carries, kept for the desk (a mail is read up to 10 MB in all). */
  mailFileBytes: 5 * 1024 * 1024,
  /** What the studio aims its mockup PNG at. */
  mockupTargetBytes: 300 * 1024,
} as const;

/** The logo formats accepted, by what the file's bytes say it is. */
export const logoTypes = ["image/svg+xml", "image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof logoTypes)[number];
