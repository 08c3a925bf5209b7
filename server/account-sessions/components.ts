/**
 * The components an account session can enable, and their features with the defaults a
 * platform gets when it does not name them. Component names come from the catalogue's
 * `enabledKey`s (internal components need no enablement, SPEC.md §5, so they are not
 * offered); features from each entry's `features` (`protocol/catalogue/features.ts`).
 */
import { z } from "zod";
import { featureDefaultsOf } from "../../protocol/catalogue/features.ts";
import { catalogueEntries } from "../../protocol/catalogue/index.ts";
import type { ResolvedComponents } from "../../protocol/objects/account-session.schema.ts";
import { formBoolean } from "../http/params.ts";

/** Components a platform may enable in an account session, by API name. */
export const sessionComponentNames: readonly string[] = [
  ...new Set(
    catalogueEntries()
      .filter(([, d]) => d.releaseState !== "internal")
      .map(([, d]) => d.enabledKey),
  ),
].sort();

/** Each offered component's features with their defaults, as the catalogue names them. */
export const featureDefaults: Readonly<Record<string, Readonly<Record<string, boolean>>>> =
  Object.fromEntries(sessionComponentNames.map((name) => [name, featureDefaultsOf(name)]));

const componentParam = (name: string) => {
  const defaults = featureDefaults[name] ?? {};
  const features = z.strictObject(
    Object.fromEntries(Object.keys(defaults).map((f) => [f, formBoolean.optional()])),
  );
  return z.strictObject({ enabled: formBoolean, features: features.optional() }).optional();
};

/** `components[<name>][enabled]` and `components[<name>][features][<feature>]`. */
export const componentsParam = z.strictObject(
  Object.fromEntries(sessionComponentNames.map((name) => [name, componentParam(name)])),
);

export type ComponentsParam = Record<
  string,
  { enabled: boolean; features?: Record<string, boolean | undefined> | undefined } | undefined
>;

/** Every component, with what was asked filled over the defaults. */
export function resolveComponents(asked: ComponentsParam): ResolvedComponents {
  const resolved: ResolvedComponents = {};
  for (const name of sessionComponentNames) {
    const given = asked[name];
    const features: Record<string, boolean> = { ...(featureDefaults[name] ?? {}) };
    for (const [feature, value] of Object.entries(given?.features ?? {})) {
      if (value !== undefined) features[feature] = value;
    }
    resolved[name] = { enabled: given?.enabled ?? false, features };
  }
  return resolved;
}
