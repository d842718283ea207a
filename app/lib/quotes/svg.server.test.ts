import { describe, expect, it } from "vitest";
import { cleanCss, cleanSvg } from "./svg.server";

const svg = (body: string, attributes = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 50"${attributes}>${body}</svg>`;

async function cleaned(text: string | Buffer) {
  const result = await cleanSvg(typeof text === "string" ? Buffer.from(text) : text);
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.svg.toString("utf8");
}

const tinyPng =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

describe("an SVG logo", () => {
  it("keeps its drawing, viewBox, gradients and references inside the document", async () => {
    const benign = svg(
      `<defs><linearGradient id="brand" x1="0" x2="1"><stop offset="0" stop-color="#1565c0"/><stop offset="1" stop-color="#00897b"/></linearGradient>` +
        `<path id="mark" d="M0 0h10v10z"/></defs>` +
        `<rect width="100" height="50" fill="url(#brand)"/><use href="#mark" x="20"/><use xlink:href="#mark" x="40"/>` +
        `<image href="${tinyPng}" width="1" height="1"/><text x="5" y="40" style="fill:url(#brand)">ACME</text>`,
    );
    const out = await cleaned(benign);
    expect(out).toContain('viewBox="0 0 100 50"');
    expect(out).toContain('<linearGradient id="brand"');
    expect(out).toContain('stop-color="#00897b"');
    expect(out).toContain('fill="url(#brand)"');
    expect(out).toContain('<use href="#mark" x="20"');
    expect(out).toContain('xlink:href="#mark"');
    expect(out).toContain(`href="${tinyPng}"`);
    expect(out).toContain('style="fill:url(#brand)"');
    expect(out).toContain(">ACME</text>");
  });

  const hostile: [string, string, RegExp][] = [
    ["a script element", svg(`<script>alert(1)</script><rect width="1" height="1"/>`), /script|alert/i],
    [
      "a script in the SVG namespace with xlink",
      svg(`<script xlink:href="https://evil.example/x.js"/>`),
      /script|evil/i,
    ],
    [
      "event handlers",
      svg(`<rect width="1" height="1" onclick="alert(1)" onmouseover="alert(2)"/>`, ` onload="alert(3)"`),
      /\bon\w+=|alert/i,
    ],
    ["an external image", svg(`<image href="https://evil.example/track.png" width="1" height="1"/>`), /evil/],
    [
      "an external image by xlink:href",
      svg(`<image xlink:href="//evil.example/track.png" width="1" height="1"/>`),
      /evil/,
    ],
    [
      "an image of another type in data",
      svg(`<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" width="1" height="1"/>`),
      /svg\+xml/,
    ],
    ["an external use", svg(`<use href="https://evil.example/sprite.svg#a"/>`), /evil/],
    [
      "a style @import",
      svg(`<style>@import url("https://evil.example/a.css"); rect { fill: red }</style><rect width="1" height="1"/>`),
      /@import|evil/,
    ],
    [
      "an external url() in a style element",
      svg(`<style>rect { fill: url(https://evil.example/p.svg#g) }</style><rect width="1" height="1"/>`),
      /evil/,
    ],
    [
      "an external url() in a style attribute",
      svg(`<rect width="1" height="1" style="fill:url('https://evil.example/x')"/>`),
      /evil/,
    ],
    [
      "an external url() in a presentation attribute",
      svg(`<rect width="1" height="1" filter="url(https://evil.example/f.svg#f)"/>`),
      /evil/,
    ],
    [
      "CSS hiding url() in escapes",
      svg(`<style>rect { fill: \\75 rl(https://evil.example/x) }</style><rect width="1" height="1"/>`),
      /evil/,
    ],
    ["a javascript: link", svg(`<a href="javascript:alert(1)"><rect width="1" height="1"/></a>`), /javascript|alert/i],
    [
      "a javascript: xlink",
      svg(`<a xlink:href=" javascript:alert(1)"><rect width="1" height="1"/></a>`),
      /javascript|alert/i,
    ],
    ["an external link", svg(`<a href="https://evil.example/"><rect width="1" height="1"/></a>`), /evil/],
    [
      "foreignObject",
      svg(
        `<foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example"></iframe></div></foreignObject>`,
      ),
      /foreignObject|iframe|evil/i,
    ],
    [
      "a stylesheet processing instruction",
      `<?xml-stylesheet href="https://evil.example/s.css"?>${svg(`<rect width="1" height="1"/>`)}`,
      /evil|xml-stylesheet/,
    ],
    [
      "an animation setting a link",
      svg(`<a><set attributeName="href" to="javascript:alert(1)"/><rect width="1" height="1"/></a>`),
      /javascript|alert/,
    ],
    // An HTML parser would lower-case these names and fetch, should the logo ever be shown inline.
    ["an external image by HREF", svg(`<image HREF="https://evil.example/a.png" width="1" height="1"/>`), /evil/],
    [
      "an external image by xlink:HREF",
      svg(`<image xlink:HREF="https://evil.example/a.png" width="1" height="1"/>`),
      /evil/,
    ],
    ["an external link by HREF", svg(`<a HREF="https://evil.example/"><rect width="1" height="1"/></a>`), /evil/],
    [
      "an @import in a STYLE element",
      svg(`<STYLE>@import url(https://evil.example/x.css);</STYLE><rect width="1" height="1"/>`),
      /@import|evil/,
    ],
    [
      "an external url() in a Style element",
      svg(`<Style>rect { fill: url(https://evil.example/p.svg#g) }</Style><rect width="1" height="1"/>`),
      /evil/,
    ],
  ];

  it.each(hostile)("with %s is kept without it", async (_, text, leftover) => {
    const out = await cleaned(text);
    expect(out).not.toMatch(leftover);
    expect(out).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
  });

  it.each([
    [
      "a public DOCTYPE",
      `<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n${svg(`<rect width="1" height="1"/>`)}`,
    ],
    ["a lower-case doctype", `<!doctype svg>${svg(`<rect width="1" height="1"/>`)}`],
  ])("with %s without an internal subset is kept without the DOCTYPE", async (_, text) => {
    const out = await cleaned(text);
    expect(out).not.toMatch(/DOCTYPE/i);
    expect(out).toContain('<rect width="1" height="1"/>');
  });

  it.each([
    ["UTF-16 with its byte-order mark, little-endian", "utf16le", true],
    ["UTF-16 without a byte-order mark", "utf16le", false],
    ["UTF-16 big-endian", "utf16be", true],
  ] as const)("written in %s is read and kept as UTF-8", async (_, encoding, bom) => {
    const text = `<?xml version="1.0" encoding="UTF-16"?>${svg(`<text>Lahore — لاہور</text>`)}`;
    let bytes = Buffer.from(text, "utf16le");
    if (encoding === "utf16be") bytes = Buffer.from(bytes).swap16();
    const mark = encoding === "utf16be" ? [0xfe, 0xff] : [0xff, 0xfe];
    const out = await cleaned(bom ? Buffer.concat([Buffer.from(mark), bytes]) : bytes);
    expect(out).toContain("<text>Lahore — لاہور</text>");
  });

  const refused: [string, string, string][] = [
    [
      "a DOCTYPE with an internal subset, even without entities",
      `<!DOCTYPE svg [<!ATTLIST svg x CDATA "1">]>${svg("")}`,
      "declarations",
    ],
    ["an entity declared outside a DOCTYPE", `<!ENTITY a "b">${svg("")}`, "declarations"],
    ["an HTML page", `<!DOCTYPE html><html><body><p>Hello</p></body></html>`, "not_image"],
    [
      "an external entity",
      `<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${svg("<text>&xxe;</text>")}`,
      "declarations",
    ],
    [
      "a billion laughs",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
        `<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${svg("<text>&lol3;</text>")}`,
      "declarations",
    ],
    ["an HTML root", `<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>`, "not_image"],
    ["another root", `<note><to>Sales</to></note>`, "not_svg"],
    ["an svg root without the SVG namespace", `<svg viewBox="0 0 1 1"><rect/></svg>`, "not_svg"],
    ["broken XML", `<svg xmlns="http://www.w3.org/2000/svg"><g></svg>`, "unreadable"],
    ["text that is not UTF-8", "", "unreadable"],
    // Small files that would hold the server's one thread for seconds in the parser.
    ["groups nested 3,000 deep (21 KB)", svg(`${"<g>".repeat(3000)}${"</g>".repeat(3000)}`), "too_complex"],
    [
      "an element with 30,000 attributes",
      svg(`<rect ${Array.from({ length: 30_000 }, (_, i) => `a${i}="1"`).join(" ")}/>`),
      "too_complex",
    ],
    ["50,000 elements", svg(`<rect/>`.repeat(50_000)), "too_complex"],
    // What a scan of the text for tags misses, the tokenizer counts.
    [
      "150 attributes behind a > in a value",
      svg(`<rect title="a>b" ${Array.from({ length: 150 }, (_, i) => `a${i}="1"`).join(" ")}/>`),
      "too_complex",
    ],
    [
      "3,000 levels whose tags look self-closing",
      svg(`${'<g a="/>">'.repeat(3000)}${"</g>".repeat(3000)}`),
      "too_complex",
    ],
    ["25,000 elements named with an underscore", svg(`<_x/>`.repeat(25_000)), "too_complex"],
    [
      "200 levels of elements named with an underscore",
      svg(`${"<_a>".repeat(200)}${"</_a>".repeat(200)}`),
      "too_complex",
    ],
  ];

  it.each(refused)("with %s is refused", async (name, text, reason) => {
    const bytes = name.startsWith("text that") ? Buffer.from([0x3c, 0x73, 0x76, 0x67, 0xff, 0xfe]) : Buffer.from(text);
    expect(await cleanSvg(bytes)).toEqual({ ok: false, reason });
  });
});

describe("CSS in an SVG", () => {
  it("keeps rules and references inside the document", () => {
    expect(cleanCss("rect { fill: url(#g); stroke: #000 }")).toBe("rect { fill: url(#g); stroke: #000 }");
  });

  it("loses imports and external url()s, and is dropped whole when it hides them", () => {
    expect(cleanCss(`@import "x.css"; rect { fill: url(https://evil.example/x) }`)).toBe(" rect { fill: none }");
    expect(cleanCss("rect { fill: url(https://evil.example/x")).toBeNull();
    expect(cleanCss("rect { fill: u\\72l(https://evil.example/x) }")).toBeNull();
    expect(cleanCss("/* x */ rect { fill: red }")).toBeNull();
  });
});
