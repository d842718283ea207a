import { createCookie, data, redirect } from "react-router";
import { siteUrl } from "~/content/business";
import { sentFromThisSite } from "~/lib/same-origin.server";
import { getQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import { RateLimiter } from "~/lib/quotes/rate-limit.server";
import { deskAuth, type StaffMember } from "./staff.server";
import { verifyPassword } from "./passwords.server";

/** Every desk response: private to the browser that asked, never stored, never indexed. */
export const deskHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export const SIGN_IN_PATH = "/desk/sign-in";
export const WRONG_SIGN_IN = "The e-mail or password is not right.";

/**
 * Whether the request reached us over HTTPS: the trusted proxy said so (X-Forwarded-Proto, which
 * request.url carries), or it came by the site's public https address (SITE_URL). A run on
 * http://localhost keeps a cookie the browser will send back.
 */
function overHttps(request: Request) {
  const url = new URL(request.url);
  const site = new URL(siteUrl);
  return url.protocol === "https:" || (site.protocol === "https:" && url.host === site.host);
}

/** The session cookie: an opaque random id, readable by no script, sent only to /desk. */
function sessionCookie(request: Request) {
  return createCookie("desk_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/desk",
    secure: overHttps(request),
    maxAge: deskAuth.sessionMaxMs / 1000,
  });
}

async function sessionId(request: Request): Promise<string | null> {
  try {
    const value: unknown = await sessionCookie(request).parse(request.headers.get("cookie"));
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/**
 * Refuses (403) a state-changing request that another site's page sent: its Origin (or, without one,
 * its Referer) must be this site's.
 */
export function requireSameOrigin(request: Request) {
  if (!sentFromThisSite(request))
    throw data("This form can only be sent from the desk itself.", { status: 403, headers: deskHeaders });
}

/** The staff member of a valid session, or a redirect to the sign-in page. Every desk loader and action starts here. */
export async function requireStaff(request: Request, service: QuoteService = getQuoteService()): Promise<StaffMember> {
  const session = service.staff.session(await sessionId(request));
  if (session) return session.staff;
  const url = new URL(request.url);
  const back =
    request.method === "GET" && url.pathname !== "/desk"
      ? `?next=${encodeURIComponent(url.pathname + url.search)}`
      : "";
  throw redirect(`${SIGN_IN_PATH}${back}`, { headers: deskHeaders });
}

/** requireStaff for a form post: the origin checked first. */
export async function requireStaffPost(request: Request, service: QuoteService = getQuoteService()) {
  requireSameOrigin(request);
  return requireStaff(request, service);
}

/** Sign-in attempts per client address (any e-mail): slows a guesser going through many accounts. */
const addressLimiter = new RateLimiter({ max: 20, windowMs: 15 * 60_000 });

export type SignInResult = { ok: true; cookie: string } | { ok: false; message: string; status: number };

/**
 * Checks an e-mail and password. A wrong e-mail and a wrong password get the same answer after the
 * same work (a hash is verified either way); an e-mail held after 5 failures is held whatever the
 * password, known or not. A success starts a new session and ends the one the browser had.
 */
export async function signIn(
  request: Request,
  clientIp: string,
  form: { email: string; password: string },
  service: QuoteService = getQuoteService(),
  now = Date.now(),
): Promise<SignInResult> {
  const email = form.email.trim().toLowerCase().slice(0, 254);
  const limit = addressLimiter.hit(clientIp, now);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: `Too many sign-in attempts from this network. Try again in ${Math.ceil(limit.retryAfterMs / 60_000)} minutes.`,
    };
  }
  const held = service.staff.heldUntil(email, now);
  const passwordHash = service.staff.passwordHash(email);
  const right = await verifyPassword(held ? null : passwordHash, form.password.slice(0, 200));
  if (held) {
    return {
      ok: false,
      status: 429,
      message: `Too many wrong attempts for this e-mail: sign-in is held until ${new Date(held).toISOString().slice(11, 16)} UTC.`,
    };
  }
  const staff = right ? service.staff.find(email) : undefined;
  if (!staff) {
    service.staff.recordFailure(email, now);
    return { ok: false, status: 401, message: WRONG_SIGN_IN };
  }
  service.staff.clearFailures(email, now);
  service.staff.endSession(await sessionId(request));
  const id = service.staff.startSession(staff.id, now);
  return { ok: true, cookie: await sessionCookie(request).serialize(id) };
}

/** Ends the browser's session on the server and clears its cookie. */
export async function signOut(request: Request, service: QuoteService = getQuoteService()) {
  service.staff.endSession(await sessionId(request));
  return sessionCookie(request).serialize("", { maxAge: 0 });
}

/**
 * Where to go after signing in: the normalised path (and query) of a desk page, or the inbox. Dot
 * segments are resolved first, so "/desk/..//evil.example/" is "//evil.example/", not a desk page; a
 * doubled slash or a backslash anywhere, which a browser could read as another host, is refused too.
 */
export function safeNext(value: string | null): string {
  if (!value || !value.startsWith("/desk") || /[\\\s]/.test(value)) return "/desk";
  let url: URL;
  try {
    url = new URL(value, "http://desk.invalid");
  } catch {
    return "/desk";
  }
  const path = url.pathname;
  const underDesk = url.host === "desk.invalid" && (path === "/desk" || path.startsWith("/desk/"));
  if (!underDesk || path.includes("//") || path.startsWith("/desk/sign-")) return "/desk";
  return path + url.search;
}

/**
 * The action of a desk URL that takes no form. Without it React Router answers a post there with 405
 * before any loader runs; with it, a visitor without a session is sent to sign in like everywhere
 * else on the desk, and only staff learn that the URL takes no form.
 */
export async function takesNoForm({ request }: { request: Request }): Promise<never> {
  await requireStaff(request);
  throw data("This address takes no form.", { status: 405, headers: { ...deskHeaders, Allow: "GET, HEAD" } });
}
