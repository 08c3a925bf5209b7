/**
 * Lookups over the catalogue's plain-data manifest (`manifest.generated.ts`), for the code
 * that must not carry the catalogue's zod schemas: the data layer, the frames, the loader.
 * Code that validates inputs uses `protocol/catalogue/index.ts` instead.
 */
import { catalogueManifest } from "./manifest.generated.ts";

export { catalogueManifest };
export type ManifestName = keyof typeof catalogueManifest;
export type ManifestEntry = (typeof catalogueManifest)[ManifestName];

export const isManifestName = (name: string): name is ManifestName =>
  Object.hasOwn(catalogueManifest, name);

/** The entry of a component given in tag form (`payouts-list`) or API form (`payouts_list`). */
export function manifestEntry(name: string): ManifestEntry | undefined {
  if (isManifestName(name)) return catalogueManifest[name];
  const kebab = name.replace(/_/g, "-");
  return isManifestName(kebab) ? catalogueManifest[kebab] : undefined;
}
