import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { SiteFrame } from "./components/layout/site-frame";
import { errorDetail, NotFoundScreen, UnexpectedErrorScreen } from "./components/layout/status-screens";
import { useNonce } from "./lib/csp-nonce";
import { keepErrorHeaders } from "./lib/error-headers";
import { InlineStylesheet } from "./lib/inline-stylesheet";
import { usePageFrame, usePageHydrates } from "./lib/route-handle";
import { pageTitle } from "./lib/seo";
import { SpeculationRules } from "./lib/speculation-rules";

export const links: Route.LinksFunction = () => [
  // Linked in development only, where Vite swaps it on every edit; built pages carry it inline.
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The website's error screens are rendered here, at the root (the desk's in its own layouts), so this
 * function sees the headers a loader or action threw with: they are kept (app/lib/error-headers.ts).
 */
export const headers: Route.HeadersFunction = keepErrorHeaders;

/** Only error screens use this: every page route has a meta of its own. */
export const meta: Route.MetaFunction = ({ error }) => {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: pageTitle(notFound ? "Page Not Found" : "Unexpected Error") },
    { name: "robots", content: "noindex, follow" },
  ];
};

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page that only shows content is complete HTML and runs no script, under `npm run dev` too: React
  // Router's scripts (hydration, and in development Vite's HMR client) are written only into pages whose
  // route asks for them (app/lib/route-handle.ts, React Router's "disabling JavaScript" pattern).
  const hydrate = usePageHydrates();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f33" />
        <Meta />
        <Links />
        {import.meta.env.DEV ? null : <InlineStylesheet />}
        <SpeculationRules nonce={nonce} />
      </head>
      <body>
        {children}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

/** The public website's header, menu and footer, around every page but the desk's, which draws its own. */
export default function App() {
  if (usePageFrame() === "desk") return <Outlet />;
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The desk's layouts show their own errors in the desk's frame, which public pages never download.
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteFrame>
        <NotFoundScreen />
      </SiteFrame>
    );
  }
  return (
    <SiteFrame>
      <UnexpectedErrorScreen detail={errorDetail(error)} />
    </SiteFrame>
  );
}
