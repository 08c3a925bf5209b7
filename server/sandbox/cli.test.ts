import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostsMetaName, provider } from "../../protocol/provider.ts";
import { SandboxApiError, SandboxClient } from "../../sdk/testing/sandbox.ts";
import {
  environmentLines,
  parseSandboxArgs,
  type RunningSandbox,
  SandboxUsageError,
  sandboxCommand,
  sandboxRoles,
  startSandbox,
} from "./cli.ts";

const pkg = (await import("../../package.json", { with: { type: "json" } })).default as {
  bin: Record<string, string>;
};

const freePorts = Object.fromEntries(sandboxRoles.map((role) => [role, 0]));

describe("the sandbox command's arguments", () => {
  it("is the package's bin, named from the provider configuration", () => {
    expect(sandboxCommand).toBe(`${provider.id}-sandbox`);
    expect(pkg.bin).toEqual({ [sandboxCommand]: "dist/server/sandbox.js" });
  });

  it("serves every host of the configuration but the platform's", () => {
    expect(sandboxRoles).toEqual(["connect", "api", "files", "dashboard", "marketing"]);
  });

  it("reads the directory, reset, payments, env and one port option per host", () => {
    expect(
      parseSandboxArgs([
        "--dir",
        "/tmp/x",
        "--reset",
        "--payments",
        "120",
        "--api-port",
        "4601",
        "--connect-port",
        "0",
        "--env",
      ]),
    ).toEqual({
      dir: "/tmp/x",
      reset: true,
      payments: 120,
      ports: { api: 4601, connect: 0 },
      env: true,
      help: false,
    });
  });

  it.each([
    [["--bogus"], /Unknown option '--bogus'/],
    [["--payments", "many"], /--payments must be a whole number from 0 to 20000/],
    [["--payments", "-3"], /--payments/],
    [["--api-port", "70000"], /--api-port must be a whole number from 0 to 65535/],
    [["--reset"], /--reset needs --dir/],
  ])("refuses %j with a clear message", (args, message) => {
    expect(() => parseSandboxArgs(args)).toThrowError(SandboxUsageError);
    expect(() => parseSandboxArgs(args)).toThrowError(message);
  });
});

describe("a running sandbox", () => {
  let dir: string;
  let connectDist: string;
  let sandbox: RunningSandbox;
  let client: SandboxClient;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "sandbox-cli-test-"));
    // A stand-in connect build: the test checks the host wiring, not the frames.
    connectDist = await mkdtemp(join(tmpdir(), "sandbox-cli-connect-"));
    await writeFile(
      join(connectDist, "data-layer.html"),
      "<!doctype html><html><head></head><body></body></html>",
    );
    sandbox = await startSandbox({
      dir: join(dir, "data"),
      payments: 60,
      ports: freePorts,
      connectDist,
    });
    client = SandboxClient.fromSandbox(sandbox.description);
  }, 180_000);

  afterAll(async () => {
    await sandbox?.close();
    await rm(dir, { recursive: true, force: true });
    await rm(connectDist, { recursive: true, force: true });
  });

  it("describes its keys, seeded accounts and the hosts it listens on", async () => {
    const d = sandbox.description;
    expect(d.publishableKey).toMatch(/^pk_test_/);
    expect(d.secretKey).toMatch(/^sk_test_/);
    expect(d.accounts[0]?.id).toBe(d.mainAccountId);
    expect(Object.keys(d.hosts).sort()).toEqual([...sandboxRoles].sort());
    expect(d.classicScript).toBe(
      `${d.hosts.connect}/v${(await import("../../protocol/version.ts")).sdkVersion}/${provider.id}.js`,
    );
    expect(d.temporary).toBe(false);
    // Each host answers on its port: the API with the seeded account's balance, the connect
    // host with its page telling the other hosts' actual origins.
    const balance = await client.request("GET", "/v1/balance", { account: d.mainAccountId });
    expect(balance).toMatchObject({ object: "balance" });
    const page = await (await fetch(`${d.hosts.connect}/data-layer.html`)).text();
    expect(page).toContain(`name="${hostsMetaName}"`);
    expect(page).toContain(d.hosts.api.replace(/"/g, "&quot;"));
    expect((await fetch(`${d.hosts.files}/v1/files`, { method: "POST" })).status).toBe(401);
    expect((await fetch(`${d.hosts.dashboard}/sign-in`)).status).toBeLessThan(500);
  });

  it("prints environment lines named from the provider", () => {
    const lines = environmentLines(sandbox.description);
    const prefix = provider.id.toUpperCase();
    expect(lines).toContain(`${prefix}_SECRET_KEY=${sandbox.description.secretKey}`);
    expect(lines).toContain(`${prefix}_API_URL=${sandbox.description.hosts.api}`);
    expect(lines).toContain(`${prefix}_CONNECT_URL=${sandbox.description.hosts.connect}`);
  });

  it("the testing client creates account sessions and advances the platform's clock", async () => {
    const secret = await client.createAccountSession({ "payouts-list": {} });
    expect(secret).toMatch(new RegExp(`^${provider.keyPrefixes.clientSecret}`));
    const before = await client.clock();
    const after = await client.advanceClock({ days: 2 });
    expect(after.now - before.now).toBeGreaterThanOrEqual(2 * 86_400);
    expect(after.now - before.now).toBeLessThan(2 * 86_400 + 60);
  });

  it("the testing client opens a dispute on the newest undisputed charge", async () => {
    const client = SandboxClient.fromSandbox(sandbox.description);
    // An inquiry withdraws nothing; a chargeback needs the funds available.
    const inquiry = await client.dispute({ status: "warning_needs_response" });
    expect(inquiry).toMatchObject({ object: "dispute", status: "warning_needs_response" });
    const again = await client.dispute({ status: "warning_needs_response", reason: "duplicate" });
    expect(again.charge).not.toBe(inquiry.charge);
    expect(again.reason).toBe("duplicate");
  });

  it("the testing client makes a payout one the bank returns: a new one, or the newest pending one", async () => {
    const account = sandbox.description.mainAccountId;
    // Paid out by hand (no automatic payout sweeps the funds), with funds available.
    await client.request("POST", "/v1/payout_schedule", {
      account,
      params: { interval: "manual" },
    });
    await client.request("POST", "/v1/charges", {
      account,
      params: { amount: 50_000, currency: "usd", payment_method: "pm_card_visa" },
    });
    await client.advanceClock({ days: 4 });
    const made = await client.failPayout({ amount: 2_000, failure: "no_account" });
    expect(made).toMatchObject({ status: "failed", failure_code: "no_account", amount: 2_000 });
    const pending = (await client.request("POST", "/v1/payouts", {
      account,
      params: { amount: 1_500 },
    })) as { id: string };
    const returned = await client.failPayout();
    expect(returned).toMatchObject({
      id: pending.id,
      status: "failed",
      failure_code: "could_not_process",
    });
  });

  it("the testing client decides a person's identity check", async () => {
    const inReview = sandbox.description.accounts.find(
      (a) => a.type === "custom" && a.state === "in_review",
    )!;
    const failed = await client.decideVerification("failed", { account: inReview.id });
    expect(failed.verification.status).toBe("unverified");
    expect(failed.verification.details_code).not.toBeNull();
    const verified = await client.decideVerification("verified", {
      account: inReview.id,
      person: failed.id,
    });
    expect(verified.verification.status).toBe("verified");
  });

  it("the testing client throws the provider's error on a refused call", async () => {
    const refused = client.dispute({ charge: "ch_doesnotexist" });
    await expect(refused).rejects.toBeInstanceOf(SandboxApiError);
    await expect(refused).rejects.toMatchObject({ status: 404 });
  });

  it("a second start on the same directory keeps its keys; --reset seeds a new platform", async () => {
    const first = sandbox.description;
    await sandbox.close();
    sandbox = await startSandbox({ dir: first.dir, ports: freePorts, connectDist, payments: 60 });
    expect(sandbox.description.secretKey).toBe(first.secretKey);
    expect(sandbox.description.mainAccountId).toBe(first.mainAccountId);
    await sandbox.close();
    sandbox = await startSandbox({
      dir: first.dir,
      ports: freePorts,
      connectDist,
      payments: 0,
      reset: true,
    });
    expect(sandbox.description.secretKey).not.toBe(first.secretKey);
    expect(sandbox.description.platformId).not.toBe(first.platformId);
  }, 180_000);

  it("a temporary directory is deleted when the sandbox stops", async () => {
    const temporary = await startSandbox({ ports: freePorts, connectDist, payments: 0 });
    expect(temporary.description.temporary).toBe(true);
    expect((await stat(temporary.description.dir)).isDirectory()).toBe(true);
    await temporary.close();
    await expect(stat(temporary.description.dir)).rejects.toMatchObject({ code: "ENOENT" });
  }, 180_000);

  it("stopping lets a charge in flight finish: it is answered with Connection: close, and a restart on the directory finds it", async () => {
    const running = await startSandbox({
      dir: join(dir, "graceful"),
      ports: freePorts,
      connectDist,
      payments: 0,
    });
    const d = running.description;
    const api = new URL(d.hosts.api);
    const body = "amount=1200&currency=usd&payment_method=pm_card_visa";
    const socket = connect(Number(api.port), api.hostname);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => {
      received += chunk;
    });
    const ended = new Promise<void>((done) => socket.once("close", () => done()));
    socket.write(
      [
        "POST /v1/charges HTTP/1.1",
        `Host: ${api.host}`,
        `Authorization: Bearer ${d.secretKey}`,
        "Content-Type: application/x-www-form-urlencoded",
        `Content-Length: ${Buffer.byteLength(body)}`,
        `${provider.headers.account}: ${d.mainAccountId}`,
        "Expect: 100-continue",
        "",
        "",
      ].join("\r\n"),
    );
    // The API has begun the request once it asks for the body.
    await expect.poll(() => received).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    let stopped = false;
    const stopping = running.close().then(() => {
      stopped = true;
    });
    await new Promise((done) => setTimeout(done, 300));
    expect(stopped).toBe(false);
    socket.write(body);
    await ended;
    await stopping;
    const [, head = "", text = ""] = received.split("\r\n\r\n");
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/\r\nconnection: close\r\n/i);
    const { id } = JSON.parse(text) as { id: string };
    const again = await startSandbox({ dir: d.dir, ports: freePorts, connectDist, payments: 0 });
    try {
      const found = await fetch(`${again.description.hosts.api}/v1/charges/${id}`, {
        headers: {
          Authorization: `Bearer ${d.secretKey}`,
          [provider.headers.account]: d.mainAccountId,
        },
      });
      expect(found.status).toBe(200);
    } finally {
      await again.close();
    }
  }, 180_000);
});
