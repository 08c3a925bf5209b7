/**
 * Lookups over the catalogue's plain-data manifest (`manifest.generated.ts`), for the code
 * that must not carry the catalogue's zod schemas: the data layer, the frames, the loader.
 * Code that validates inputs uses `protocol/catalogue/index.ts` instead.
 */
import { catalogueManifest } from "./manifest.generated.ts";

export { catalogueManifest };
export type ManifestName = keyof typeof catalogueManifest;
export type ManifestEntry = (typeof catalogueManifest)[ManifestName];

/**
 * The fields of an entry the platform SDK reads (its elements and React wrappers). The SDK
 * builds keep only these in their copy of the generated manifest (vite.config.ts,
 * `platformManifest`), so the platform script does not ship error texts and feature lists
 * it never shows; typing the SDK's reads with `PlatformManifestEntry` keeps the list honest.
 */
export const platformManifestFields = [
  "releaseState",
  "disableMinWidth",
  "maxWidth",
  "attributes",
  "events",
  "setters",
] as const;
type PlatformField = (typeof platformManifestFields)[number];
/**
 * An entry as the SDK sees it (distributed over the entries, so `maxWidth` narrows with `in`).
 * A false flag is left out of the SDK's copy (the projection keeps `disableMinWidth` only
 * where it is true: bytes of the platform script).
 */
export type PlatformManifestEntry = ManifestEntry extends infer E
  ? E extends unknown
    ? Omit<Pick<E, Extract<keyof E, PlatformField>>, "disableMinWidth"> & {
        disableMinWidth?: boolean;
      }
    : never
  : never;

export const isManifestName = (name: string): name is ManifestName =>
  Object.hasOwn(catalogueManifest, name);

/** The entry of a component given in tag form (`payouts-list`) or API form (`payouts_list`). */
export function manifestEntry(name: string): ManifestEntry | undefined {
  if (isManifestName(name)) return catalogueManifest[name];
  const kebab = name.replace(/_/g, "-");
  return isManifestName(kebab) ? catalogueManifest[kebab] : undefined;
}
