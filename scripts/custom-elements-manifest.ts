/**
 * Writes `custom-elements.json`: the custom-elements manifest (the community schema, version
 * 2.1.0) of every tag of the catalogue, so editors and framework tooling (VS Code's HTML
 * data, Storybook, lit-analyzer, Vue and Svelte language tools) know each element's
 * attributes, properties, setters and events with their descriptions. It is derived from the
 * catalogue, never edited by hand; package.json's `customElements` field points at it and a
 * test fails when it is stale or misses an item of the catalogue.
 *
 *   npx tsx scripts/custom-elements-manifest.ts           write it
 *   npx tsx scripts/custom-elements-manifest.ts --check   exit 1 when it is stale
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import type { ComponentDefinition } from "../protocol/catalogue/definition.schema.ts";
import { catalogueEntries } from "../protocol/catalogue/index.ts";
import { provider, tagName } from "../protocol/provider.ts";

export const customElementsManifestPath = new URL("../custom-elements.json", import.meta.url)
  .pathname;

/** The element events every component has besides its own (actors/platform/elements.ts). */
const commonEvents = [
  ["loaderstart", "The component started loading.", "{ elementTagName: string }"],
  [
    "loaderror",
    "The component could not load; detail.error has the type and message.",
    "{ error: { type: string; message: string; requestId?: string }; elementTagName: string }",
  ],
  [
    "inputerror",
    "An attribute or setter value was refused; detail names it and says why.",
    "{ code: string; component: string; name: string; message: string }",
  ],
  ["overlaychange", "An overlay of the component opened or closed.", "{ open: boolean }"],
] as const;

const commonSetters = [
  ["setOnLoaderStart", "Called when the component starts loading.", "loaderstart"],
  ["setOnLoadError", "Called when the component cannot load.", "loaderror"],
] as const;

type Json = Record<string, unknown>;

/**
 * A short TypeScript-like text for a JSON Schema (what editors show as the type). `$ref`s
 * resolve against the root's `$defs`; an unrepresentable schema (`{}`: a Date, a function)
 * beside an ISO date reads as `Date | string`.
 */
function typeText(schema: Json | boolean | undefined, root: Json, depth = 0): string {
  if (schema === undefined || schema === true || depth > 6) return "unknown";
  if (schema === false) return "never";
  let s = schema as Json;
  if (typeof s.$ref === "string") {
    const name = s.$ref.replace(/^#\/\$defs\//, "");
    s = ((root.$defs as Record<string, Json> | undefined)?.[name] ?? {}) as Json;
  }
  const inner = (x: unknown) => typeText(x as Json, root, depth + 1);
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = s[key];
    if (Array.isArray(options)) {
      const texts = [...new Set(options.map(inner))];
      const date = texts.indexOf("string /* YYYY-MM-DD */");
      if (date >= 0 && texts.includes("unknown")) return "Date | string /* YYYY-MM-DD */";
      return texts.join(" | ");
    }
  }
  if (Array.isArray(s.allOf)) return inner(s.allOf[0]);
  switch (s.type) {
    case "string":
      return s.format === "date" ? "string /* YYYY-MM-DD */" : "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array":
      return `Array<${inner(s.items)}>`;
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const fields = Object.entries(properties).map(
        ([k, v]) => `${k}${required.has(k) ? "" : "?"}: ${inner(v)}`,
      );
      if (fields.length === 0) return "Record<string, unknown>";
      return `{ ${fields.join("; ")} }`;
    }
    default:
      return "unknown";
  }
}

/**
 * The type a schema (classic or mini) accepts, as text; a schema JSON Schema cannot express
 * reads `unknown`.
 */
function schemaType(schema: unknown): string {
  if (!(schema instanceof z.core.$ZodType)) return "string";
  try {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
    return typeText(json as Json, json as Json);
  } catch {
    return "unknown";
  }
}

const pascal = (kebab: string) =>
  kebab.replace(/(^|-)([a-z0-9])/g, (_m, _d, c: string) => c.toUpperCase());

const note = (internal: boolean, description: string) =>
  internal ? `Internal: not for platforms. ${description}` : description;

function declaration(name: string, d: ComponentDefinition) {
  const className = `${provider.name}${pascal(name)}Element`;
  const description = [
    d.description,
    d.releaseState !== "ga" ? `Release state: ${d.releaseState}.` : "",
    d.requiresAuthentication ? "Requires a signed-in provider user." : "",
    d.aliasOf ? `Alias of ${tagName(d.aliasOf)}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
  const attributeSetters = new Map(
    d.customHtmlElementMethods
      .filter((m) => m.target.kind === "attribute")
      .map((m) => [m.target.name, m.name]),
  );
  return {
    kind: "class",
    customElement: true,
    name: className,
    tagName: tagName(name),
    summary: d.friendlyName,
    description,
    ...(d.deprecatedMessage ? { deprecated: d.deprecatedMessage } : {}),
    superclass: { name: "HTMLElement" },
    attributes: d.htmlAttributes.map((a) => ({
      name: a.name,
      description: note(a.internal, a.description),
      type: { text: schemaType(a.schema) },
      ...(attributeSetters.has(a.name) ? { fieldName: attributeSetters.get(a.name) } : {}),
    })),
    members: [
      ...d.customHtmlElementMethods.map((m) => ({
        kind: "method",
        name: m.name,
        description: note(
          m.internal,
          `${m.description}${m.customAccountsOnly ? " Custom accounts only." : ""}`,
        ),
        parameters: [
          {
            name: m.type === "EventListenerMethod" ? "listener" : "value",
            type: {
              text:
                m.type === "EventListenerMethod"
                  ? `((event: CustomEvent) => void) | undefined`
                  : schemaType(m.schema),
            },
          },
        ],
        return: { type: { text: "void" } },
      })),
      ...commonSetters.map(([setter, text, event]) => ({
        kind: "method",
        name: setter,
        description: `${text} The same as listening for "${event}".`,
        parameters: [
          { name: "listener", type: { text: "((event: unknown) => void) | undefined" } },
        ],
        return: { type: { text: "void" } },
      })),
    ],
    events: [
      ...d.htmlEvents.map((e) => ({
        name: e.name,
        description: note(e.internal, e.description),
        type: { text: e.detail ? `CustomEvent<${schemaType(e.detail)}>` : "CustomEvent<void>" },
      })),
      ...commonEvents.map(([event, text, detail]) => ({
        name: event,
        description: text,
        type: { text: `CustomEvent<${detail}>` },
      })),
    ],
  };
}

export function renderCustomElementsManifest(): string {
  const manifest = {
    schemaVersion: "2.1.0",
    readme: "sdk/README.md",
    modules: [
      {
        kind: "javascript-module",
        path: "dist/sdk/index.js",
        description:
          "The elements are defined by loadConnectAndInitialize(), one per catalogue entry.",
        declarations: catalogueEntries().map(([name, d]) => declaration(name, d)),
        exports: catalogueEntries().map(([name]) => ({
          kind: "custom-element-definition",
          name: tagName(name),
          declaration: {
            name: `${provider.name}${pascal(name)}Element`,
            module: "dist/sdk/index.js",
          },
        })),
      },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const want = renderCustomElementsManifest();
  let have = "";
  try {
    have = readFileSync(customElementsManifestPath, "utf8");
  } catch {}
  if (process.argv.includes("--check")) {
    if (have !== want) {
      console.error(`${customElementsManifestPath} is stale: run npm run catalogue:manifest`);
      process.exit(1);
    }
    console.log("custom-elements manifest: up to date.");
  } else {
    writeFileSync(customElementsManifestPath, want);
    console.log(`wrote ${customElementsManifestPath}`);
  }
}
