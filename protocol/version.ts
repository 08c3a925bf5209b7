/**
 * The SDK's version: the connect host serves the built SDK at `/v<version>/` (the classic
 * script and the chunks it loads), so a page pins the version it was written against.
 * Equal to package.json's `version` (a test checks it).
 */
export const sdkVersion = "0.1.0";

/** The connect host's path of this version's SDK files, e.g. `/v0.1.0/`. */
export const sdkPath = `/v${sdkVersion}/`;
