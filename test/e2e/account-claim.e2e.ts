import { beforeAll, describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import type { Account } from "../../protocol/objects/account.schema.ts";
import { accountClaimCodeSchema } from "../../protocol/objects/account-claim.schema.ts";
import { userSchema } from "../../protocol/objects/user.schema.ts";
import { AccountOnboardingModel } from "./models/account-onboarding.model.ts";
import { messageIn } from "./models/details.model.ts";
import type { PlatformPage } from "./models/platform.model.ts";
import { checkLightDarkPseudo } from "./support/a11y.ts";
import { type ExamplePlatformStack, examplePlatformTests } from "./support/example-platform.ts";

// Issue 12 item 2: the user claim step. A business signs up on the example platform, which
// leaves the sign-in to the provider ("I create my own sign-in"): its new account has no
// provider user, so account-onboarding opens with the claim step. The person chooses an
// email and a password, reads the code the sandbox "sent" (as a platform's test reads it,
// with the secret key), types a wrong code, leaves and comes back to the code, asks for a
// new one, and types it; the flow goes on.
// The provider then signs that email and password in for the account as its primary user,
// and the step is gone from the next session's flow.

const example = examplePlatformTests();
let env: ExamplePlatformStack;

beforeAll(() => {
  env = example.env;
});

// Its own email each attempt (set as the test starts): a test retried on the same stack
// must not find the first attempt's user holding it (`email_taken`).
let email = "";
const password = "blue kettle 42";

/** The platform's account the person is signed in as (the one the test just made). */
async function signedInAccount(platform: PlatformPage): Promise<Account> {
  const response = await fetch(`${env.api}/v1/accounts/${await platform.signedInAccountId()}`, {
    headers: { Authorization: `Bearer ${env.sandbox.secretKey}` },
  });
  return (await response.json()) as Account;
}

/** The code of the account's pending claim, as the sandbox's test helper shows it. */
async function sentCode(accountId: string) {
  const response = await fetch(`${env.api}${endpoints.accountClaimCode}?account=${accountId}`, {
    headers: { Authorization: `Bearer ${env.sandbox.secretKey}` },
  });
  return { status: response.status, body: await response.json() };
}

/** POSTs a form to the API host (no key, or `key`). */
async function post(path: string, params: Record<string, string>, key?: string) {
  const response = await fetch(`${env.api}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: new URLSearchParams(params),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * The provider's own account of who the account's user is: the popup's sign-in with the
 * email and password, exchanged in a fresh account session of the account for the user.
 */
async function signedInUser(accountId: string) {
  const popup = await post(endpoints.connectSignIn, { email, password, account: accountId });
  expect(popup.status).toBe(200);
  const session = await example.apiPost<{ client_secret: string }>(
    "/v1/account_sessions",
    { account: accountId, components: { account_onboarding: { enabled: true } } },
    { account: accountId },
  );
  const claimed = await post(endpoints.claim, {
    client_secret: session.client_secret,
    key: env.sandbox.publishableKey,
  });
  expect(claimed.status).toBe(200);
  const exchanged = await post(
    endpoints.userAuthedKey,
    { embedded_api_key: String(popup.body.api_key) },
    String(claimed.body.api_key),
  );
  expect(exchanged.status).toBe(200);
  return userSchema.parse(exchanged.body.user);
}

const accessible = (platform: PlatformPage, onboarding: AccountOnboardingModel) =>
  checkLightDarkPseudo(platform, [onboarding.frame], () =>
    onboarding.frame.getByRole("heading", { level: 2 }).first().innerText(),
  );

describe("account-onboarding's claim step", () => {
  it("a new account's person creates its sign-in (email, password, the emailed code; a wrong code refused on its field; a claim left pending resumes at its code) and becomes its primary user, who signs in with it; the claimed account's next flow has no claim step", async () => {
    const since = Date.now();
    email = `noor.haddad.${since.toString(36)}@example.com`;
    const platform = await example.opened();
    await platform.page.setViewportSize({ width: 360, height: 900 });
    await platform.createTestAccount("United States", "individual", "I create my own sign-in");
    const account = await signedInAccount(platform);
    await platform.openSection("Account");
    let onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));

    // The claim comes first.
    expect(await onboarding.waitForStep("claimStep")).toMatch(/^Step 1 of \d+$/);
    await accessible(platform, onboarding);

    // A weak password is refused on its field, and nothing is sent.
    await onboarding.claimWith(email, "kettle");
    expect(await onboarding.fieldErrors()).toEqual([
      messageIn("en-US", "accountOnboarding.claimPasswordTooShort"),
    ]);
    expect((await sentCode(account.id)).status).toBe(404);

    // The right one sends the code to the email.
    await onboarding.claimWith(email, password);
    expect(await onboarding.waitForClaimCode()).toContain(email);
    await accessible(platform, onboarding);
    const sent = await sentCode(account.id);
    expect(sent.status).toBe(200);
    let { code } = accountClaimCodeSchema.parse(sent.body);
    expect(sent.body).toMatchObject({ account: account.id, email, attempts: 0 });

    // A wrong code: the reason on the code's field, the attempt counted, still the claim.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    await onboarding.verifyClaimCode(wrong);
    await onboarding.frame.locator(".kit-field__error").first().waitFor();
    expect(await onboarding.fieldErrors()).toEqual([
      messageIn("en-US", "accountOnboarding.claimCodeWrong"),
    ]);
    expect((await sentCode(account.id)).body.attempts).toBe(1);
    expect(await onboarding.stepShown()).toBe(onboarding.word("claimStep"));
    // The one refusal: the wrong code's 400, which the browser logs (Chromium may log the
    // same failed request more than once) and the provider answered once.
    const verifies = () =>
      env.requests.filter(
        (r) => r.path === endpoints.accountClaimVerify && r.method === "POST" && r.arrived >= since,
      );
    expect(verifies().map((r) => r.status)).toEqual([400]);
    expect(platform.takeProblems(/account_claim\/verify\)$/).length).toBeGreaterThan(0);

    // The person leaves and comes back later (a reload: a new session). The claim resumes at
    // its code, to the same email. A new code from there asks for the password again (the
    // frame never keeps it), the email filled in, and nothing is sent until it is given.
    await platform.page.reload();
    await platform.openSection("Account");
    onboarding = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));
    expect(await onboarding.waitForClaimCode()).toContain(email);
    await onboarding.requestNewClaimCode();
    await onboarding.frame.getByLabel(onboarding.word("claimPassword"), { exact: true }).waitFor();
    expect(await onboarding.fieldValue(onboarding.word("email"))).toBe(email);
    expect(await onboarding.fieldValue(onboarding.word("claimPassword"))).toBe("");
    expect((await sentCode(account.id)).body).toMatchObject({ code, attempts: 1 });
    await onboarding.claimWith(email, password);
    expect(await onboarding.waitForClaimCode()).toContain(email);
    const resent = await sentCode(account.id);
    // A new claim: its own code, no attempt used.
    expect(resent.body).toMatchObject({ account: account.id, email, attempts: 0 });
    ({ code } = accountClaimCodeSchema.parse(resent.body));

    // The right code: the flow goes on to the account's first requirement.
    await onboarding.verifyClaimCode(code);
    expect(await onboarding.waitForStep("stepBusiness")).toMatch(/^Step 2 of \d+$/);

    // The provider: the account is claimed, its user is that email, its primary user, and
    // signs in with that password.
    const user = await signedInUser(account.id);
    expect(user).toMatchObject({ email, is_primary_user: true });
    // Nothing is pending any more: the code was spent.
    expect((await sentCode(account.id)).status).toBe(404);

    // A new session of the claimed account: no claim step, the flow opens at the business.
    await platform.page.reload();
    await platform.openSection("Account");
    const again = new AccountOnboardingModel(await platform.frameOf("account-onboarding"));
    expect(await again.waitForStep("stepBusiness")).toMatch(/^Step 1 of \d+$/);
    expect(
      await again.frame
        .getByRole("heading", { level: 2, name: again.word("claimStep"), exact: true })
        .count(),
    ).toBe(0);
    // Every verification the provider answered: the wrong code's 400, then the right one's
    // 200; the browser's log of that 400, however often it repeats it, is expected.
    expect(verifies().map((r) => r.status)).toEqual([400, 200]);
    platform.takeProblems(/account_claim\/verify\)$/);
  });
});
