import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. Deliberately without tailwind-merge (about 7 KB of JavaScript on every page):
 * components take `className` for additions such as margins, and props or variants for anything
 * that would change a class they already set (see Section's `width`, StatsBand's `columns`).
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
