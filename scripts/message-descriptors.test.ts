import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { compileDescriptorTexts } from "./message-descriptors.ts";

const source = `import { defineMessage, defineMessages } from "react-intl";
export const m = defineMessages({
  title: { id: "x.title", defaultMessage: "Payouts", description: "Heading" },
  count: {
    id: "x.count",
    description: \`Table
caption\`,
    defaultMessage: "{count, plural, one {# payout} other {# payouts}}"
  },
  "quoted-key": { "defaultMessage": 'Quoted', id: "x.quoted" },
});
export const one = defineMessage({ defaultMessage: "OK", id: "x.one" });
export const other = { id: "y", defaultMessage: "not a descriptor" };
`;

/** The en-US catalogue, compiled (what the build passes: each id's AST). */
const catalogue: Record<string, unknown> = {
  "x.title": [{ type: 0, value: "Payouts" }],
  "x.count": [{ type: 6, value: "count", options: {}, offset: 0, pluralType: "cardinal" }],
  "x.quoted": [{ type: 0, value: "Quoted" }],
  "x.one": [{ type: 0, value: "OK" }],
};

/** The module's exports, evaluated (the import of react-intl replaced by identities). */
const evaluate = (code: string) =>
  new Function(
    code
      .replace(/^import .*$/m, "const defineMessages = (m) => m, defineMessage = (m) => m;")
      .replaceAll("export const", "const")
      .concat("\nreturn { m, one, other };"),
  )() as Record<string, unknown>;

describe("message descriptors with their en-US message compiled (the connect host's build)", () => {
  const out = compileDescriptorTexts(source, parseAst, (id) => catalogue[id]);

  it("gives each descriptor its id and the catalogue's compiled message, and drops its note", () => {
    expect(out).toBeDefined();
    expect(evaluate(out!)).toEqual({
      m: {
        title: { id: "x.title", defaultMessage: catalogue["x.title"] },
        count: { id: "x.count", defaultMessage: catalogue["x.count"] },
        "quoted-key": { id: "x.quoted", defaultMessage: catalogue["x.quoted"] },
      },
      one: { id: "x.one", defaultMessage: catalogue["x.one"] },
      other: { id: "y", defaultMessage: "not a descriptor" },
    });
  });

  it("moves no line: every line of the source is where it was, changed only by descriptors", () => {
    const lines = source.split("\n");
    const outLines = out!.split("\n");
    // The messages follow the module, after its last line.
    expect(outLines.slice(lines.length).join("\n")).toMatch(/^function \$\$englishMessage\(/);
    lines.forEach((line, i) => {
      if (!/defaultMessage|description|caption/.test(line)) expect(outLines[i]).toBe(line);
    });
    expect(outLines[6]).toBe(" ".repeat("caption`,".length));
  });

  it("refuses a descriptor whose id the catalogue lacks, or whose id is not a literal", () => {
    expect(() => compileDescriptorTexts(source, parseAst, () => undefined)).toThrow(
      'message "x.title" is not in the en-US catalogue',
    );
    const computed = `defineMessages({ a: { id: "x." + "a", defaultMessage: "A" } });`;
    expect(() => compileDescriptorTexts(computed, parseAst, () => [])).toThrow(
      "a message descriptor's id is not a literal string",
    );
  });

  it("leaves a module without descriptors alone", () => {
    const none = (code: string) => compileDescriptorTexts(code, parseAst, () => []);
    expect(none(`export const other = { defaultMessage: "x" };`)).toBeUndefined();
    expect(none(`defineMessages({});`)).toBeUndefined();
  });
});
