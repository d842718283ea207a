/**
 * The shortest password the desk accepts (OWASP ASVS 4.0.3 V2.1.1). Not a server module: the set-up
 * page's field and its words say it too.
 */
export const MIN_PASSWORD_LENGTH = 12;

/** The longest: any passphrase fits, and a sign-in never hashes a body's worth of text. */
export const MAX_PASSWORD_LENGTH = 200;
