/**
 * Account-session features, read from the catalogue's plain-data manifest (each entry names
 * its features once, with their defaults: `entries/*.ts`). The provider derives what a
 * session accepts and which components grant a guarded action from here; the frames ask
 * whether a feature is on in their sanitized session; the example platform enables them.
 */
import { catalogueManifest, type ManifestName } from "./manifest.ts";

/** The features `component` offers (by tag name). */
export type FeatureOf<N extends ManifestName> =
  (typeof catalogueManifest)[N]["features"][number][0];
/** Every feature of every component. */
export type FeatureName = { [N in ManifestName]: FeatureOf<N> }[ManifestName];

type Entry = { enabledKey: string; features: readonly (readonly [string, boolean])[] };
const entries = Object.entries(catalogueManifest) as [ManifestName, Entry][];

/** The features of the component whose session key is `enabledKey`, with their defaults. */
export function featureDefaultsOf(enabledKey: string): Record<string, boolean> {
  const entry = entries.find(([, e]) => e.enabledKey === enabledKey)?.[1];
  return Object.fromEntries(entry?.features ?? []);
}

/** The session keys (`payments`, `payment_details`, …) of the components offering `feature`. */
export function componentsOffering(feature: FeatureName): string[] {
  const keys = entries
    .filter(([, e]) => e.features.some(([name]) => name === feature))
    .map(([, e]) => e.enabledKey);
  return [...new Set(keys)];
}

/** The components map of a (sanitized) session, as far as features go. */
export type SessionComponents = Readonly<
  Record<string, { enabled: boolean; features: Readonly<Record<string, unknown>> } | undefined>
>;

/**
 * Is `feature` on for `component` in the session: the component is enabled and the feature is
 * true (its catalogue default when the session does not name it). A frame shows an action
 * only when this holds; the provider refuses the action otherwise.
 */
export function sessionFeature<N extends ManifestName>(
  components: SessionComponents,
  component: N,
  feature: FeatureOf<N>,
): boolean {
  const entry = catalogueManifest[component] as Entry;
  const granted = components[entry.enabledKey];
  if (granted?.enabled !== true) return false;
  const value = granted.features[feature];
  if (typeof value === "boolean") return value;
  return entry.features.find(([name]) => name === feature)?.[1] ?? false;
}

/**
 * Whether a component the session enables turns bank connections off
 * (`disable_bank_connections`): the provider then refuses them, and no frame offers them.
 */
export function sessionDisablesBankConnections(components: SessionComponents): boolean {
  return componentsOffering("disable_bank_connections").some((key) => {
    const granted = components[key];
    return granted?.enabled === true && granted.features.disable_bank_connections === true;
  });
}
