import { isLoopbackIp } from "./provider.ts";

/**
 * Where a font or font stylesheet may come from: https anywhere; plain http only from a
 * loopback host, and only in development (the platform's local set-up). Its own module so
 * that the data layer, which fetches font stylesheets, does not carry the appearance schemas.
 */
export function isAllowedFontUrl(url: string, options: { development?: boolean } = {}): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === "https:") return true;
  if (parsed.protocol !== "http:" || !options.development) return false;
  const host = parsed.hostname;
  return host === "localhost" || host.endsWith(".localhost") || isLoopbackIp(host);
}
