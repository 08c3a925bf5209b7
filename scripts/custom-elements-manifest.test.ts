import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogueEntries } from "../protocol/catalogue/index.ts";
import { tagName } from "../protocol/provider.ts";
import {
  customElementsManifestPath,
  renderCustomElementsManifest,
} from "./custom-elements-manifest.ts";

interface Declaration {
  tagName: string;
  attributes: { name: string; description: string; type: { text: string } }[];
  members: { name: string; kind: string; description: string }[];
  events: { name: string; description: string; type: { text: string } }[];
}

const committed = (): { schemaVersion: string; modules: { declarations: Declaration[] }[] } =>
  JSON.parse(readFileSync(customElementsManifestPath, "utf8"));

/** Every catalogue item the manifest must describe, as "tag kind name". */
function catalogueItems(): string[] {
  return catalogueEntries().flatMap(([name, d]) => {
    const tag = tagName(name);
    return [
      `${tag} tag`,
      ...d.htmlAttributes.map((a) => `${tag} attribute ${a.name}`),
      ...d.htmlEvents.map((e) => `${tag} event ${e.name}`),
      ...d.customHtmlElementMethods.map((m) => `${tag} method ${m.name}`),
    ];
  });
}

function manifestItems(manifest: ReturnType<typeof committed>): string[] {
  return manifest.modules.flatMap((m) =>
    m.declarations.flatMap((d) => [
      `${d.tagName} tag`,
      ...d.attributes.map((a) => `${d.tagName} attribute ${a.name}`),
      ...d.events.map((e) => `${d.tagName} event ${e.name}`),
      ...d.members.map((x) => `${d.tagName} method ${x.name}`),
    ]),
  );
}

describe("the custom-elements manifest (custom-elements.json)", () => {
  it("is the catalogue as committed: regenerate with npm run catalogue:manifest", () => {
    expect(readFileSync(customElementsManifestPath, "utf8")).toBe(renderCustomElementsManifest());
  });

  it("describes every tag, attribute, setter and event of the catalogue", () => {
    const have = new Set(manifestItems(committed()));
    const missing = catalogueItems().filter((item) => !have.has(item));
    expect(missing).toEqual([]);
  });

  it("fails when a tag, an attribute or an event is missing", () => {
    const manifest = committed();
    const declarations = manifest.modules[0]!.declarations;
    const withAttributes = declarations.find((d) => d.attributes.length > 0)!;
    const withEvents = declarations.find((d) => d.events.some((e) => e.name.startsWith("on")))!;
    const cut: ((m: ReturnType<typeof committed>) => void)[] = [
      (m) => m.modules[0]!.declarations.shift(),
      (m) =>
        m.modules[0]!.declarations.find(
          (d) => d.tagName === withAttributes.tagName,
        )!.attributes.pop(),
      (m) => {
        const d = m.modules[0]!.declarations.find((x) => x.tagName === withEvents.tagName)!;
        d.events = d.events.filter((e) => !e.name.startsWith("on"));
      },
    ];
    for (const change of cut) {
      const broken = committed();
      change(broken);
      const have = new Set(manifestItems(broken));
      expect(catalogueItems().filter((item) => !have.has(item)).length).toBeGreaterThan(0);
    }
  });

  it("gives each item a description and a type an editor can show", () => {
    for (const d of committed().modules[0]!.declarations) {
      for (const a of d.attributes) expect(a.description.length, a.name).toBeGreaterThan(0);
      for (const e of d.events) expect(e.type.text, e.name).toMatch(/^CustomEvent</);
    }
    const payouts = committed().modules[0]!.declarations.find(
      (d) => d.tagName === tagName("payout-details"),
    )!;
    expect(payouts.attributes.find((a) => a.name === "inline")?.type.text).toBe(
      '"true" | "false" | ""',
    );
    expect(payouts.events.map((e) => e.name)).toContain("loaderror");
  });
});
