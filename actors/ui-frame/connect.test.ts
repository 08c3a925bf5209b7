import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeWindow, link } from "../messaging/fake-window.ts";
import { dataLayerFrameName } from "../messaging/names.ts";
import type { Logger } from "../messaging/types.ts";
import { connectUiFrame, DataLayerFrameNotFoundError } from "./connect.ts";
import { FakeDataLayer } from "./fake-data-layer.ts";
import { baseProps, hostElement } from "./host-element.fixture.ts";

const PLATFORM = "http://localhost:4000";
const CONNECT = "http://127.0.0.1:4100";
const NS = "instance-c";
const quiet: Logger = { warn: () => {} };

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const fn of cleanup.splice(0).reverse()) fn();
});

/** A platform page holding the data-layer frame and one UI frame, as siblings. */
function page() {
  const platform = new FakeWindow(PLATFORM);
  const uiFrame = new FakeWindow(CONNECT);
  const dataLayerWindow = new FakeWindow(CONNECT);
  const [platformSeenByFrame, frameSeenByPlatform] = link(uiFrame, platform);
  const [dataLayerSeenByFrame] = link(uiFrame, dataLayerWindow);
  const parent = Object.assign(platformSeenByFrame, {
    frames: { [dataLayerFrameName(NS)]: dataLayerSeenByFrame },
  });
  const self = Object.assign(uiFrame, { parent });
  const dataLayer = new FakeDataLayer(dataLayerWindow, CONNECT);
  cleanup.push(() => dataLayer.close());
  return { platform, self, frameSeenByPlatform, dataLayer };
}

describe("connectUiFrame", () => {
  it("opens the data-layer link to the sibling frame and the host link to the parent", async () => {
    const { platform, self, frameSeenByPlatform, dataLayer } = page();
    hostElement(NS, platform, frameSeenByPlatform, "host-1", cleanup);
    const links = connectUiFrame({
      self,
      namespace: NS,
      componentName: "payments",
      connectOrigin: CONNECT,
      platformOrigin: PLATFORM,
      observeSize: () => () => {},
      log: quiet,
    });
    cleanup.push(() => links.close());
    await links.dataLayer.ready;
    expect(dataLayer.inits).toEqual([{ sender: "ui_frame", componentName: "payments" }]);
    await vi.waitFor(() => expect(links.hostLink.props()).toEqual(baseProps));
  });

  it("fails when the instance has no data-layer frame", () => {
    const { self } = page();
    expect(() =>
      connectUiFrame({
        self,
        namespace: "another-instance",
        componentName: "payments",
        connectOrigin: CONNECT,
        platformOrigin: PLATFORM,
        log: quiet,
      }),
    ).toThrow(DataLayerFrameNotFoundError);
  });
});
