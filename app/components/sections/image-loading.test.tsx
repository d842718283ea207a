// @vitest-environment jsdom
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { caseStudies } from "~/content/case-studies";
import { productsIn } from "~/content/catalogue";
import { categories } from "~/content/categories";
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
  const sources = (markup: string) => {
    const img = new DOMParser().parseFromString(markup, "text/html").images[0]!;
    return { src: img.getAttribute("src"), srcset: img.getAttribute("srcset"), sizes: img.getAttribute("sizes") };
  };

  it("a drawing is one SVG file", () => {
    expect(sources(render(<CategoryCard category={categories.clocks} />))).toEqual({
      src: categories.clocks.image,
      srcset: null,
      sizes: null,
    });
  });

  it("a photograph comes as the WebP copies the build writes, chosen by the width it is shown at", () => {
    const pen = { ...productsIn("pens")[0]!, image: "/images/products/acecol-pen.jpg?v=0123456789" };
    const { src, srcset, sizes } = sources(render(<ProductList products={[pen]} />));
    expect(src).toBe("/images/products/acecol-pen-800w.webp?v=0123456789");
    expect(srcset).toBe(
      "/images/products/acecol-pen-400w.webp?v=0123456789 400w, /images/products/acecol-pen-800w.webp?v=0123456789 800w",
    );
    // One column on a phone: the whole width.
    expect(sizes).toMatch(/, 100vw$/);
  });
});
