/**
 * The gate of internal catalogue entries (SPEC.md §1–§2, §6; issue 17): a component whose
 * release state is `internal` (the debug tools, the internal reports, …) or `entry_point`
 * (internal only) loads only where internal things may — on the provider's internal and demo
 * hosts, in development, or with the override flag
 * `{provider}_internal_override_flags_in_external_domains` on the platform page's URL.
 * Elsewhere its frame refuses it with the typed load error `internal_not_allowed` and shows
 * the entry's error text. One rule for every internal entry, built or not — and one
 * allowance: an entry point loads on the connect host's own mobile entry page
 * (docs/mobile.md), which a native app's web view opens on any host, production included.
 */
import { internalOverridesAllowed } from "../provider.ts";
import { manifestEntry } from "./manifest.ts";

/** The load error's kind (the `name` of `onLoadError`'s error, the element's `type`). */
export const internalNotAllowed = "internal_not_allowed";

/** Whether the catalogue marks the component internal (release state internal or entry point). */
export function isInternalComponent(name: string): boolean {
  const state = manifestEntry(name)?.releaseState;
  return state === "internal" || state === "entry_point";
}

/** Where the frame is asked to load: the platform page's hostname and the override flag. */
export interface LoadPlace {
  /** The platform page's hostname; null when it is not known (then it is not trusted). */
  hostname: string | null;
  overrideFlagSet: boolean;
  /**
   * The platform page is the connect host's mobile entry page (its origin is the frame's own
   * and its path `entryPagePath`, and it is the frame's parent).
   */
  entryPage?: boolean;
}

/**
 * Whether internal components may load at `place`, whatever the component: the override
 * flag, or a known hostname where internal overrides are allowed. Needs no manifest (the
 * data layer asks it for the inspector without carrying the catalogue's manifest).
 */
export function internalAllowedAt(place: Omit<LoadPlace, "entryPage">): boolean {
  if (place.overrideFlagSet) return true;
  return place.hostname !== null && internalOverridesAllowed(place.hostname);
}

/** Whether the gate refuses `name` at `place`. Components that are not internal always pass. */
export function internalComponentRefused(name: string, place: LoadPlace): boolean {
  if (!isInternalComponent(name)) return false;
  if (place.entryPage === true && manifestEntry(name)?.releaseState === "entry_point") return false;
  return !internalAllowedAt(place);
}
