import { describe, expect, it } from "vitest";
import { products } from "./content/catalogue";
import { publicPaths, staticPagePaths, studioPaths } from "./public-paths.server";
import { routeEntries } from "../tests/support/route-table";
import routes from "./routes";

const routePaths = routeEntries(routes).map((route) => `/${route.path}`);

describe("route table", () => {
  it("has a route for every public page path", () => {
    for (const path of staticPagePaths) expect(routePaths).toContain(path);
  });

  it("prerenders every page route with a fixed URL (only resource routes and the 404 are left out)", () => {
    const fixedPageRoutes = routePaths.filter(
      (path) =>
        !path.includes(":") &&
        !path.includes("*") &&
        !/\.(xml|txt)$/.test(path) &&
        !path.startsWith("/api/") &&
        path !== "/healthz" &&
        !path.startsWith("/webhooks/") &&
        !path.startsWith("/desk"),
    );
    expect([...fixedPageRoutes].sort()).toEqual([...staticPagePaths].sort());
  });

  it("has one route for the seven category pages, each prerendered", () => {
    expect(routePaths).toContain("/products/:category");
    expect(publicPaths().filter((path) => path.startsWith("/products/"))).toEqual([
      "/products/pens",
      "/products/paper-chit-pads",
      "/products/drinkware",
      "/products/office-accessories",
      "/products/shirts",
      "/products/acrylic",
      "/products/clocks",
    ]);
  });

  it("lists one page per catalogue item, one per article, and ends with the catch-all 404 route", () => {
    expect(publicPaths().filter((path) => path.startsWith("/portfolio/"))).toEqual(
      products.map((product) => `/portfolio/${product.id}`),
    );
    expect(publicPaths().filter((path) => path.startsWith("/blog/"))).toHaveLength(6);
    expect(routePaths.at(-1)).toBe("/*");
  });

  it("has a brand studio for every catalogue item, prerendered beside its page but not listed as a public page", () => {
    expect(routePaths).toContain("/portfolio/:id/studio");
    expect(studioPaths()).toEqual(products.map((product) => `/portfolio/${product.id}/studio`));
    for (const path of studioPaths()) expect(publicPaths()).not.toContain(path);
  });
});
