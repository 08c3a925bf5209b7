// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ConnectOptions } from "../actors/platform/options.ts";
import { tagName } from "../protocol/provider.ts";

/** The loader, observed: what the page's markup configured, and every update(). */
const calls = vi.hoisted(() => ({
  options: [] as ConnectOptions[],
  updates: [] as unknown[],
}));
vi.mock("../actors/platform/loader.ts", () => ({
  loadConnectAndInitialize: (options: ConnectOptions) => {
    calls.options.push(options);
    return { update: (u: unknown) => calls.updates.push(u) };
  },
}));

const connectOrigin = "http://127.0.0.1:4100";
const scriptSrc = `${connectOrigin}/v0.1.0/sdk.js`;

/** A fresh module (its instance is per page) reading the document as it is now. */
async function start(script: Element | null) {
  vi.resetModules();
  const declarative = await import("./declarative.ts");
  declarative.startFromPage(document, script);
  return declarative;
}

function classicScript(attributes: Record<string, string> = {}) {
  const script = document.createElement("script");
  script.setAttribute("src", scriptSrc);
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  return script;
}

function configElement(attributes: Record<string, string>) {
  const element = document.createElement(tagName("connect"));
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

beforeEach(() => {
  calls.options.length = 0;
  calls.updates.length = 0;
  document.body.innerHTML = "";
});
afterEach(() => vi.unstubAllGlobals());

describe("declarative use of the classic script", () => {
  it("starts the loader from the configuration element, with the script's origin as the connect host", async () => {
    configElement({
      "publishable-key": "pk_test_123",
      "client-secret-url": "/api/account_session",
      appearance: '{"variables":{"colorPrimary":"#0b7a5a"}}',
      locale: "fr-FR",
    });
    const declarative = await start(classicScript());
    expect(calls.options).toHaveLength(1);
    expect(calls.options[0]).toMatchObject({
      publishableKey: "pk_test_123",
      appearance: { variables: { colorPrimary: "#0b7a5a" } },
      locale: "fr-FR",
      connectOrigin,
    });
    expect(declarative.declarativeInstance()).toBeDefined();
  });

  it("fetches the client secret from the endpoint with the page's cookies, POST by default or GET", async () => {
    const fetchMock = vi.fn(async () => Response.json({ client_secret: "acs_secret_1" }));
    vi.stubGlobal("fetch", fetchMock);
    configElement({ "publishable-key": "pk_test_1", "client-secret-url": "/session" });
    await start(classicScript());
    expect(await calls.options[0]!.fetchClientSecret()).toBe("acs_secret_1");
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/session",
      expect.objectContaining({ method: "POST", credentials: "same-origin" }),
    );
    document.body.innerHTML = "";
    configElement({
      "publishable-key": "pk_test_1",
      "client-secret-url": "/session",
      "client-secret-method": "get",
    });
    await start(classicScript());
    await calls.options[1]!.fetchClientSecret();
    expect(fetchMock).toHaveBeenLastCalledWith(
      "/session",
      expect.objectContaining({ method: "GET" }),
    );
  });

  it("an endpoint answering without a client_secret rejects with its status", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: "sign in" }, { status: 401 }));
    configElement({ "publishable-key": "pk_test_1", "client-secret-url": "/session" });
    await start(classicScript());
    await expect(calls.options[0]!.fetchClientSecret()).rejects.toThrow(
      "/session answered 401 without a client_secret",
    );
  });

  it("reads the script's data- attributes when the page has no configuration element", async () => {
    await start(
      classicScript({
        "data-publishable-key": "pk_test_data",
        "data-client-secret-url": "/s",
        "data-locale": "de-DE",
        "data-connect-origin": "http://127.0.0.1:4999",
      }),
    );
    expect(calls.options[0]).toMatchObject({
      publishableKey: "pk_test_data",
      locale: "de-DE",
      connectOrigin: "http://127.0.0.1:4999",
    });
  });

  it("does nothing without a configuration element or data- attributes (imperative use)", async () => {
    const declarative = await start(classicScript());
    expect(calls.options).toEqual([]);
    expect(declarative.declarativeInstance()).toBeUndefined();
  });

  it("applies a changed appearance or locale attribute with update()", async () => {
    const element = configElement({ "publishable-key": "pk_test_1", "client-secret-url": "/s" });
    await start(classicScript());
    element.setAttribute("locale", "en-XA");
    await vi.waitFor(() =>
      expect(calls.updates.at(-1)).toEqual({ appearance: {}, locale: "en-XA" }),
    );
    element.setAttribute("appearance", '{"variables":{"colorPrimary":"#aa2200"}}');
    await vi.waitFor(() =>
      expect(calls.updates.at(-1)).toEqual({
        appearance: { variables: { colorPrimary: "#aa2200" } },
        locale: "en-XA",
      }),
    );
    const seen = calls.updates.length;
    element.setAttribute("id", "unrelated");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.updates).toHaveLength(seen);
  });

  it("refuses an appearance that is not JSON with a typed error naming the attribute, starting nothing", async () => {
    configElement({ "publishable-key": "pk_test_1", appearance: "{colorPrimary: red}" });
    vi.resetModules();
    const { startFromPage } = await import("./declarative.ts");
    let error: unknown;
    try {
      startFromPage(document, classicScript());
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf((await import("../actors/platform/errors.ts")).InvalidOptionError);
    expect(error).toMatchObject({ option: "appearance", code: "invalid_option" });
    expect(calls.options).toEqual([]);
  });
});
