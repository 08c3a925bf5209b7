import type { Logger, MessageReceiver, PostTarget, Timers } from "../messaging/types.ts";
import {
  createDataLayerClient,
  type DataLayerClient,
  findDataLayerWindow,
} from "./data-layer-client.ts";
import { createHostLink, type HostLink, type ObserveSize } from "./host-link.ts";

/**
 * A UI frame's two links, opened together at start-up: to the data-layer frame (a sibling
 * named after the instance namespace) and to its host element (the parent page, through the
 * handshake). The frame's entry reads namespace and platform origin from its URL hash.
 */

export interface ConnectUiFrameOptions {
  /** This frame's window. */
  self: MessageReceiver & { parent: PostTarget & { frames: unknown } };
  namespace: string;
  componentName: string;
  connectOrigin: string;
  /** From the hash's platformUrl; `"*"` pins the parent's origin on first contact. */
  platformOrigin: string;
  observeSize?: ObserveSize;
  timers?: Timers;
  log?: Logger;
}

export interface UiFrameLinks {
  dataLayer: DataLayerClient;
  hostLink: HostLink;
  close(): void;
}

export class DataLayerFrameNotFoundError extends Error {
  constructor(readonly namespace: string) {
    super(`no data-layer frame for namespace ${namespace}`);
    this.name = "DataLayerFrameNotFoundError";
  }
}

export function connectUiFrame(options: ConnectUiFrameOptions): UiFrameLinks {
  const { self, namespace } = options;
  const target = findDataLayerWindow(self, namespace);
  if (!target) throw new DataLayerFrameNotFoundError(namespace);
  const shared = {
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.log ? { log: options.log } : {}),
  };
  const dataLayer = createDataLayerClient({
    dataLayer: target,
    connectOrigin: options.connectOrigin,
    componentName: options.componentName,
    ...shared,
  });
  const hostLink = createHostLink({
    namespace,
    self,
    parent: self.parent,
    platformOrigin: options.platformOrigin,
    ...(options.observeSize ? { observeSize: options.observeSize } : {}),
    ...shared,
  });
  return {
    dataLayer,
    hostLink,
    close() {
      hostLink.close();
      dataLayer.close();
    },
  };
}
