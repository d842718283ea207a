import {
  createContext,
  createCookie,
  data,
  type MiddlewareFunction,
  redirect,
  type RouterContextProvider,
} from "react-router";
import { publicSiteUrl } from "~/lib/site-url";
import { addressKey } from "~/lib/client-address";
import { sentFromThisSite } from "~/lib/same-origin.server";
import { getQuoteService, type QuoteService } from "~/lib/quotes/service.server";
import { RateLimiter } from "~/lib/quotes/rate-limit.server";
import {
  hasPermission,
  isStaffSwitch,
  type Permission,
  permissionRefused,
  type RolePermissions,
  rolePermissions,
} from "./permissions";
import { deskAuth, type StaffMember } from "./staff.server";
import { storedPermissions } from "./staff-switches.server";
import { tooLong, verifyPassword } from "./passwords.server";

/** Every desk response: private to the browser that asked, never stored, never indexed. */
export const deskHeaders = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } as const;

export const SIGN_IN_PATH = "/desk/sign-in";
export const WRONG_SIGN_IN = "The e-mail or password is not right.";

/**
 * Whether the session cookie is marked Secure. In production always: a sign-in that reached us over
 * plain http (a proxy that forgot X-Forwarded-Proto) must not hand out a cookie that travels in clear;
 * browsers keep a Secure cookie from http://localhost and 127.0.0.1 too. Elsewhere (a development run
 * on http://localhost) only over HTTPS: the trusted proxy said so (X-Forwarded-Proto, which request.url
 * carries), or the request came by the site's public https address (SITE_URL).
 */
function secureCookie(request: Request) {
  if (process.env.NODE_ENV === "production") return true;
  const url = new URL(request.url);
  const site = new URL(publicSiteUrl());
  return url.protocol === "https:" || (site.protocol === "https:" && url.host === site.host);
}

/**
 * The session cookie: an opaque random id, readable by no script, sent only to /desk, and gone from
 * the browser when the session ends at the latest (12 hours after signing in).
 */
function sessionCookie(request: Request) {
  return createCookie("desk_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/desk",
    secure: secureCookie(request),
    maxAge: deskAuth.sessionMaxMs / 1000,
  });
}

/**
 * Who just chose their password, for the sign-in page that follows to fill in their e-mail: read once
 * (the page clears it), sent only to the sign-in page, gone after ten minutes anyway.
 */
function setupEmailCookie(request: Request) {
  return createCookie("desk_setup_email", {
    httpOnly: true,
    sameSite: "lax",
    path: SIGN_IN_PATH,
    secure: secureCookie(request),
    maxAge: 600,
  });
}

/** The Set-Cookie that hands an account's e-mail on to the sign-in page. */
export const rememberSetupEmail = (request: Request, email: string) => setupEmailCookie(request).serialize(email);

/**
 * The e-mail the set-up page handed on, if it looks like one, and the Set-Cookie that clears it; the
 * browser sends the cookie back as it got it, but a cookie is still from outside and checked as such.
 */
export async function takeSetupEmail(request: Request): Promise<{ email: string | null; clear: string | null }> {
  const cookie = setupEmailCookie(request);
  let value: unknown = null;
  try {
    value = await cookie.parse(request.headers.get("cookie"));
  } catch {
    value = null;
  }
  if (value === null || value === undefined) return { email: null, clear: null };
  const email = typeof value === "string" && value.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(value) ? value : null;
  return { email, clear: await cookie.serialize("", { maxAge: 0 }) };
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

/** The staff member of a valid session, or a redirect to the sign-in page (the desk layout's middleware asks). */
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

/** The signed-in staff member, set by the desk layout's middleware; no default, so reading it elsewhere fails. */
export const staffContext = createContext<StaffMember>();

/**
 * The desk layout's middleware, in front of every route under /desk but sign-in, set-up and sign-out:
 * the session is checked once (without one, the visitor is sent to sign in before any loader or
 * action runs), its staff member put in the route context, and every response that comes back
 * through it, page, data, file or error, made private.
 */
export const deskSession: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(staffContext, await requireStaff(request));
  const response = await next();
  for (const [name, value] of Object.entries(deskHeaders)) response.headers.set(name, value);
  return response;
};

/** The staff member of this desk request (a loader or action under the desk layout). */
export const deskStaff = (context: Readonly<RouterContextProvider>): StaffMember => context.get(staffContext);

/**
 * The role map the desk checks now: the roles' permissions with the switches owners set on the Staff
 * page (read from the store on every check, so a change holds from the next request on).
 */
export const deskPermissions = (service: QuoteService = getQuoteService()): RolePermissions =>
  storedPermissions(service.db, rolePermissions);

/**
 * The staff member of this desk request, if their role allows `permission`; otherwise a 403 that
 * says which permission is missing. Every desk action, export and file starts here. A permission
 * owners switch for their staff is looked up in the stored switches, unless a map is given.
 */
export function requirePermission(
  context: Readonly<RouterContextProvider>,
  permission: Permission,
  map?: RolePermissions,
): StaffMember {
  const staff = deskStaff(context);
  const granted = map ?? (isStaffSwitch(permission) ? deskPermissions() : rolePermissions);
  if (!hasPermission(staff.role, permission, granted)) throw permissionRefused(permission, deskHeaders);
  return staff;
}

/**
 * Sign-in attempts per client address (addressKey: an IPv6 client by its /64), any e-mail: slows a
 * guesser going through many accounts.
 */
const addressLimiter = new RateLimiter({ max: 20, windowMs: 15 * 60_000 });

export type SignInResult = { ok: true; cookie: string } | { ok: false; message: string; status: number };

const minutesFrom = (now: number, until: number) => Math.max(1, Math.ceil((until - now) / 60_000));

/**
 * Checks an e-mail and password. The attempt is counted before the password is checked, so parallel
 * guesses get no more than 5 checks per 15 minutes for an e-mail from one address; the hold is per
 * e-mail and address, so a stranger's guesses do not lock the staff member out from elsewhere. A
 * wrong e-mail and a wrong password get the same answer after the same work (a hash is verified
 * either way), and unknown e-mails are held alike. A success starts a new session and ends the one
 * the browser had.
 */
export async function signIn(
  request: Request,
  clientIp: string,
  form: { email: string; password: string },
  service: QuoteService = getQuoteService(),
  now = Date.now(),
): Promise<SignInResult> {
  const email = form.email.trim().toLowerCase().slice(0, 254);
  const limit = addressLimiter.hit(addressKey(clientIp), now);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      message: `Too many sign-in attempts from this network. Try again in ${minutesFrom(now, now + limit.retryAfterMs)} minutes.`,
    };
  }
  const attempt = service.staff.beginSignIn(email, clientIp, now);
  if (attempt.heldUntil !== undefined) {
    return {
      ok: false,
      status: 429,
      message: `Too many wrong attempts for this e-mail from this network. Try again in ${minutesFrom(now, attempt.heldUntil)} minutes.`,
    };
  }
  // Never cut: a password longer than any the desk takes is wrong, after the same work as another.
  const typed = tooLong(form.password) ? null : form.password;
  const right = await verifyPassword(typed === null ? null : service.staff.passwordHash(email), typed ?? "");
  const staff = right ? service.staff.find(email) : undefined;
  if (!staff) {
    service.staff.failSignIn(attempt.id, now);
    return { ok: false, status: 401, message: WRONG_SIGN_IN };
  }
  service.staff.succeedSignIn(attempt.id);
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
 * before any middleware runs; with it, a visitor without a session is sent to sign in by the layout's
 * middleware like everywhere else on the desk, and only staff learn that the URL takes no form.
 */
export function takesNoForm({ context }: { context: Readonly<RouterContextProvider> }): never {
  deskStaff(context);
  throw data("This address takes no form.", { status: 405, headers: { Allow: "GET, HEAD" } });
}
