/** A person's name: letters of any script with their marks (Urdu too), spaces, dots, apostrophes and hyphens. */
const PERSON_NAME = /^[\p{L}\p{M} .'’-]+$/u;

/** The longest name a greeting carries. */
export const GREETING_NAME_CHARS = 60;

/**
 * Who a mail to a buyer greets ("Dear …"): the name they typed when it looks like a person's name,
 * else "customer". Nothing else a stranger typed travels to an address they gave, so the form cannot
 * carry their words (a link, an offer) to someone else's inbox under our name.
 */
export function greetingName(typed: string): string {
  const name = typed.replace(/\s+/g, " ").trim();
  return name.length <= GREETING_NAME_CHARS && PERSON_NAME.test(name) && /\p{L}/u.test(name) ? name : "customer";
}
