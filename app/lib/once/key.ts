// A form that makes money or a numbered document carries a one-time key, rendered fresh with each form
// (the server makes it, see newOnceKey): a double click, a retried request or a replayed post sends the
// same key, and the server does what it asks once. Shared by the page and the server's schemas.

/** The hidden field's name. */
export const onceKeyField = "idempotencyKey";

/** What a key looks like: a random UUID as the server makes it, or any 16–100 URL-safe characters. */
export const onceKeyPattern = /^[A-Za-z0-9_-]{16,100}$/;

/** Said (400) to a post without its form's key: an old page, or not sent from the desk's form at all. */
export const missingOnceKey =
  "This form was sent without its one-time key, so nothing was recorded. Reload the page and send it again.";
