/**
 * What the data layer's proxy reads of the catalogue: a component's enablement key and
 * whether it is internal (SPEC.md §5), from `access.generated.ts` (derived from the catalogue
 * by `scripts/catalogue-manifest.ts`, like the manifest), so its bundle does not carry the
 * manifest's error texts, layout hints and input names.
 */
import { componentAccess } from "./access.generated.ts";

type AccessName = keyof typeof componentAccess;
const isAccessName = (name: string): name is AccessName => Object.hasOwn(componentAccess, name);

/**
 * The entry behind a component name in tag form (`payouts-list`) or API form
 * (`payouts_list`); an unknown name is its own API form and not internal.
 */
export function componentAccessOf(name: string): { enabledKey: string; internal: boolean } {
  const kebab = name.replace(/_/g, "-");
  const key = isAccessName(name) ? name : isAccessName(kebab) ? kebab : undefined;
  if (key === undefined) return { enabledKey: name.replace(/-/g, "_"), internal: false };
  const [enabledKey, internal] = componentAccess[key];
  return { enabledKey, internal };
}
