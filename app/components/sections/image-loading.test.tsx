// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { caseStudies } from "~/content/case-studies";
import { productsIn } from "~/content/catalogue";
import { categories } from "~/content/categories";
import { imageUrl } from "~/lib/image-url";
import { CaseStudyArticle } from "./case-study";
import { CategoryCard } from "./category-card";
import { CategoryHeroImage } from "./page-hero";
import { ProductList } from "./product-list";

/** The loading attributes of every <img> in the markup. */
function imageLoading(markup: string) {
  const document = new DOMParser().parseFromString(markup, "text/html");
  return [...document.images].map((img) => [img.getAttribute("loading"), img.getAttribute("fetchpriority")]);
}

function render(element: React.ReactElement) {
  return renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
}

describe("image loading", () => {
  it("the hero picture of a category page loads first: eager, at high priority", () => {
    expect(imageLoading(render(<CategoryHeroImage category={categories.pens} />))).toEqual([["eager", "high"]]);
  });

  it("catalogue items and category cards load lazily, every one of them", () => {
    const pens = productsIn("pens");
    expect(imageLoading(render(<ProductList products={pens} />))).toEqual(pens.map(() => ["lazy", null]));
    expect(imageLoading(render(<CategoryCard category={categories.clocks} />))).toEqual([["lazy", null]]);
  });

  it("a case study loads first only when it is given priority", () => {
    const study = caseStudies[0]!;
    expect(imageLoading(render(<CaseStudyArticle study={study} priority />))).toEqual([["eager", "high"]]);
    expect(imageLoading(render(<CaseStudyArticle study={study} />))).toEqual([["lazy", null]]);
  });
});

describe("image sources", () => {
  it("a drawing is one file, at the URL Vite gives it", () => {
    const img = new DOMParser().parseFromString(render(<CategoryCard category={categories.clocks} />), "text/html")
      .images[0]!;
    expect(img.getAttribute("src")).toBe(imageUrl(categories.clocks.image));
    expect(img.getAttribute("src")).toMatch(/clocks\.svg$/);
    expect(img.hasAttribute("srcset")).toBe(false);
    expect(img.hasAttribute("sizes")).toBe(false);
  });
});
