/**
 * Authentication-Results headers (RFC 8601), as mail servers write them: the receiving server's
 * authserv-id, then `method=result` statements separated by ";", each with optional `reason=` and
 * `ptype.property=value` pairs; comments in parentheses anywhere, values possibly quoted, lines folded.
 * Microsoft 365 writes no authserv-id at all ("spf=pass … ; dkim=pass …"): such a header has
 * `authservId` null, so it never counts as the office server's.
 */
export type AuthResult = {
  /** Lower case: "spf", "dkim", "dmarc", "arc", … */
  method: string;
  /** Lower case: "pass", "fail", "none", "softfail", "temperror", … */
  result: string;
  /** Lower-cased keys ("smtp.mailfrom", "header.d", "header.from"), values as written. */
  properties: Record<string, string>;
};

export type AuthenticationResults = { authservId: string | null; results: AuthResult[] };

/** A header's value read into its authserv-id and results; null when it is not one at all. */
export function parseAuthenticationResults(header: string): AuthenticationResults | null {
  const value = header
    .replace(/^\s*Authentication-Results\s*:/i, "")
    .replace(/\r?\n(?=[ \t])/g, "")
    .slice(0, 16 * 1024);
  const statements = splitStatements(withoutComments(value));
  if (statements.length === 0) return null;
  const first = tokens(statements[0]!);
  let authservId: string | null = null;
  let rest = statements.slice(1);
  if (first.length > 0 && !first[0]!.includes("=")) {
    // "example.net 1" (a version after the id) or just "example.net".
    authservId = unquote(first[0]!).toLowerCase();
  } else {
    rest = statements;
  }
  const results: AuthResult[] = [];
  for (const statement of rest) {
    const parts = tokens(statement);
    const head = parts[0];
    const equals = head?.indexOf("=") ?? -1;
    if (!head || equals <= 0) continue; // "none", or garbage
    const method = head.slice(0, equals).split("/")[0]!.trim().toLowerCase();
    const result = unquote(head.slice(equals + 1)).toLowerCase();
    if (!/^[a-z0-9_-]+$/.test(method) || !/^[a-z]+$/.test(result)) continue;
    const properties: Record<string, string> = {};
    for (const part of parts.slice(1)) {
      const at = part.indexOf("=");
      if (at <= 0) continue;
      const key = part.slice(0, at).trim().toLowerCase();
      if (!Object.hasOwn(properties, key)) properties[key] = unquote(part.slice(at + 1).trim());
    }
    results.push({ method, result, properties });
  }
  return { authservId, results };
}

/** The value with its comments, "(…)" nested and with "\" escapes, taken out; quoted strings kept. */
function withoutComments(value: string): string {
  let out = "";
  let depth = 0;
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === "\\" && (quoted || depth > 0)) {
      if (depth === 0) out += char + (value[index + 1] ?? "");
      index += 1;
      continue;
    }
    if (depth === 0 && char === '"') quoted = !quoted;
    if (!quoted && char === "(") {
      depth += 1;
      out += depth === 1 ? " " : "";
      continue;
    }
    if (!quoted && depth > 0 && char === ")") {
      depth -= 1;
      continue;
    }
    if (depth === 0) out += char;
  }
  return out;
}

/** Split at ";" outside quoted strings; empty statements dropped. */
function splitStatements(value: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quoted = false;
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index]!;
    if (char === "\\" && quoted) {
      current += char + (value[index + 1] ?? "");
      index += 1;
      continue;
    }
    if (char === '"') quoted = !quoted;
    if (char === ";" && !quoted) {
      statements.push(current);
      current = "";
    } else current += char;
  }
  statements.push(current);
  return statements.map((statement) => statement.trim()).filter(Boolean);
}

/** A statement's words, with "key = value" (spaces around "=") joined into one. */
function tokens(statement: string): string[] {
  const words = statement.match(/"(?:[^"\\]|\\.)*"|[^\s"]+/g) ?? [];
  const joined: string[] = [];
  for (const word of words) {
    const last = joined.at(-1);
    if (last !== undefined && (last.endsWith("=") || word.startsWith("="))) joined[joined.length - 1] = last + word;
    else joined.push(word);
  }
  return joined;
}

const unquote = (value: string) =>
  value.startsWith('"') && value.endsWith('"') && value.length >= 2
    ? value.slice(1, -1).replace(/\\(.)/g, "$1")
    : value;

/**
 * What the office's mail server found about a mail's sender: "pass" (DMARC passed, or without a DMARC
 * result an SPF or DKIM pass for the From header's domain or its parent or child domain), "fail"
 * (anything else, also no header of that server at all), or "off" (no authserv-id configured).
 */
export type SenderCheck = "pass" | "fail" | "off";

/**
 * Only the headers whose authserv-id is the office server's are read: the sender can write any
 * other (and a server following RFC 8601 §5 removes ones with its own id that arrive from outside).
 * Where that server wrote several (one per filter, as OpenDKIM and OpenDMARC do), each method is read
 * from the topmost header that has it (a server adds its headers above those it received, so a copy the
 * sender placed further down cannot replace its result), and SPF and DMARC pass only when none of
 * their results there says otherwise. `headers` are in the mail's order, topmost first.
 */
export function checkSender(
  headers: readonly string[],
  fromAddress: string,
  authservId: string | null | undefined,
): SenderCheck {
  if (!authservId) return "off";
  const fromDomain = domainOf(fromAddress);
  if (!fromDomain) return "fail";
  const ours = headers
    .map(parseAuthenticationResults)
    .filter((parsed): parsed is AuthenticationResults => parsed?.authservId === authservId.trim().toLowerCase());
  const of = (method: string) =>
    (ours.find((parsed) => parsed.results.some((result) => result.method === method))?.results ?? []).filter(
      (result) => result.method === method,
    );
  const dmarc = of("dmarc").filter((result) => result.result !== "none");
  if (dmarc.length > 0) {
    return dmarc.every(
      (result) =>
        result.result === "pass" &&
        (result.properties["header.from"] === undefined || aligned(result.properties["header.from"], fromDomain)),
    )
      ? "pass"
      : "fail";
  }
  // SPF has one result per mail: any other than pass is a fail. DKIM has one per signature (a list
  // may break one): an aligned pass is enough.
  const spf = of("spf");
  const dkim = of("dkim");
  const spfPass =
    spf.length > 0 &&
    spf.every((result) => result.result === "pass") &&
    spf.some((result) => aligned(result.properties["smtp.mailfrom"], fromDomain));
  const dkimPass = dkim.some(
    (result) =>
      result.result === "pass" &&
      (aligned(result.properties["header.d"], fromDomain) || aligned(result.properties["header.i"], fromDomain)),
  );
  return spfPass || dkimPass ? "pass" : "fail";
}

/** The domain of "user@domain", "@domain" or "domain", lower case, without a trailing dot. */
function domainOf(value: string | undefined): string | null {
  if (!value) return null;
  const domain = value
    .slice(value.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? domain : null;
}

/**
 * Relaxed alignment without a public-suffix list: the same domain, or one a subdomain of the other
 * (mail.acme.example signs for acme.example). Never a bare top-level name.
 */
function aligned(value: string | undefined, fromDomain: string): boolean {
  const domain = domainOf(value);
  if (!domain) return false;
  return domain === fromDomain || domain.endsWith(`.${fromDomain}`) || fromDomain.endsWith(`.${domain}`);
}
