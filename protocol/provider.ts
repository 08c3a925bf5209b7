/**
 * The provider configuration: the ONE module that knows the payments provider's name, its
 * tag prefix, the header / hash-parameter / flag names that embed that name, and the five
 * hosts (API, files, connect, dashboard, marketing) of every service environment.
 *
 * Oriel is a white-label kit: a payments company that adopts it renames the provider here
 * and nowhere else. Every other module derives names from `provider` (a test greps the
 * code for hand-spelled copies).
 *
 * This module is shared by the browser contexts and the server, so it reads no process
 * environment itself: the server passes its ports to `localEnvironment()`.
 */

/** The provider's display name and the lower-case id every derived name is built from. */
const NAME = "Oriel";
const ID = "oriel";

export const provider = {
  name: NAME,
  id: ID,
  /** Custom elements are `<oriel-<name>>`. */
  tagPrefix: ID,
  /** The default API version (SPEC.md §9). */
  apiVersion: "2020-08-27",
  /**
   * The marker carried in the `type` field of every data-layer window message (SPEC.md §5:
   * "a message is accepted only if its type is the kit's marker").
   */
  messageMarker: `${ID}-connect`,
  headers: {
    account: `${NAME}-Account`,
    version: `${NAME}-Version`,
    livemode: `${NAME}-Livemode`,
    /** Data-layer overrides (SPEC.md §7 "optional merchant and livemode override headers"). */
    merchantOverride: `${NAME}-Merchant-Override`,
    livemodeOverride: `${NAME}-Livemode-Override`,
    requestId: "Request-Id",
    idempotencyKey: "Idempotency-Key",
    /** A webhook delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
    webhookSignature: `${NAME}-Signature`,
  },
  /**
   * URL-hash parameters of the frames (SPEC.md §2: a frame reads its parameters from the
   * hash). The first two are the spec's; `namespace` (the loader instance's handshake
   * namespace, which also names its data-layer frame) and `component` are ours.
   */
  hashParams: {
    runningInIframe: `${ID}_internal_running_in_iframe`,
    platformUrl: "platformUrl",
    namespace: "namespace",
    component: "component",
  },
  /** Names of flags and features that embed the provider's name. */
  flags: {
    overrideFlagsInExternalDomains: `${ID}_internal_override_flags_in_external_domains`,
    disableUserAuthentication: `disable_${ID}_user_authentication`,
    ownsLossLiability: `${ID}_owns_loss_liability`,
    ownsOnboarding: `${ID}_owns_onboarding`,
    ownsPricing: `${ID}_owns_pricing`,
  },
  /** The claim body's version parameter (SPEC.md §7 `_{provider}_version`). */
  claimVersionParam: `_${ID}_version`,
  /** The card networks that each have an April 2025 compliance-fee flag. */
  cardNetworks: ["visa", "mastercard", "amex", "discover"] as const,
  /** Placeholders of SPEC.md §9. */
  placeholders: {
    accountSessionId: "no_account_session_id",
    accountHeader: "empty_account_header",
  },
  /**
   * Local-storage key of the provider user's refresh token (SPEC.md §9); the data layer
   * scopes it per platform and account (`user_session_token:<pk>:<account>`, docs/security.md).
   */
  userSessionTokenStorageKey: "user_session_token",
  /** Key prefixes (READING.md conventions). */
  keyPrefixes: {
    secretTest: "sk_test_",
    secretLive: "sk_live_",
    publishableTest: "pk_test_",
    publishableLive: "pk_live_",
    clientSecret: "acs_secret_",
    /** The keys the provider issues to the browser, held by the data layer only. */
    accountSessionTest: "ek_test_",
    accountSessionLive: "ek_live_",
    userTest: "uk_test_",
    userLive: "uk_live_",
    externalAccountTest: "eak_test_",
    externalAccountLive: "eak_live_",
    /** The sign-in popup's short-lived key: only the key exchange accepts it. */
    popupTest: "upk_test_",
    popupLive: "upk_live_",
    refreshToken: "urt_",
    /** A webhook endpoint's signing secret (the platform's backend keeps it). */
    webhookSecret: "whsec_",
  },
} as const;

export type CardNetwork = (typeof provider.cardNetworks)[number];

/** `{card_network}_april_2025_compliance_fee_update`, one flag per network (READING.md). */
export const complianceFeeFlag = (network: CardNetwork) =>
  `${network}_april_2025_compliance_fee_update` as const;

/** The full tag of a catalogue entry: `oriel-payouts`. */
export const tagName = <N extends string>(name: N) => `${provider.tagPrefix}-${name}` as const;

/** Turns a tag back into its catalogue name, or undefined when it is not one of ours. */
export function nameFromTag(tag: string): string | undefined {
  const prefix = `${provider.tagPrefix}-`;
  const lower = tag.toLowerCase();
  return lower.startsWith(prefix) ? lower.slice(prefix.length) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Hosts and service environments
// ---------------------------------------------------------------------------------------------

/** The service environments of SPEC.md §7 and §9, plus `local` (READING.md). */
export const serviceEnvironments = [
  "prod",
  "preprod",
  "qa",
  "devbox",
  "tunnel",
  "turbo",
  "local",
] as const;
export type ServiceEnvironment = (typeof serviceEnvironments)[number];

/** The provider hosts of one environment, as origins (scheme://host[:port]). */
export interface ProviderHosts {
  api: string;
  files: string;
  connect: string;
  dashboard: string;
  /**
   * The provider's marketing site: the consent pages (`/cookie-settings`,
   * `/cookies-policy/legal`) and the two consent calls are resolved against it (SPEC.md §2, §7).
   */
  marketing: string;
  /** Where error reports go (an allowlisted proxy target, SPEC.md §5). */
  errorReporting: string;
}

/** The provider's public domain. Every non-local environment lives under it. */
const DOMAIN = `${ID}.com`;

const hostsUnder = (label: string): ProviderHosts => {
  const suffix = label ? `.${label}.${DOMAIN}` : `.${DOMAIN}`;
  return {
    api: `https://api${suffix}`,
    files: `https://files${suffix}`,
    connect: `https://connect${suffix}`,
    dashboard: `https://dashboard${suffix}`,
    marketing: `https://www${suffix}`,
    errorReporting: `https://errors${suffix}`,
  };
};

/** The default local ports of READING.md. */
export const defaultLocalPorts = {
  platform: 4000,
  connect: 4100,
  api: 4200,
  files: 4300,
  dashboard: 4400,
  marketing: 4500,
} as const;
export type LocalPorts = { [K in keyof typeof defaultLocalPorts]: number };

/**
 * The local environment. `localhost` (the platform) and `127.0.0.1` (the provider) are
 * different sites, so the frames run cross-site exactly as in production. The reference
 * provider takes error reports on its API host.
 */
export function localEnvironment(ports: Partial<LocalPorts> = {}): ProviderHosts & {
  platform: string;
} {
  const p = { ...defaultLocalPorts, ...ports };
  const api = `http://127.0.0.1:${p.api}`;
  return {
    platform: `http://localhost:${p.platform}`,
    api,
    files: `http://127.0.0.1:${p.files}`,
    connect: `http://127.0.0.1:${p.connect}`,
    dashboard: `http://127.0.0.1:${p.dashboard}`,
    marketing: `http://127.0.0.1:${p.marketing}`,
    errorReporting: api,
  };
}

const remoteEnvironments: Record<Exclude<ServiceEnvironment, "local">, ProviderHosts> = {
  prod: hostsUnder(""),
  preprod: hostsUnder("preprod"),
  qa: hostsUnder("qa"),
  devbox: hostsUnder("devbox"),
  tunnel: hostsUnder("tunnel"),
  turbo: hostsUnder("turbo"),
};

/** The hosts of a service environment; `local` takes optional port overrides. */
export function hostsFor(env: ServiceEnvironment, ports?: Partial<LocalPorts>): ProviderHosts {
  if (env === "local") {
    const { platform: _platform, ...hosts } = localEnvironment(ports);
    return hosts;
  }
  return remoteEnvironments[env];
}

/**
 * The meta element through which a connect host tells the pages it serves the hosts of a
 * local environment (whose ports are configurable). It comes from the provider's own server,
 * never from the platform: a platform must not be able to point the data layer at another API.
 */
export const hostsMetaName = `${ID}-hosts`;

const isLocalOrigin = (value: unknown): value is string => {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (
      url.origin === value &&
      (url.hostname === "localhost" || isLoopbackIp(url.hostname)) &&
      (url.protocol === "http:" || url.protocol === "https:")
    );
  } catch {
    return false;
  }
};

/** Reads the hosts meta content: only loopback origins are taken; anything else is ignored. */
export function parseHostsMeta(content: string | null | undefined): Partial<ProviderHosts> {
  if (!content) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return {};
  }
  if (typeof raw !== "object" || raw === null) return {};
  const hosts: Partial<ProviderHosts> = {};
  for (const role of [
    "api",
    "files",
    "connect",
    "dashboard",
    "marketing",
    "errorReporting",
  ] as const) {
    const value = (raw as Record<string, unknown>)[role];
    if (isLocalOrigin(value)) hosts[role] = value;
  }
  return hosts;
}

/**
 * The environment whose connect host serves a page at `origin`: a remote environment is
 * recognised by its connect origin; anything else is a local setup, whose other hosts come
 * from the connect host's hosts meta (`local`), else from the default local ports.
 */
export function environmentOfConnectOrigin(
  origin: string,
  local: Partial<ProviderHosts> = {},
): { environment: ServiceEnvironment; hosts: ProviderHosts } {
  for (const environment of serviceEnvironments) {
    if (environment === "local") continue;
    const hosts = hostsFor(environment);
    if (hosts.connect === origin) return { environment, hosts };
  }
  return { environment: "local", hosts: { ...hostsFor("local"), ...local, connect: origin } };
}

/** host_env of the metrics payload (SPEC.md §7): prod for production, qa for anything else. */
export const hostEnvOf = (env: ServiceEnvironment): "prod" | "qa" =>
  env === "prod" ? "prod" : "qa";

/**
 * The allowlists the data layer enforces (SPEC.md §5):
 * - window messages only from the connect origin (plus the frame's own and the platform's,
 *   which the data layer adds at run time);
 * - proxied requests only to the API and files origins, or to the error-reporting origin.
 */
export function allowlists(hosts: ProviderHosts) {
  return {
    connectOrigins: [hosts.connect] as readonly string[],
    apiOrigins: [hosts.api, hosts.files] as readonly string[],
    errorReportingOrigins: [hosts.errorReporting] as readonly string[],
  };
}

/** Is `url` one the data-layer proxy may call? Compares origins exactly, never prefixes. */
export function isProxyAllowed(url: string, hosts: ProviderHosts): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  const lists = allowlists(hosts);
  return lists.apiOrigins.includes(origin) || lists.errorReportingOrigins.includes(origin);
}

// ---------------------------------------------------------------------------------------------
// Environment classification (SPEC.md §1)
// ---------------------------------------------------------------------------------------------

/**
 * The provider's internal host patterns ({host} in SPEC.md): preview deployments, QA and
 * pre-production. Matched against a lower-case hostname without port.
 */
export const internalHostPatterns = {
  preview: new RegExp(`^[a-z0-9-]+\\.preview\\.${ID}\\.com$`),
  qa: new RegExp(`^(?:[a-z0-9-]+\\.)*qa\\.${ID}\\.com$`),
  preprod: new RegExp(`^(?:[a-z0-9-]+\\.)*preprod\\.${ID}\\.com$`),
} as const;

/** Demo hosts, where internal attributes and override flags are honoured too (SPEC.md §6). */
export const demoHostPatterns = [new RegExp(`^(?:[a-z0-9-]+\\.)*demo\\.${ID}\\.com$`)] as const;

export type EnvironmentClass = "test" | "development" | "production";

/** Strips brackets of an IPv6 literal and a trailing dot, and lower-cases. */
function normaliseHostname(hostname: string): string {
  let h = hostname.trim().toLowerCase();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".")) h = h.slice(0, -1);
  return h;
}

/** 127.0.0.0/8, ::1 (any spelling), and ::ffff:127.x.y.z. */
export function isLoopbackIp(hostname: string): boolean {
  const h = normaliseHostname(hostname);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  if (v4) {
    const octets = v4.slice(1).map(Number);
    return octets.every((o) => o <= 255) && octets[0] === 127;
  }
  if (!h.includes(":")) return false;
  const mapped = /^::ffff:(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(h);
  if (mapped) return isLoopbackIp(mapped[1]!);
  return expandIpv6(h) === "0000:0000:0000:0000:0000:0000:0000:0001";
}

function expandIpv6(h: string): string | undefined {
  if (!/^[0-9a-f:]+$/.test(h)) return undefined;
  const halves = h.split("::");
  if (halves.length > 2) return undefined;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => g.length === 0 || g.length > 4)) return undefined;
  return groups.map((g) => g.padStart(4, "0")).join(":");
}

export function isInternalHost(hostname: string): boolean {
  const h = normaliseHostname(hostname);
  return Object.values(internalHostPatterns).some((re) => re.test(h));
}

export function isDemoHost(hostname: string): boolean {
  const h = normaliseHostname(hostname);
  return demoHostPatterns.some((re) => re.test(h));
}

/**
 * Classifies the running environment (SPEC.md §1): development on localhost, a loopback IP,
 * or a provider-internal preview / QA / pre-production host; test when the caller says it
 * runs under a test runner; production otherwise.
 */
export function classifyEnvironment(
  hostname: string,
  options: { testRunner?: boolean } = {},
): EnvironmentClass {
  if (options.testRunner) return "test";
  const h = normaliseHostname(hostname);
  if (h === "localhost" || h.endsWith(".localhost")) return "development";
  if (isLoopbackIp(h)) return "development";
  if (isInternalHost(h)) return "development";
  return "production";
}

/**
 * SPEC.md §6: internal attributes, internal setters and feature override flags from URL
 * parameters are honoured only on internal or demo hosts, in development, or when the
 * override flag is set.
 */
export function internalOverridesAllowed(
  hostname: string,
  options: { overrideFlagSet?: boolean; testRunner?: boolean } = {},
): boolean {
  if (options.overrideFlagSet) return true;
  if (isInternalHost(hostname) || isDemoHost(hostname)) return true;
  return classifyEnvironment(hostname, options) !== "production";
}

/**
 * Whether a frame may work for `platformOrigin` (from its hash's platformUrl): its parent —
 * `location.ancestorOrigins[0]`, where the browser has it — must be that origin. A framed
 * page without a platform origin, or with another, is refused; where the browser does not
 * tell the ancestors (or the page is not framed), the platformUrl stands (docs/security.md).
 */
export function platformMatchesParent(
  platformOrigin: string | null,
  ancestorOrigins: ArrayLike<string> | undefined,
): boolean {
  if (!ancestorOrigins || ancestorOrigins.length === 0) return true;
  return platformOrigin !== null && ancestorOrigins[0] === platformOrigin;
}
