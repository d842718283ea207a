import { afterEach } from "vitest";

// DOM matchers and unmounting only where there is a DOM: most test files run in Node and would only pay
// for loading React DOM and Testing Library.
if (typeof document !== "undefined") {
  await import("@testing-library/jest-dom/vitest");
  const { cleanup } = await import("@testing-library/react");
  afterEach(cleanup);
}
