import { data, type RouterContextProvider } from "react-router";
import { deskSession } from "~/lib/desk/auth.server";
import { requestContext } from "~/lib/request-context";

/** A loader's or action's arguments as React Router hands them over, with the server's load context. */
export type RouteArgs = { request: Request; params: Record<string, string>; context: RouterContextProvider };

export const routeArgs = (request: Request, params: Record<string, string>, clientIp: string): RouteArgs => ({
  request,
  params,
  context: requestContext({ clientIp }),
});

type DataAnswer = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
const isDataAnswer = (value: unknown): value is DataAnswer =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/**
 * A loader or action of a route under the desk layout, run as React Router runs it: behind the
 * layout's middleware, which checks the session (throwing its redirect), puts the staff member in the
 * context and sets headers on the answer. The route's answer comes back as the route gave it,
 * returned or thrown, with the headers the middleware left on it.
 */
export async function underDeskLayout(handler: (args: never) => unknown, args: RouteArgs): Promise<unknown> {
  let result: { value: unknown; thrown: boolean } | undefined;
  const response = await deskSession(args as never, async () => {
    try {
      result = { value: await handler(args as never), thrown: false };
    } catch (error) {
      if (!(error instanceof Response) && !isDataAnswer(error)) throw error;
      result = { value: error, thrown: true };
    }
    const { value } = result;
    if (value instanceof Response) return value;
    if (isDataAnswer(value))
      return new Response(null, { status: value.init?.status ?? 200, headers: value.init?.headers });
    return new Response(null);
  });
  if (!(response instanceof Response)) throw new Error("The desk's middleware must answer with a Response.");
  const { value, thrown } = result!;
  const answer =
    value instanceof Response
      ? value
      : data(isDataAnswer(value) ? value.data : value, { status: response.status, headers: response.headers });
  if (thrown) throw answer;
  return answer;
}

/**
 * What a loader or action gave, thrown or returned: its status, headers (and Location), data, and the
 * Response itself when it was one.
 */
export async function outcome(run: () => unknown) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  const answer = (status: number, headers: Headers, data: unknown, response?: Response) => ({
    status,
    headers,
    location: headers.get("location"),
    data,
    response,
  });
  if (value instanceof Response) return answer(value.status, value.headers, undefined, value);
  if (isDataAnswer(value)) return answer(value.init?.status ?? 200, new Headers(value.init?.headers), value.data);
  return answer(200, new Headers(), value);
}
