import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { hostedDashboardPreviewSchema } from "../../protocol/objects/hosted-dashboard-preview.schema.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";

const t = setupTestDatabase();
const api = testApi(t);

async function claimedKey() {
  const p = await api.platform();
  const account = await api.post("/v1/accounts", {
    key: p.secretKey,
    params: { type: "custom", country: "GB" },
  });
  // The business name, as the account's owner gives it (the update sets it).
  const named = await api.post(`/v1/accounts/${account.body.id}`, {
    key: p.secretKey,
    params: { business_profile: { name: "Rose & Crown <Ltd>" } },
  });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
  const session = await api.post("/v1/account_sessions", {
    key: p.secretKey,
    params: { account: account.body.id, components: { payouts: { enabled: true } } },
  });
  const claimed = await api.post(endpoints.claim, {
    params: { client_secret: session.body.client_secret, key: p.publishableKey },
  });
  return { ...p, accountId: account.body.id as string, apiKey: claimed.body.api_key as string };
}

describe("GET /v1/embedded/hosted_dashboard_preview (issue 17 item 7)", () => {
  it("renders the dashboard's sign-in and accounts pages for the session's account under the branding asked for, read-only, values escaped", async () => {
    const s = await claimedKey();
    const r = await api.get(endpoints.hostedDashboardPreview, {
      key: s.apiKey,
      params: { display_name: "Acme <Market>", icon: "https://cdn.example.com/acme.png" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const preview = hostedDashboardPreviewSchema.parse(r.body);
    expect(preview).toMatchObject({
      account: s.accountId,
      display_name: "Acme <Market>",
      icon: "https://cdn.example.com/acme.png",
    });
    expect(preview.pages.map((p) => p.id)).toEqual(["sign_in", "accounts"]);
    const [signIn, accounts] = preview.pages;
    // The brand, escaped: the name as text, the icon as an image.
    expect(signIn!.html).toContain("Sign in to Acme &lt;Market&gt;");
    expect(signIn!.html).toContain(
      '<img class="brand-icon" src="https://cdn.example.com/acme.png"',
    );
    expect(accounts!.html).toContain(`<code>${s.accountId}</code>`);
    expect(accounts!.html).toContain("Rose &amp; Crown &lt;Ltd&gt;");
    for (const page of preview.pages) {
      // Read-only: no script, no form that posts, every field and button disabled.
      expect(page.html).not.toMatch(/<script|method="post"|action=/);
      const controls = page.html.match(/<(input|button)\b[^>]*>/g) ?? [];
      expect(controls.length).toBeGreaterThan(0);
      for (const control of controls) expect(control).toContain(" disabled");
    }
  });

  it("without a display name the platform's own name brands the pages, with its first letter for an icon", async () => {
    const s = await claimedKey();
    const r = await api.get(endpoints.hostedDashboardPreview, { key: s.apiKey });
    expect(r.status).toBe(200);
    const row = await t.db
      .selectFrom("platforms")
      .select(["business_name", "nickname"])
      .where("id", "=", s.platform.id)
      .executeTakeFirstOrThrow();
    const name = row.business_name ?? row.nickname ?? "Oriel";
    expect(r.body.display_name).toBe(name);
    expect(r.body.icon).toBeNull();
    expect(r.body.pages[0].html).toContain('class="brand-icon brand-initial"');
  });

  it("refuses a bad icon or display name with a 400 naming it, and a secret key", async () => {
    const s = await claimedKey();
    for (const [params, param] of [
      [{ icon: "javascript:alert(1)" }, "icon"],
      [{ icon: "not a url" }, "icon"],
      [{ display_name: "" }, "display_name"],
      [{ display_name: "x".repeat(101) }, "display_name"],
      [{ colour: "red" }, "colour"],
    ] as const) {
      const r = await api.get(endpoints.hostedDashboardPreview, { key: s.apiKey, params });
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect(r.body.error.param).toBe(param);
    }
    const secret = await api.get(endpoints.hostedDashboardPreview, { key: s.secretKey });
    expect(secret.status).toBe(403);
  });
});
