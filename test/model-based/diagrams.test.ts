import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import {
  compareDiagrams,
  discoverMachines,
  docsDir,
  renderDiagrams,
  repoRoot,
  writeDiagrams,
} from "../../scripts/diagrams.ts";

const temps: string[] = [];
afterAll(async () => {
  for (const dir of temps) await rm(dir, { recursive: true, force: true });
});
async function tempDir() {
  const dir = await mkdtemp(path.join(tmpdir(), "oriel-diagrams-"));
  temps.push(dir);
  return dir;
}

async function machineSources(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await machineSources(full)));
    else if (entry.name.endsWith(".machine.ts")) out.push(full);
  }
  return out;
}

describe("machine diagrams (docs/machines)", () => {
  it("every committed diagram matches its machine, and every diagram file has a machine", async () => {
    const check = await compareDiagrams(await renderDiagrams(), docsDir());
    // On failure: run `npm run diagrams` and commit docs/machines.
    expect(check).toEqual({ stale: [], missing: [], orphan: [] });
  });

  it("draws every machine file under machines/, the handshake ones by their path", async () => {
    const found = await discoverMachines();
    const sources = (await machineSources(path.join(repoRoot, "machines"))).map((f) =>
      path.relative(repoRoot, f).split(path.sep).join("/"),
    );
    for (const source of sources) expect(found.map((m) => m.source)).toContain(source);
    expect(found.find((m) => m.source === "machines/handshake/server.machine.ts")?.file).toBe(
      "handshake.server.md",
    );
    expect(found.find((m) => m.source === "machines/handshake/client.machine.ts")?.file).toBe(
      "handshake.client.md",
    );
  });

  it("each diagram page names its source and holds the machine's Mermaid diagram", async () => {
    const files = await renderDiagrams();
    const page = files.get("handshake.server.md") ?? "";
    expect(page).toContain("machines/handshake/server.machine.ts");
    expect(page).toContain("```mermaid\nstateDiagram-v2\n");
    expect(page).toContain("closing --> closed : always [noClientsLeft]");
    expect(files.get("README.md")).toContain("[handshake.server](handshake.server.md)");
  });

  it("each machine is also an SVG image drawn from its definition: every state, every transition", async () => {
    const files = await renderDiagrams();
    const svg = files.get("handshake.server.svg") ?? "";
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toContain("closing");
    expect(texts).toContain("closed");
    expect(texts).toContain("always [noClientsLeft]");
    // The same machine gives the same bytes (the staleness check depends on it).
    expect((await renderDiagrams()).get("handshake.server.svg")).toBe(svg);
    // Every machine's page shows its image, and the index links it.
    for (const [file, content] of files)
      if (file.endsWith(".md") && file !== "README.md")
        expect(content).toContain(`(${file.replace(/\.md$/, ".svg")})`);
    expect(files.get("README.md")).toContain("[svg](handshake.server.svg)");
  });

  it("the check reports stale, missing and orphan files, and writing fixes all three", async () => {
    const expected = await renderDiagrams();
    const dir = await tempDir();
    await writeDiagrams(expected, dir);
    expect(await compareDiagrams(expected, dir)).toEqual({ stale: [], missing: [], orphan: [] });

    await writeFile(path.join(dir, "handshake.server.md"), "# edited by hand\n");
    await writeFile(path.join(dir, "handshake.server.svg"), "<svg/>\n");
    await rm(path.join(dir, "handshake.client.md"));
    await rm(path.join(dir, "handshake.client.svg"));
    await writeFile(path.join(dir, "gone.machine.md"), "# a machine that was deleted\n");
    await writeFile(path.join(dir, "gone.machine.svg"), "<svg/>\n");
    expect(await compareDiagrams(expected, dir)).toEqual({
      stale: ["handshake.server.md", "handshake.server.svg"],
      missing: ["handshake.client.md", "handshake.client.svg"],
      orphan: ["gone.machine.md", "gone.machine.svg"],
    });

    await writeDiagrams(expected, dir);
    expect(await compareDiagrams(expected, dir)).toEqual({ stale: [], missing: [], orphan: [] });
  });

  it("a machine added later is found without being listed anywhere", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, "machines", "door"), { recursive: true });
    const xstate = pathToFileURL(createRequire(import.meta.url).resolve("xstate")).href;
    await writeFile(
      path.join(root, "machines", "door", "lock.machine.ts"),
      [
        `import { createMachine } from ${JSON.stringify(xstate)};`,
        `export const lockMachine = createMachine({ id: "lock", initial: "shut", states: { shut: { on: { "lock.open": "open" } }, open: {} } });`,
        `export const notAMachine = { id: "lock" };`,
        "",
      ].join("\n"),
    );
    const files = await renderDiagrams(root);
    expect([...files.keys()].sort()).toEqual(["README.md", "door.lock.md", "door.lock.svg"]);
    expect(files.get("door.lock.md")).toContain("shut --> open : lock.open");
    expect(files.get("door.lock.md")).toContain("![The lock machine](door.lock.svg)");
  });
});
