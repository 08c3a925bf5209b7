import { provider } from "../../protocol/provider.ts";

/**
 * The `name` of the hidden data-layer iframe of one loader instance. The loader names the
 * iframe with it; a UI frame of the same instance finds it as a sibling with
 * `window.parent.frames[dataLayerFrameName(namespace)]`.
 */
export const dataLayerFrameName = (namespace: string): string =>
  `${provider.id}-data-layer-${namespace}`;
