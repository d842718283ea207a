import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { categorySlugs } from "~/content/category-slugs";
import { portfolioScript } from "./portfolio-grid";

/**
 * The inline script in a page shaped like the portfolio's, in a browser without invoker commands or
 * `closedby` (jsdom has neither, nor showModal: it is given one that records the call).
 */
function portfolio(url: string) {
  const dom = new JSDOM(
    `<nav id="filters"><a id="all" href="#all">All</a><a id="pens" href="#pens">Pens</a><a id="games" href="#games">Games</a></nav>
    <button commandfor="product-a" command="show-modal">A</button><button commandfor="product-b" command="show-modal"><img alt=""></button>
    <dialog id="product-a"><p>A</p></dialog><dialog id="product-b"><p>B</p></dialog>`,
    { url, runScripts: "outside-only", pretendToBeVisual: true },
  );
  const { window } = dom;
  window.HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  window.HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new window.Event("close"));
  };
  window.eval(portfolioScript);
  const doc = window.document;
  const current = () =>
    [...doc.querySelectorAll("[aria-current]")].map((a) => `${a.id}=${a.getAttribute("aria-current")}`);
  const open = () => [...doc.querySelectorAll("dialog[open]")].map((dialog) => dialog.id);
  return { window, doc, current, open };
}

describe("the portfolio's inline script", () => {
  it("marks the filter the fragment names as current, All when none, and follows the fragment", async () => {
    const { window, current } = portfolio("https://example.test/portfolio");
    expect(current()).toEqual(["all=true"]);
    window.location.hash = "#games";
    await new Promise((resolve) => window.addEventListener("hashchange", resolve, { once: true }));
    expect(current()).toEqual(["games=true"]);
    window.location.hash = "#somewhere-else";
    await new Promise((resolve) => window.addEventListener("hashchange", resolve, { once: true }));
    expect(current()).toEqual(["all=true"]);
    expect(portfolio("https://example.test/portfolio#pens").current()).toEqual(["pens=true"]);
  });

  it("takes an old ?category= link to the filter's fragment", () => {
    const { window, current } = portfolio("https://example.test/portfolio?category=pens");
    expect(window.location.hash).toBe("#pens");
    expect(current()).toEqual(["pens=true"]);
    expect(portfolio("https://example.test/portfolio?category=nothing").window.location.hash).toBe("");
  });

  it("opens a card's dialog, with focus on the card, and closes it on a click on its backdrop only", () => {
    const { window, doc, open } = portfolio("https://example.test/portfolio");
    expect(open()).toEqual([]);
    const card = doc.querySelector<HTMLButtonElement>('[commandfor="product-b"]')!;
    card.querySelector("img")!.dispatchEvent(new window.MouseEvent("click", { bubbles: true }));
    expect(open()).toEqual(["product-b"]);
    expect(doc.activeElement).toBe(card);
    doc.querySelector("#product-b p")!.dispatchEvent(new window.MouseEvent("click", { bubbles: true }));
    expect(open()).toEqual(["product-b"]);
    doc.getElementById("product-b")!.dispatchEvent(new window.MouseEvent("click", { bubbles: true }));
    expect(open()).toEqual([]);
  });

  it("opens the dialog ?product= names, focuses its card, and drops the parameter when it closes", () => {
    const { window, doc, open } = portfolio("https://example.test/portfolio?product=a#pens");
    expect(open()).toEqual(["product-a"]);
    expect(doc.activeElement).toBe(doc.querySelector('[commandfor="product-a"]'));
    (doc.getElementById("product-a") as HTMLDialogElement).close();
    expect(window.location.href).toBe("https://example.test/portfolio#pens");
    expect(portfolio("https://example.test/portfolio?product=nothing").open()).toEqual([]);
  });

  it("stays within a few hundred bytes", () => {
    expect(portfolioScript.length).toBeLessThan(1024);
  });
});

describe("the portfolio's filter rules", () => {
  it("hide the other categories' cards for every category of the catalogue", () => {
    const css = readFileSync(fileURLToPath(new URL("./portfolio.css", import.meta.url)), "utf8");
    for (const slug of categorySlugs)
      expect(css, slug).toContain(
        `.portfolio-grid:has(#${slug}:target) [data-category]:not([data-category="${slug}"])`,
      );
  });
});
