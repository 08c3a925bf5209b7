import { parseAst } from "vite";
import { describe, expect, it } from "vitest";
import { blankDescriptorTexts } from "./message-descriptors.ts";

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
export const one = defineMessage({ defaultMessage: "Alone", id: "x.one" });
export const other = { id: "y", defaultMessage: "not a descriptor" };
`;

/** The module's exports, evaluated (the import of react-intl replaced by identities). */
const evaluate = (code: string) =>
  new Function(
    code
      .replace(/^import .*$/m, "const defineMessages = (m) => m, defineMessage = (m) => m;")
      .replaceAll("export const", "const")
      .concat("\nreturn { m, one, other };"),
  )() as Record<string, unknown>;

describe("message descriptors by id only (the connect host's build)", () => {
  const out = blankDescriptorTexts(source, parseAst);

  it("keeps each descriptor's id and drops its English text and note", () => {
    expect(out).toBeDefined();
    expect(evaluate(out!)).toEqual({
      m: { title: { id: "x.title" }, count: { id: "x.count" }, "quoted-key": { id: "x.quoted" } },
      one: { id: "x.one" },
      other: { id: "y", defaultMessage: "not a descriptor" },
    });
  });

  it("moves no position: same length, same line breaks, every other character in place", () => {
    expect(out).toHaveLength(source.length);
    for (let i = 0; i < source.length; i++) {
      if (out![i] !== source[i]) expect(out![i]).toBe(" ");
      if (source[i] === "\n") expect(out![i]).toBe("\n");
    }
  });

  it("leaves a module without descriptors alone", () => {
    expect(blankDescriptorTexts(`export const other = { defaultMessage: "x" };`, parseAst)).toBe(
      undefined,
    );
    expect(blankDescriptorTexts(`defineMessages({});`, parseAst)).toBeUndefined();
  });
});
