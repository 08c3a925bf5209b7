import { describe, expect, it } from "vitest";
import { hostsFor } from "../../protocol/provider.ts";
import { environmentOf, platformOf } from "./page.ts";

describe("the data-layer page reads its URL", () => {
  it("platformUrl from the hash gives the platform origin and path", () => {
    const hash = `#oriel_internal_running_in_iframe=true&platformUrl=${encodeURIComponent("https://shop.example:8443/dashboard/payouts?x=1")}`;
    expect(platformOf(hash)).toEqual({
      origin: "https://shop.example:8443",
      path: "/dashboard/payouts",
    });
  });

  it("a missing or non-http platformUrl gives no platform origin", () => {
    expect(platformOf("")).toBeNull();
    expect(platformOf("#platformUrl=javascript%3Aalert(1)")).toBeNull();
    expect(platformOf("#platformUrl=not%20a%20url")).toBeNull();
  });

  it("the environment is the one whose connect host serves the page", () => {
    expect(environmentOf(hostsFor("qa").connect)).toEqual({
      environment: "qa",
      hosts: hostsFor("qa"),
    });
    expect(environmentOf(hostsFor("prod").connect).environment).toBe("prod");
    const local = environmentOf("http://127.0.0.1:4100");
    expect(local.environment).toBe("local");
    expect(local.hosts.api).toBe("http://127.0.0.1:4200");
  });
});
