/**
 * How elements find their loader instance. An element may be created (by `create()`, by
 * `document.createElement`, or by the page's HTML) before or after `loadConnectAndInitialize`
 * runs: it binds to the page's current instance, or waits for the next one. Nothing here runs
 * on import.
 */

import type { AnyActorRef } from "xstate";

/** What an element needs of its instance. */
export interface InstanceLink {
  readonly namespace: string;
  readonly connectOrigin: string;
  readonly platformUrl: string;
  /** Whether internal attributes and setters are honoured here (SPEC.md §6). */
  readonly internalAllowed: boolean;
  /**
   * Whether the page's URL carries the override flag of SPEC.md §6: the element passes it to
   * its frame, whose gate lets internal catalogue entries load on any host with it.
   */
  readonly overrideFlagSet?: boolean;
  /** The instance-wide part of the frame's props. */
  shared(): SharedProps;
  /** Why nothing can load (the data layer never answered), once that is known. */
  failure(): LoadFailure | undefined;
  onFailure(listener: (failure: LoadFailure) => void): () => void;
  onShared(listener: (props: SharedProps) => void): () => void;
  /** Called once when the instance is destroyed: the element lets go of its frame. */
  onDestroy(listener: () => void): () => void;
  /**
   * Adds a machine actor of this instance (an element's handshake server) to what the live
   * inspector may watch while it is open; the returned function takes it away.
   */
  inspectable(actor: AnyActorRef): () => void;
}

/** A failure of the whole instance, reported to every element as its load error. */
export interface LoadFailure {
  type: "data_layer_unavailable" | "loader_unavailable";
  message: string;
}

export interface SharedProps {
  appearance: Record<string, unknown> | null;
  fonts: unknown[] | null;
  locale: string | null;
}

let current: InstanceLink | undefined;
const waiting = new Set<(instance: InstanceLink) => void>();

export function setCurrentInstance(instance: InstanceLink): void {
  current = instance;
  for (const listener of [...waiting]) listener(instance);
}

export function clearCurrentInstance(instance: InstanceLink): void {
  if (current === instance) current = undefined;
}

/** Calls `listener` with the current instance now, or with the next one; returns a stop. */
export function whenInstance(listener: (instance: InstanceLink) => void): () => void {
  if (current) {
    listener(current);
    return () => {};
  }
  const once = (instance: InstanceLink) => {
    waiting.delete(once);
    listener(instance);
  };
  waiting.add(once);
  return () => waiting.delete(once);
}
