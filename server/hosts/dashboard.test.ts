import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { hostsMetaName, localEnvironment } from "../../protocol/provider.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { signInFailedMessage, signInLimits } from "../users/sign-in.ts";
import { createUser } from "../users/users.ts";
import { createDashboardHostApp, dashboardSessionCookie } from "./dashboard.ts";

const t = setupTestDatabase();
const api = testApi(t);
const hosts = localEnvironment();
const dashboard = () =>
  createDashboardHostApp({ db: t.db, config: { hosts, now: () => api.clock.now } });

async function world() {
  const p = await api.platform();
  const mine = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "express", business_profile: { name: "Anna's Bikes" } },
  });
  const theirs = await api.post("/v1/accounts", { key: p.secretKey, params: { type: "custom" } });
  await createUser(
    t.db,
    {
      email: "anna@example.com",
      password: "correct horse",
      accountId: mine.body.id,
      isPrimary: true,
    },
    api.clock.now,
  );
  return { mine: mine.body.id as string, theirs: theirs.body.id as string };
}

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  dashboard().request("/sign-in", {
    method: "POST",
    body: new URLSearchParams({ email, password }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

const cookieOf = (response: Response) =>
  /^([^=]+=[^;]*)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";

describe("the dashboard host", () => {
  it("refuses a sign-in body over 16 KB with a typed 413 and opens no session", async () => {
    await world();
    const r = await signIn("anna@example.com", "correct horse".padEnd(17 * 1024, " "));
    expect(r.status).toBe(413);
    expect(r.headers.get("set-cookie")).toBeNull();
    const answer = (await r.json()) as { error: { code: string } };
    expect(answer.error.code).toBe("body_too_large");
  });

  it("serves its sign-in page under a strict CSP whose only script is the shared site script", async () => {
    const r = await dashboard().request("/sign-in");
    expect(r.status).toBe(200);
    const csp = r.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    // Issue 16: the provider's shared site script (consent, analytics, error reports), from
    // this origin only; no inline script.
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await r.text();
    expect(html.match(/<script[^>]*>/g)).toEqual(['<script type="module" src="/site.js">']);
    expect(html).toContain(`name="${hostsMetaName}"`);
    expect(html).toContain('type="password"');
  });

  it("signs the user in with an HttpOnly, SameSite=Lax cookie whose session is a database row, and lists the user's accounts only", async () => {
    const w = await world();
    const r = await signIn("anna@example.com", "correct horse");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/");
    const setCookie = r.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`${dashboardSessionCookie}=`);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const token = cookieOf(r).split("=")[1] ?? "";
    const rows = await t.db.selectFrom("dashboard_sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // A fresh app (another process) knows the session from the database.
    const home = await dashboard().request("/", { headers: { Cookie: cookieOf(r) } });
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain(w.mine);
    expect(html).not.toContain(w.theirs);
    expect(html).toContain("anna@example.com");
  });

  it("a wrong password or an unknown email gets the same generic error, and no session", async () => {
    await world();
    for (const [email, password] of [
      ["anna@example.com", "wrong"],
      ["nobody@example.com", "correct horse"],
    ] as const) {
      const r = await signIn(email, password);
      expect(r.status).toBe(400);
      expect(await r.text()).toContain(signInFailedMessage);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(await t.db.selectFrom("dashboard_sessions").selectAll().execute()).toEqual([]);
  });

  it("is rate-limited by email and client like the popup", async () => {
    await world();
    for (let i = 0; i < signInLimits.accountAndClient; i++)
      await signIn("anna@example.com", "wrong");
    expect((await signIn("anna@example.com", "correct horse")).status).toBe(429);
  });

  it("without a session, the accounts page sends to sign-in", async () => {
    const r = await dashboard().request("/", {
      headers: { Cookie: `${dashboardSessionCookie}=forged` },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/sign-in");
  });

  it("sign-out revokes the session in the database: the old cookie no longer works", async () => {
    await world();
    const cookie = cookieOf(await signIn("anna@example.com", "correct horse"));
    const out = await dashboard().request("/sign-out", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    expect(out.status).toBe(303);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    const again = await dashboard().request("/", { headers: { Cookie: cookie } });
    expect(again.headers.get("location")).toBe("/sign-in");
  });

  it("refuses a form posted from another origin, before anything happens", async () => {
    await world();
    const r = await signIn("anna@example.com", "correct horse", { Origin: hosts.platform });
    expect(r.status).toBe(403);
    expect(await t.db.selectFrom("dashboard_sessions").selectAll().execute()).toEqual([]);
    expect(
      (await signIn("anna@example.com", "correct horse", { Origin: hosts.dashboard })).status,
    ).toBe(303);
  });

  it("escapes what it echoes", async () => {
    const r = await signIn('"><script>x</script>@example.com', "pw");
    expect(await r.text()).not.toContain("<script>x");
  });
});

describe("issue 14 item 3: the dashboard shows the user the challenge codes sent to them", () => {
  it("an open challenge's code appears for its user only, and not once answered", async () => {
    const p = await api.platform();
    const account = await api.post("/v1/accounts", {
      key: p.secretKey,
      params: { type: "custom" },
    });
    await createUser(
      t.db,
      {
        email: "anna@example.com",
        password: "correct horse",
        accountId: account.body.id,
        isPrimary: true,
      },
      api.clock.now,
    );
    await createUser(
      t.db,
      {
        email: "bo@example.com",
        password: "correct horse",
        accountId: account.body.id,
        isPrimary: false,
      },
      api.clock.now,
    );
    const session = await api.post("/v1/account_sessions", {
      key: p.secretKey,
      params: { account: account.body.id, components: { payouts: { enabled: true } } },
    });
    const sessionKey = (
      await api.post(endpoints.claim, {
        params: { client_secret: session.body.client_secret, key: p.publishableKey },
      })
    ).body.api_key as string;
    await api.post(endpoints.requiresExternalAccountVerification, { key: sessionKey });
    const [challenge] = await t.db.selectFrom("external_account_challenges").selectAll().execute();
    const home = async (email: string) => {
      const cookie = cookieOf(await signIn(email, "correct horse"));
      return (await dashboard().request("/", { headers: { Cookie: cookie } })).text();
    };
    const annas = await home("anna@example.com");
    expect(annas).toContain("Verification codes");
    expect(annas).toContain(challenge!.code);
    expect(await home("bo@example.com")).not.toContain(challenge!.code);
    await api.post(endpoints.externalAccountChallenge, {
      key: sessionKey,
      params: { code: challenge!.code },
    });
    expect(await home("anna@example.com")).not.toContain(challenge!.code);
  });
});
