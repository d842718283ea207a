import { data } from "react-router";
import { NotFoundScreen } from "~/components/layout/status-screens";
import { pageTitle } from "~/lib/seo";

// Any path no other route claims: the 404 page, answered with HTTP status 404, to a form post too.
export function loader() {
  return data(null, { status: 404 });
}

export const action = loader;

export const meta = () => [{ title: pageTitle("Page Not Found") }, { name: "robots", content: "noindex, follow" }];

export default function NotFound() {
  return <NotFoundScreen />;
}
