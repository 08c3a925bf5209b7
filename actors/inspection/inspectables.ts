/**
 * The running actors of this browsing context that the live inspector may watch (issue 17).
 * The frames, the data layer and the loader register their root actors here as they create
 * them — a set of references, nothing recorded. Only when the inspector opens does the
 * recorder (`recorder.ts`, a lazy chunk) attach to them through XState's inspection API.
 */
import type { AnyActorRef } from "xstate";

type Listener = (actor: AnyActorRef) => void;

const actors = new Set<AnyActorRef>();
const listeners = new Set<Listener>();

/** Registers a root actor; the returned function takes it away (when it is stopped). */
export function registerInspectable(actor: AnyActorRef): () => void {
  actors.add(actor);
  for (const listener of [...listeners]) listener(actor);
  return () => {
    actors.delete(actor);
  };
}

/** Calls `listener` for every registered actor, now and as they come; returns the unsubscribe. */
export function watchInspectables(listener: Listener): () => void {
  listeners.add(listener);
  for (const actor of [...actors]) listener(actor);
  return () => {
    listeners.delete(listener);
  };
}
