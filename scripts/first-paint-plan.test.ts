import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { firstPaintPlan } from "./first-paint-plan.ts";

/** A chunk of the planning build: its file, what it imports, and its modules' rendered code. */
const chunk = (
  fileName: string,
  imports: string[],
  dynamicImports: string[],
  modules: Record<string, number>,
  facadeModuleId: string | null = null,
) => ({
  type: "chunk" as const,
  fileName,
  name: fileName.replace(/\.js$/, ""),
  isEntry: facadeModuleId?.endsWith(".html") ?? false,
  facadeModuleId,
  imports,
  dynamicImports,
  modules: Object.fromEntries(
    Object.entries(modules).map(([id, renderedLength]) => [id, { renderedLength }]),
  ),
});

// Three pages: the frame (its script imports zod, then loads the shell at start; the shell
// loads a view and a locale later), the popup (its script imports zod and React, then its
// page) and the mobile entry page (zod, then its page, which loads a session chunk later).
const output = {
  output: [
    chunk(
      "frame.js",
      ["zod.js"],
      ["shell.js", "view-imports.js"],
      { "actors/ui-frame/main.tsx": 10 },
      "frame.html",
    ),
    chunk("view-imports.js", [], ["view-a.js"], { "ui/components/view-imports.ts": 5 }),
    chunk(
      "popup.js",
      ["zod.js", "react.js"],
      ["popup-page.js"],
      { "popup/main": 10 },
      "popup.html",
    ),
    chunk("entry.js", ["zod.js"], ["entry-page.js"], { "entry/main": 10 }, "entry.html"),
    chunk("zod.js", [], [], { "zod/core": 100, "zod/unused": 0 }),
    chunk("react.js", [], [], { "react-dom": 100 }),
    chunk("shell.js", ["react.js", "banner.js"], ["view-a.js", "fr.js"], { "frame-page": 50 }),
    chunk("popup-page.js", ["banner.js", "button.js"], [], { "popup-page": 50 }),
    chunk("banner.js", [], [], { "kit/banner": 20 }),
    chunk("button.js", [], [], { "kit/button": 20 }),
    chunk(
      "view-a.js",
      ["button.js", "react.js"],
      [],
      { "ui/components/a/a.component.tsx": 30 },
      "ui/components/a/a.component.tsx",
    ),
    chunk("fr.js", [], [], { "messages/fr-FR.json": 90 }),
    chunk("entry-page.js", [], ["session.js"], { "entry-page": 20 }),
    chunk("session.js", ["react.js"], [], { session: 20 }),
  ],
} as unknown as Pick<Rolldown.RolldownOutput, "output">;

describe("the first-paint plan (the connect build's chunks)", () => {
  const plan = firstPaintPlan(output);

  it("keys each module by the pages that need it at first paint, a script's own imports apart", () => {
    expect(plan.get("zod/core")).toBe("first-paint-entry.start+frame.start+popup.start");
    expect(plan.get("frame-page")).toBe("first-paint-frame");
    expect(plan.get("popup-page")).toBe("first-paint-popup");
    expect(plan.get("kit/banner")).toBe("first-paint-frame+popup");
    expect(plan.get("entry-page")).toBe("first-paint-entry");
  });

  it("names the pages that load a module only later beside those that load it first", () => {
    // The frame's shell and the popup's script need React; the entry page's lazy session too.
    expect(plan.get("react-dom")).toBe("first-paint-frame+popup.start~entry");
  });

  it("leaves to Rollup what a view needs and the frame's shell does not, every lazy chunk, and code tree-shaken away", () => {
    // The popup needs the button at first paint, but a view does too: grouped with the
    // popup's chunks, the view would load them all.
    expect(plan.has("kit/button")).toBe(false);
    expect(plan.has("ui/components/a/a.component.tsx")).toBe(false);
    expect(plan.has("messages/fr-FR.json")).toBe(false);
    expect(plan.has("session")).toBe(false);
    expect(plan.has("zod/unused")).toBe(false);
    // The table of view imports the frame's script loads at once: its own chunk, which no
    // first-paint group holds (the view's chunks are asked for without waiting for them).
    expect(plan.has("ui/components/view-imports.ts")).toBe(false);
    // The pages' scripts stay their own entry chunks.
    expect(plan.has("actors/ui-frame/main.tsx")).toBe(false);
  });
});
