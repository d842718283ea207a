import type { HeadersFunction } from "react-router";

/**
 * The headers function of a route with an ErrorBoundary. React Router hands the headers a loader or
 * action threw with only to the route whose boundary shows the error: this keeps them (a proof link's
 * privacy headers on its 404, Retry-After on a 429, Allow on a 405), and passes the parent's on otherwise.
 */
export const keepErrorHeaders: HeadersFunction = ({ parentHeaders, errorHeaders }) => errorHeaders ?? parentHeaders;
