// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

/** A page that fails while rendering, or whose loader throws a response. */
function renderFailingRoute(fail: () => never, where: "render" | "loader" = "render") {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: where === "render" ? () => fail() : () => null,
      loader: where === "loader" ? () => fail() : undefined,
      HydrateFallback: () => null,
      ErrorBoundary: ErrorBoundary as never,
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("root error screen", () => {
  it("shows 'Unexpected Application Error!' with the error's message inside the site frame", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw new Error("Catalogue failed to load");
    });
    expect(screen.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("Catalogue failed to load")).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByRole("contentinfo")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });

  it("shows the status and status text of an error response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw data("Service Unavailable", { status: 503, statusText: "Service Unavailable" });
    }, "loader");
    expect(await screen.findByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeInTheDocument();
    expect(screen.getByText("503 Service Unavailable")).toBeInTheDocument();
  });

  it("shows the 404 page for a not-found response", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    renderFailingRoute(() => {
      throw data(null, { status: 404 });
    }, "loader");
    expect(await screen.findByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeInTheDocument();
  });
});
