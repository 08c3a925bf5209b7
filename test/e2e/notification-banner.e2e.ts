import { describe, expect, it } from "vitest";
import { requirementGroupOf } from "../../machines/components/notification-banner/notifications.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import type { RiskIntervention } from "../../protocol/objects/risk-intervention.schema.ts";
import { NotificationBannerModel } from "./models/notification-banner.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import { examplePlatformTests } from "./support/example-platform.ts";

// notification-banner (issue 12) on the example platform's dashboard. Signed in as a seeded
// company with details due, each thing due is one line in words; as one in review, the
// representative is named. Then (last: it moves the sandbox clock) as the seeded account
// restricted by a risk intervention: the person answers the multi-page risk
// form, the entry is then in review, and once the sandbox clock passes the review it is
// gone. Then (it moves the clock too) as the seeded account with an identity challenge of its
// representative open: a document the sandbox fails comes back a day later refused on its
// field, another one is accepted. Each step is checked against the provider (secret key, the
// account's header) and against the counts the banner reported to the platform
// (`onnotificationschange`).

const example = examplePlatformTests();
const RESTRICTED = "Custom account, restricted by a risk intervention";
const DETAILS_DUE = "Custom account, details currently due";
const IN_REVIEW = "Custom account, in review";
const CHALLENGED = "Custom account, identity challenge open";
const DAY = 24 * 60 * 60;

async function reported(platform: PlatformPage, expected: string) {
  const output = platform.page.locator('output[name="notifications"]');
  await expect.poll(() => output.textContent(), { timeout: 15_000 }).toBe(expected);
}

describe("notification-banner", () => {
  it("names each thing due in words, one line per thing (a person's by their role), with the counts of the lines shown; axe and 360px in light, dark and the pseudo-locale", async () => {
    // A US company with its business described and nothing else: no representative yet.
    const account = example.env.sandbox.accounts.find((a) => a.label === DETAILS_DUE)!;
    const due = (
      await example.apiGet<Account>(`/v1/accounts/${account.id}`, { account: account.id })
    ).requirements.currently_due;
    expect(due).toEqual(
      expect.arrayContaining([
        "representative.dob.day",
        "representative.dob.month",
        "representative.dob.year",
        "company.tax_id",
      ]),
    );
    // The provider's paths, one entry per thing: a date of birth's three parts are one.
    const things = [...new Set(due.map(requirementGroupOf))].sort();
    expect(things.length).toBeLessThan(due.length);

    const platform = await example.signedIn(DETAILS_DUE, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const banner = new NotificationBannerModel(await platform.frameOf("notification-banner"));
    const entries = await banner.waitForEntries(
      Object.fromEntries(things.map((id) => [id, "action_required"])),
    );
    await reported(platform, `Notifications: ${things.length}, action required: ${things.length}`);
    const line = (id: string) => entries.find((e) => e.id === id)?.text ?? "";
    expect(line("representative.dob")).toContain(
      "Information needed: Date of birth (Representative)",
    );
    expect(line("company.tax_id")).toContain("Information needed: Company tax ID");
    expect(line("company.address")).toContain("Information needed: Company address");
    expect(line("tos_acceptance")).toContain("Information needed: Terms of service");
    // No line shows an API name: no underscores, no dotted paths.
    for (const entry of entries) {
      expect(entry.text, entry.id).toMatch(/^Information needed: /);
      expect(entry.text, entry.id).not.toMatch(/_|[a-z]\.[a-z]/);
    }
    await checkLightDarkPseudo(platform, [banner.frame], () =>
      banner.frame.locator("li[data-notification]").first().innerText(),
    );
  });

  it("names a person by their name: the representative's identity in review, one line each for their name, date of birth and id number", async () => {
    // Everything filed just now: the representative's identity check is pending (a day).
    const account = example.env.sandbox.accounts.find((a) => a.label === IN_REVIEW)!;
    const pending = (
      await example.apiGet<Account>(`/v1/accounts/${account.id}`, { account: account.id })
    ).requirements.pending_verification;
    const person = pending.find((p) => p.startsWith("person_"))?.split(".")[0];
    expect(person).toBeDefined();
    const things = [...new Set(pending.map(requirementGroupOf))].sort();
    expect(things).toEqual(expect.arrayContaining([`${person}.dob`, `${person}.name`]));

    const platform = await example.signedIn(IN_REVIEW, "account");
    const banner = new NotificationBannerModel(await platform.frameOf("notification-banner"));
    const entries = await banner.waitForEntries(
      Object.fromEntries(things.map((id) => [id, "in_review"])),
    );
    await reported(platform, `Notifications: ${things.length}, action required: 0`);
    const line = (id: string) => entries.find((e) => e.id === id)?.text ?? "";
    expect(line(`${person}.dob`)).toContain("Information needed: Date of birth (Jenny Rosen)");
    expect(line(`${person}.name`)).toContain("Information needed: Full legal name (Jenny Rosen)");
  });

  it("shows the intervention due, then in review after the risk form, then nothing once verified", async () => {
    const account = example.env.sandbox.accounts.find((a) => a.label === RESTRICTED)!;
    const options = { account: account.id };
    const before = await example.apiGet<Account>(`/v1/accounts/${account.id}`, options);
    const intervention = before.requirements.currently_due.find((p) => p.startsWith("interv_"))!;
    expect(intervention).toBeDefined();
    expect(before.charges_enabled).toBe(false);

    const platform = await example.signedIn(RESTRICTED, "account");
    const banner = new NotificationBannerModel(await platform.frameOf("notification-banner"));
    await banner.waitForEntries({ [intervention]: "action_required" });
    await reported(platform, "Notifications: 1, action required: 1");

    // The multi-page risk form: page 1 refuses to move on while its answers are missing.
    await banner.resolve(intervention);
    expect(await banner.riskPage()).toBe("Step 1 of 2");
    await banner.press("Next");
    expect(await banner.riskPage()).toBe("Step 1 of 2");
    expect(await banner.fieldErrors()).toBeGreaterThan(0);
    await banner.fill(
      "What does your business sell, and to whom?",
      "Accounting software subscriptions for small businesses.",
    );
    await banner.fill("Customer support page (URL)", "https://example.com/support");
    await banner.press("Next");
    expect(await banner.riskPage()).toBe("Step 2 of 2");
    await banner.fill(
      "Why have customers disputed payments recently?",
      "A billing change renewed annual plans without a reminder email.",
    );
    await banner.fill(
      "What is your refund policy?",
      "Full refund within 30 days, prorated refunds after that.",
    );
    await banner.press("Submit");

    await banner.waitForEntries({ [intervention]: "in_review" });
    await reported(platform, "Notifications: 1, action required: 0");
    const submitted = await example.apiGet<Account>(`/v1/accounts/${account.id}`, options);
    expect(submitted.requirements.currently_due).not.toContain(intervention);
    expect(submitted.requirements.pending_verification).toContain(intervention);

    // The sandbox's review settles a day later; the person comes back to the dashboard.
    await example.apiPost("/v1/test_helpers/clock/advance", { seconds: DAY + 60 });
    const verified = await example.apiGet<Account>(`/v1/accounts/${account.id}`, options);
    expect(verified.requirements.pending_verification).not.toContain(intervention);
    expect(verified.requirements.currently_due).not.toContain(intervention);
    expect(verified.charges_enabled).toBe(true);
    await platform.page.reload();
    await reported(platform, "Notifications: 0, action required: 0");
    const again = new NotificationBannerModel(await platform.frameOf("notification-banner"));
    expect(await again.seeEntries()).toEqual([]);
  });

  it("an identity challenge names the representative; the sandbox's failure document is refused on its field after the review, another is accepted: in review, then nothing, and the provider reports it resolved; axe and 360px of the form, refused or not, in light, dark and the pseudo-locale", {
    timeout: 180_000,
  }, async () => {
    const account = example.env.sandbox.accounts.find((a) => a.label === CHALLENGED)!;
    const options = { account: account.id };
    const before = await example.apiGet<Account>(`/v1/accounts/${account.id}`, options);
    const challenge = before.requirements.currently_due.find((p) => p.startsWith("interv_"))!;
    expect(challenge).toBeDefined();
    const interventionPath = `/v1/accounts/${account.id}/risk_interventions/${challenge}`;
    const provider = () => example.apiGet<RiskIntervention>(interventionPath, options);
    expect(await provider()).toMatchObject({
      kind: "identity_verification",
      status: "action_required",
    });

    const platform = await example.signedIn(CHALLENGED, "account");
    await platform.page.setViewportSize({ width: 360, height: 900 });
    const open = async () => {
      const banner = new NotificationBannerModel(await platform.frameOf("notification-banner"));
      const [entry] = await banner.waitForEntries({ [challenge]: "action_required" });
      await reported(platform, "Notifications: 1, action required: 1");
      expect(entry!.text).toContain("Verify Jenny Rosen's identity");
      await banner.resolve(challenge);
      expect(await banner.formTitle()).toBe("Verify Jenny Rosen's identity");
      return banner;
    };
    /** The person comes back a day later, once the sandbox's review has settled. */
    const dayLater = async () => {
      await example.apiPost("/v1/test_helpers/clock/advance", { seconds: DAY + 60 });
      await platform.page.reload();
    };

    // The sandbox's failure document: in review first, like any other.
    let banner = await open();
    expect(await banner.fieldErrorTexts()).toEqual([]);
    await checkLightDarkPseudo(platform, [banner.frame], () => banner.formTitle());
    await banner.uploadFront("file_identity_document_failure.png");
    await banner.press("Submit");
    await banner.waitForEntries({ [challenge]: "in_review" });
    await reported(platform, "Notifications: 1, action required: 0");
    expect(await provider()).toMatchObject({ status: "in_review" });

    // A day later the review refused it: open again, the reason on the front's field.
    await dayLater();
    expect(await provider()).toMatchObject({
      status: "action_required",
      last_error: { code: "verification_document_failed_other" },
    });
    banner = await open();
    await expect
      .poll(() => banner.fieldErrorTexts())
      .toEqual(["The document could not be verified. Upload a clear photo of another one."]);
    await checkLightDarkPseudo(platform, [banner.frame], () => banner.formTitle());
    await banner.uploadFront("passport.png");
    expect(await banner.fieldErrorTexts()).toEqual([]);
    await banner.press("Submit");
    await banner.waitForEntries({ [challenge]: "in_review" });
    await reported(platform, "Notifications: 1, action required: 0");
    const answered = await provider();
    expect(answered).toMatchObject({ status: "in_review", last_error: null });

    // A day later it is resolved: the banner is blank.
    await dayLater();
    await reported(platform, "Notifications: 0, action required: 0");
    const again = new NotificationBannerModel(await platform.frameOf("notification-banner"));
    expect(await again.seeEntries()).toEqual([]);
    expect(await provider()).toMatchObject({
      status: "resolved",
      resolved_at: answered.submitted_at! + DAY,
    });
  });
});
