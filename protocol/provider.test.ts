import { describe, expect, it } from "vitest";
import {
  allowlists,
  classifyEnvironment,
  environmentOfConnectOrigin,
  hostsFor,
  internalOverridesAllowed,
  isLoopbackIp,
  isProxyAllowed,
  localEnvironment,
  nameFromTag,
  parseHostsMeta,
  platformMatchesParent,
  provider,
  serviceEnvironments,
  tagName,
} from "./provider.ts";

describe("environment classification (SPEC.md §1)", () => {
  it.each([
    ["localhost"],
    ["LOCALHOST"],
    ["127.0.0.1"],
    ["127.9.9.9"],
    ["127.255.255.254"],
    ["[::1]"],
    ["::1"],
    ["0:0:0:0:0:0:0:1"],
    ["::ffff:127.0.0.1"],
  ])("reports development on the loopback host %s", (host) => {
    expect(classifyEnvironment(host)).toBe("development");
  });

  it.each([
    ["pr-1234.preview.oriel.com", "preview"],
    ["qa.oriel.com", "QA"],
    ["connect.qa.oriel.com", "QA"],
    ["preprod.oriel.com", "pre-production"],
    ["dashboard.preprod.oriel.com", "pre-production"],
  ])("reports development on the internal host %s (%s pattern)", (host) => {
    expect(classifyEnvironment(host)).toBe("development");
  });

  it.each([
    ["shop.example.com"],
    ["oriel.com"],
    ["connect.oriel.com"],
    ["128.0.0.1"],
    ["10.0.0.1"],
    ["::2"],
    ["127.0.0.256"],
    ["qa.oriel.com.evil.example"],
    ["preview.oriel.com"],
    ["localhost.evil.example"],
  ])("reports production on the ordinary host %s", (host) => {
    expect(classifyEnvironment(host)).toBe("production");
  });

  it("reports test when running under a test runner, whatever the host", () => {
    expect(classifyEnvironment("shop.example.com", { testRunner: true })).toBe("test");
  });

  it("recognises only 127/8 and ::1 as loopback IPs", () => {
    expect(isLoopbackIp("127.0.0.1")).toBe(true);
    expect(isLoopbackIp("126.0.0.1")).toBe(false);
    expect(isLoopbackIp("::1:0")).toBe(false);
    expect(isLoopbackIp("::")).toBe(false);
  });
});

describe("internal overrides are honoured only where SPEC.md §6 allows", () => {
  it("on internal and demo hosts, in development, or with the override flag", () => {
    expect(internalOverridesAllowed("localhost")).toBe(true);
    expect(internalOverridesAllowed("x.qa.oriel.com")).toBe(true);
    expect(internalOverridesAllowed("sandbox.demo.oriel.com")).toBe(true);
    expect(internalOverridesAllowed("shop.example.com")).toBe(false);
    expect(internalOverridesAllowed("shop.example.com", { overrideFlagSet: true })).toBe(true);
  });
});

describe("the provider configuration", () => {
  it("derives every provider-named identifier from one name", () => {
    expect(tagName("payouts")).toBe("oriel-payouts");
    expect(nameFromTag("ORIEL-PAYOUTS")).toBe("payouts");
    expect(nameFromTag("other-payouts")).toBeUndefined();
    expect(provider.headers.account).toBe("Oriel-Account");
    expect(provider.hashParams.runningInIframe).toBe("oriel_internal_running_in_iframe");
    expect(provider.flags.disableUserAuthentication).toBe("disable_oriel_user_authentication");
    expect(provider.apiVersion).toBe("2020-08-27");
  });

  it("maps every service environment to four distinct origins", () => {
    for (const env of serviceEnvironments) {
      const h = hostsFor(env);
      const origins = [h.api, h.files, h.connect, h.dashboard];
      expect(new Set(origins).size).toBe(4);
      for (const o of origins) expect(new URL(o).origin).toBe(o);
    }
  });

  it("puts the local platform and provider on different sites (READING.md)", () => {
    const local = localEnvironment();
    expect(new URL(local.platform).hostname).toBe("localhost");
    expect(new URL(local.connect).hostname).toBe("127.0.0.1");
    expect(localEnvironment({ connect: 5100 }).connect).toBe("http://127.0.0.1:5100");
  });

  it("allows proxying only to the API, files and error-reporting origins, compared exactly", () => {
    const hosts = hostsFor("prod");
    expect(allowlists(hosts).connectOrigins).toEqual(["https://connect.oriel.com"]);
    expect(isProxyAllowed("https://api.oriel.com/v1/payouts", hosts)).toBe(true);
    expect(isProxyAllowed("https://files.oriel.com/v1/files", hosts)).toBe(true);
    expect(isProxyAllowed("https://errors.oriel.com/report", hosts)).toBe(true);
    expect(isProxyAllowed("https://api.oriel.com.evil.example/v1", hosts)).toBe(false);
    expect(isProxyAllowed("http://api.oriel.com/v1/payouts", hosts)).toBe(false);
    expect(isProxyAllowed("not a url", hosts)).toBe(false);
  });
});

describe("which environment serves a page (the hosts come from the provider, not the platform)", () => {
  it("recognises a remote environment by its connect origin", () => {
    expect(environmentOfConnectOrigin("https://connect.qa.oriel.com")).toEqual({
      environment: "qa",
      hosts: hostsFor("qa"),
    });
  });

  it("takes a local setup's hosts from the connect host's meta, loopback origins only", () => {
    const local = parseHostsMeta(
      JSON.stringify({ api: "http://127.0.0.1:5200", files: "https://evil.example", dashboard: 7 }),
    );
    expect(local).toEqual({ api: "http://127.0.0.1:5200" });
    const { environment, hosts } = environmentOfConnectOrigin("http://127.0.0.1:5100", local);
    expect(environment).toBe("local");
    expect(hosts).toMatchObject({ api: "http://127.0.0.1:5200", connect: "http://127.0.0.1:5100" });
    expect(hosts.files).toBe(hostsFor("local").files);
  });

  it("ignores a hosts meta that is not JSON, or not an object", () => {
    expect(parseHostsMeta("not json")).toEqual({});
    expect(parseHostsMeta("null")).toEqual({});
    expect(parseHostsMeta(undefined)).toEqual({});
  });
});

describe("issue 14 item 11: platformMatchesParent", () => {
  it("a framed page works only for its parent's origin; without ancestor information the platformUrl stands", () => {
    expect(platformMatchesParent("https://shop.example", ["https://shop.example"])).toBe(true);
    expect(platformMatchesParent("https://shop.example", ["https://evil.example"])).toBe(false);
    expect(platformMatchesParent(null, ["https://shop.example"])).toBe(false);
    expect(platformMatchesParent("https://shop.example", undefined)).toBe(true);
    expect(platformMatchesParent("https://shop.example", [])).toBe(true);
  });
});
