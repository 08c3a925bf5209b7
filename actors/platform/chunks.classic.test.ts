import { describe, expect, it } from "vitest";
import { hostsFor, provider } from "../../protocol/provider.ts";
import { sdkPath } from "../../protocol/version.ts";
import { classicChunks, scriptBase } from "./chunks.classic.ts";

describe("the classic script's lazy chunks", () => {
  it("load from the directory the script was served from (the connect host's versioned path)", () => {
    const currentScript = {
      src: `http://127.0.0.1:4100${sdkPath}${provider.id}.js`,
    } as unknown as HTMLScriptElement;
    expect(scriptBase({ currentScript })).toBe(`http://127.0.0.1:4100${sdkPath}`);
  });

  it("fall back to the production connect host's versioned path when the script is unknown", () => {
    expect(scriptBase({ currentScript: null })).toBe(`${hostsFor("prod").connect}${sdkPath}`);
    expect(scriptBase(undefined)).toBe(`${hostsFor("prod").connect}${sdkPath}`);
  });

  it("without the build's chunk list, loading fails with a clear error", async () => {
    const chunks = classicChunks("http://127.0.0.1:4100/v0/", undefined);
    await expect(chunks.session()).rejects.toThrow(/chunk list is set by its build/);
  });
});
