import { describe, expect, it } from "vitest";
import { endpoints } from "../../protocol/endpoints.ts";
import { riskInterventionSchema } from "../../protocol/objects/risk-intervention.schema.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase } from "../test/db.ts";
import { challengeContext, identityFile, riskFormBody } from "../test/interventions.ts";
import { checkDelay } from "./requirements.ts";

const t = setupTestDatabase();
const api = testApi(t);

/** A company account with one person (Grace), the platform's keys and a claimed session key. */
async function companyWithPerson() {
  const p = await api.platform();
  const sk = { key: p.secretKey };
  const account = await api.post("/v1/accounts", {
    ...sk,
    params: { type: "custom", business_type: "company", company: { name: "Acme" } },
  });
  const accountId = account.body.id as string;
  const grace = await api.post(`/v1/accounts/${accountId}/persons`, {
    ...sk,
    params: { first_name: "Grace", last_name: "Hopper", relationship: { owner: true } },
  });
  /** A new session key: a session's key expires before the sandbox's review settles. */
  const claim = async () => {
    const session = await api.post("/v1/account_sessions", {
      ...sk,
      params: { account: accountId, components: { notification_banner: { enabled: "true" } } },
    });
    const claimed = await api.post(endpoints.claim, {
      params: { client_secret: session.body.client_secret, key: p.publishableKey },
    });
    return claimed.body.api_key as string;
  };
  const sessionKey = { key: await claim() };
  return {
    ...p,
    sk,
    accountId,
    personId: grace.body.id as string,
    sessionKey,
    /** After the clock moved past the review: the session's key is renewed. */
    renewSession: async () => {
      sessionKey.key = await claim();
    },
  };
}

type Setup = Awaited<ReturnType<typeof companyWithPerson>>;

const openChallenge = (a: Setup, params: Record<string, unknown> = {}) =>
  api.post(`/v1/test_helpers/accounts/${a.accountId}/risk_interventions`, {
    ...a.sk,
    params: {
      reason: "Confirm the owner's identity",
      kind: "identity_verification",
      person: a.personId,
      ...params,
    },
  });

/** A file on the files host, as the person's upload would make it. */
const upload = (a: Setup, filename: string, accountId: string | null = a.accountId) =>
  identityFile(t.db, { platformId: a.platform.id, accountId, now: api.clock.now }, filename);

const verify = (
  a: Setup,
  id: string,
  front: string,
  extra: { headers?: Record<string, string> } = {},
) =>
  api.post(`/v1/account/risk_interventions/${id}/verify_identity`, {
    ...a.sessionKey,
    ...extra,
    params: { document: { front }, context: challengeContext(id) },
  });

const readOne = (a: Setup, id: string) =>
  api.get(`/v1/accounts/${a.accountId}/risk_interventions/${id}`, a.sk);

describe("identity challenges (risk interventions of kind identity_verification)", () => {
  it("opens a challenge of one of the account's persons; a questionnaire stays the default kind", async () => {
    const a = await companyWithPerson();
    const challenge = await openChallenge(a);
    expect(challenge.status).toBe(200);
    expect(riskInterventionSchema.parse(challenge.body)).toMatchObject({
      kind: "identity_verification",
      person: a.personId,
      status: "action_required",
      last_error: null,
    });
    const questionnaire = await api.post(
      `/v1/test_helpers/accounts/${a.accountId}/risk_interventions`,
      { ...a.sk, params: { reason: "Tell us about refunds" } },
    );
    expect(questionnaire.body).toMatchObject({ kind: "questionnaire", person: null });
    const listed = await api.get("/v1/account/risk_interventions", a.sessionKey);
    expect(listed.body.data.map((i: { id: string }) => i.id).sort()).toEqual(
      [challenge.body.id, questionnaire.body.id].sort(),
    );
  });

  it("refuses a challenge of a person of another account, without a person, or a questionnaire naming one, and opens nothing", async () => {
    const a = await companyWithPerson();
    const other = await companyWithPerson();
    const foreign = await openChallenge(a, { person: other.personId });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({ code: "resource_missing", param: "person" });
    const missing = await api.post(`/v1/test_helpers/accounts/${a.accountId}/risk_interventions`, {
      ...a.sk,
      params: { reason: "Who?", kind: "identity_verification" },
    });
    expect(missing.body.error).toMatchObject({ code: "parameter_missing", param: "person" });
    const named = await api.post(`/v1/test_helpers/accounts/${a.accountId}/risk_interventions`, {
      ...a.sk,
      params: { reason: "Questions", person: a.personId },
    });
    expect(named.body.error).toMatchObject({ code: "parameter_invalid", param: "person" });
    const listed = await api.get("/v1/account/risk_interventions", a.sessionKey);
    expect(listed.body.data).toEqual([]);
  });

  it("a good document puts the challenge in review for checkDelay, then resolves it; answering again is refused", async () => {
    const a = await companyWithPerson();
    const { body: challenge } = await openChallenge(a);
    const answered = await verify(a, challenge.id, await upload(a, "passport.png"));
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: "in_review", submitted_at: api.clock.now });
    const account = await api.get(`/v1/accounts/${a.accountId}`, a.sk);
    expect(account.body.requirements.pending_verification).toContain(challenge.id);
    const again = await verify(a, challenge.id, await upload(a, "passport.png"));
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("intervention_not_open");
    api.clock.now += checkDelay;
    const settled = await readOne(a, challenge.id);
    expect(settled.body).toMatchObject({
      status: "resolved",
      resolved_at: answered.body.submitted_at + checkDelay,
      last_error: null,
    });
    const after = await api.get(`/v1/accounts/${a.accountId}`, a.sk);
    expect(after.body.requirements.currently_due).not.toContain(challenge.id);
    expect(after.body.requirements.pending_verification).not.toContain(challenge.id);
    await a.renewSession();
    const listed = await api.get("/v1/account/risk_interventions", a.sessionKey);
    expect(listed.body.data).toEqual([]);
  });

  it("the sandbox's failure document: in review, then open again with its error; another document resolves it", async () => {
    const a = await companyWithPerson();
    const { body: challenge } = await openChallenge(a);
    const failing = await verify(
      a,
      challenge.id,
      await upload(a, "file_identity_document_failure.png"),
    );
    expect(failing.body.status).toBe("in_review");
    api.clock.now += checkDelay;
    const refused = await readOne(a, challenge.id);
    expect(refused.body).toMatchObject({
      status: "action_required",
      last_error: { code: "verification_document_failed_other" },
    });
    const account = await api.get(`/v1/accounts/${a.accountId}`, a.sk);
    expect(account.body.requirements.currently_due).toContain(challenge.id);
    expect(account.body.requirements.errors).toContainEqual({
      requirement: challenge.id,
      code: "verification_document_failed_other",
      reason: "The document could not be verified.",
    });
    await a.renewSession();
    const listed = await api.get("/v1/account/risk_interventions", a.sessionKey);
    expect(listed.body.data).toMatchObject([{ id: challenge.id, status: "action_required" }]);
    const retried = await verify(a, challenge.id, await upload(a, "driving-licence.png"));
    expect(retried.body).toMatchObject({ status: "in_review", last_error: null });
    api.clock.now += checkDelay;
    expect((await readOne(a, challenge.id)).body.status).toBe("resolved");
  });

  it("refuses a file of another account naming the param, a questionnaire answered with a document and a challenge answered with the risk form, and changes nothing", async () => {
    const a = await companyWithPerson();
    const other = await companyWithPerson();
    const { body: challenge } = await openChallenge(a);
    const foreign = await verify(a, challenge.id, await upload(a, "passport.png", other.accountId));
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: "resource_missing",
      param: "document[front]",
    });
    const questionnaire = await api.post(
      `/v1/test_helpers/accounts/${a.accountId}/risk_interventions`,
      { ...a.sk, params: { reason: "Tell us about refunds" } },
    );
    const wrong = await verify(a, questionnaire.body.id, await upload(a, "passport.png"));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe("intervention_kind_invalid");
    const form = await api.post(`/v1/account/risk_interventions/${challenge.id}/submit`, {
      ...a.sessionKey,
      params: riskFormBody(challenge.id),
    });
    expect(form.status).toBe(400);
    expect(form.body.error.code).toBe("intervention_kind_invalid");
    const badContext = await api.post(
      `/v1/account/risk_interventions/${challenge.id}/verify_identity`,
      {
        ...a.sessionKey,
        params: {
          document: { front: await upload(a, "passport.png") },
          context: { ...challengeContext(challenge.id), challenge_type: "selfie" },
        },
      },
    );
    expect(badContext.status).toBe(400);
    expect(badContext.body.error.param).toBe("context[challenge_type]");
    for (const id of [challenge.id, questionnaire.body.id])
      expect((await readOne(a, id)).body).toMatchObject({
        status: "action_required",
        submitted_at: null,
      });
  });

  it("a retry with the same Idempotency-Key gets the first answer, not a refusal", async () => {
    const a = await companyWithPerson();
    const { body: challenge } = await openChallenge(a);
    const file = await upload(a, "passport.png");
    const headers = { "Idempotency-Key": "challenge-retry-1" };
    const first = await verify(a, challenge.id, file, { headers });
    const retry = await verify(a, challenge.id, file, { headers });
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    const fresh = await verify(a, challenge.id, file, {
      headers: { "Idempotency-Key": "challenge-retry-2" },
    });
    expect(fresh.body.error.code).toBe("intervention_not_open");
  });

  it("the platform reads one intervention; another platform's or an unknown one is a 404", async () => {
    const a = await companyWithPerson();
    const other = await companyWithPerson();
    const { body: challenge } = await openChallenge(a);
    expect((await readOne(a, challenge.id)).body).toEqual(challenge);
    const unknown = await readOne(a, "interv_nope");
    expect(unknown.status).toBe(404);
    const foreign = await api.get(
      `/v1/accounts/${a.accountId}/risk_interventions/${challenge.id}`,
      other.sk,
    );
    expect(foreign.status).toBe(404);
  });
});
