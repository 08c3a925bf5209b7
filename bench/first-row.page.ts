/**
 * The first-row benchmark's direct page (bench/first-row.bench.ts bundles it into a temp dir;
 * never part of a build): the payouts list rendered straight into a page, with no SDK, no
 * data layer and no frame. At its start mark (what `create()` is on the embedded page) it
 * does what the embedded path does, cold: asks the backend for a client secret, claims it
 * with the publishable key, and meanwhile loads the view's code (lazily, as the SDK loads a
 * frame); then mounts the same view with its machine, whose first page comes from a direct
 * fetch with the claimed key.
 */
import { endpoints } from "../protocol/endpoints.ts";
import { provider } from "../protocol/provider.ts";

interface BenchConfig {
  api: string;
  publishableKey: string;
}

/** The shared epoch of page and frames: both marks use it. */
const stamp = () => performance.timeOrigin + performance.now();
const marks = window as unknown as { __benchCreate?: number; __benchError?: string };
marks.__benchCreate = stamp();

const config = JSON.parse(
  document.querySelector<HTMLMetaElement>('meta[name="bench-config"]')!.content,
) as BenchConfig;

/** What the platform's backend does (secret key, server side), then the claim from here. */
async function claimedKey(): Promise<string> {
  const secret = await fetch("/__bench__/account_session", { method: "POST" });
  const { client_secret } = (await secret.json()) as { client_secret: string };
  const claim = await fetch(`${config.api}${endpoints.claim}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      [provider.headers.version]: provider.apiVersion,
    },
    body: new URLSearchParams({
      client_secret,
      key: config.publishableKey,
      [provider.claimVersionParam]: provider.apiVersion,
    }),
  });
  const session = (await claim.json()) as { api_key?: string };
  if (!claim.ok || !session.api_key) throw new Error(`claim: HTTP ${claim.status}`);
  return session.api_key;
}

Promise.all([import("./first-row.view.tsx"), claimedKey()])
  .then(([{ mountDirect }, key]) => mountDirect(document.getElementById("root")!, config.api, key))
  .catch((error: unknown) => {
    marks.__benchError = String(error);
  });
