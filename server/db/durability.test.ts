/**
 * PGlite under a killed process (issue 15, items 1 and 2): `kill -9` of the API process in a
 * stream of writes, then a restart on the same data directory, finds every acknowledged
 * write and no partial one; a process that dies between the Idempotency-Key claim and the
 * commit leaves the key free, and the retry charges once. SIGTERM (a graceful shutdown,
 * `http/shutdown.ts`) lets the charge in flight commit before the process exits; one held
 * past the grace period leaves nothing. On PostgreSQL, a process killed while it holds an
 * Idempotency-Key uncommitted frees it for another process's retry, which charges once.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { provider } from "../../protocol/provider.ts";
import { createApp } from "../app.ts";
import { chargesOf, connectedAccount, sandboxBankAccount } from "../money/money-test.ts";
import { createPlatform } from "../platforms/platforms.ts";
import { testApi } from "../test/api.ts";
import { setupTestDatabase, testSchema } from "../test/db.ts";
import { openDatabase } from "./connect.ts";

const serverScript = fileURLToPath(new URL("../test/fault-server.ts", import.meta.url));
let dataDir: string;
let secretKey: string;
let accountId: string;

interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Resolves with the first line the process prints (from its start on) that `matches`. */
  printed(matches: (line: string) => boolean): Promise<string>;
}

/** Every API process a test started, so that one a failed test left running is ended. */
const children = new Set<ChildProcess>();
afterEach(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await exited(child);
    }
  }
  children.clear();
});

/** Starts the API process on the data directory; resolves once it listens. */
function startProcess(env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", serverScript], {
    env: { ...process.env, FAULT_DATA_DIR: dataDir, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  children.add(child);
  const lines: string[] = [];
  const waiting = new Set<() => void>();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    lines.push(line);
    for (const wake of waiting) wake();
  });
  const printed = (matches: (line: string) => boolean) =>
    new Promise<string>((found) => {
      const look = () => {
        const line = lines.find(matches);
        if (line === undefined) return;
        waiting.delete(look);
        found(line);
      };
      waiting.add(look);
      look();
    });
  return new Promise((ready, fail) => {
    child.once("exit", (code) => fail(new Error(`the API process exited (${code})`)));
    printed((line) => line.startsWith('{"port"')).then((line) => {
      ready({
        child,
        url: `http://127.0.0.1:${(JSON.parse(line) as { port: number }).port}`,
        printed,
      });
    });
  });
}

/** Resolves with the process's exit code (null when a signal ended it). */
const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done(child.exitCode);
    else child.once("exit", (code) => done(code));
  });

function charge(url: string, idempotencyKey: string) {
  return fetch(`${url}/v1/charges`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${secretKey}`,
      "Content-Type": "application/x-www-form-urlencoded",
      [provider.headers.account]: accountId,
      [provider.headers.idempotencyKey]: idempotencyKey,
    },
    body: "amount=1500&currency=usd&payment_method=pm_card_visa",
  });
}

/**
 * Starts the API process holding each charge inside its transaction (after its work), sends
 * one with `idempotencyKey` and, once it is held, SIGTERM.
 */
async function sigtermDuringCharge(idempotencyKey: string, env: Record<string, string>) {
  const started = await startProcess({
    FAULT_PATH: "/v1/charges",
    FAULT_HOLD_AT: "afterWork",
    ...env,
  });
  const inFlight = charge(started.url, idempotencyKey);
  inFlight.catch(() => {}); // awaited by the test
  await started.printed((line) => line.includes('"holding"'));
  started.child.kill("SIGTERM");
  return { ...started, inFlight };
}

/** The charges and ledger rows on the data directory, read after the process is gone. */
async function stored() {
  const database = await openDatabase({ dataDir });
  try {
    const charges = await database.db
      .selectFrom("charges")
      .select(["id", "balance_transaction"])
      .execute();
    const ledger = await database.db.selectFrom("balance_transactions").select("id").execute();
    return { charges, ledger: ledger.map((row) => row.id) };
  } finally {
    await database.close();
  }
}

describe.skipIf(process.env.DATABASE_URL)("PGlite: the API process killed", () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "pglite-kill-"));
    const database = await openDatabase({ dataDir });
    const now = Math.floor(Date.now() / 1000);
    const platform = await createPlatform(
      database.db,
      { business_name: "Kill Test", country: "US" },
      now,
    );
    secretKey = platform.secretKey;
    const body = new URLSearchParams({ type: "custom" });
    for (const [field, value] of Object.entries(sandboxBankAccount)) {
      body.set(`external_account[${field}]`, value);
    }
    const account = await createApp({ db: database.db }).request("/v1/accounts", {
      method: "POST",
      headers: {
        Authorization: `Bearer ${secretKey}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: body.toString(),
    });
    accountId = ((await account.json()) as { id: string }).id;
    await database.close();
  }, 60_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("kill -9 in a stream of writes: after a restart every acknowledged charge is there, each with its ledger row", async () => {
    const { child, url } = await startProcess();
    const acknowledged: string[] = [];
    let n = 0;
    const writer = async () => {
      for (;;) {
        const response = await charge(url, `stream-${n++}`).catch(() => undefined);
        if (!response) return; // the process is gone
        if (response.status === 200)
          acknowledged.push(((await response.json()) as { id: string }).id);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGKILL");
    await Promise.all([...writers, exited(child)]);
    const after = await stored();
    const ids = new Set(after.charges.map((c) => c.id));
    expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
    for (const c of after.charges) expect(after.ledger).toContain(c.balance_transaction);
    expect(after.ledger).toHaveLength(after.charges.length);
  }, 120_000);

  it("killed between the key's claim and the commit: the key is free after the restart and the retry charges once", async () => {
    const before = (await stored()).charges.length;
    const dying = await startProcess({
      FAULT_KILL_AT: "beforeCommit",
      FAULT_PATH: "/v1/charges",
    });
    await expect(charge(dying.url, "k-killed")).rejects.toThrow();
    await exited(dying.child);
    expect((await stored()).charges).toHaveLength(before);
    const { child, url } = await startProcess();
    try {
      const retry = await charge(url, "k-killed");
      expect(retry.status).toBe(200);
      const replay = await charge(url, "k-killed");
      expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    } finally {
      child.kill("SIGKILL");
      await exited(child);
    }
    expect((await stored()).charges).toHaveLength(before + 1);
  }, 120_000);

  it("SIGTERM while a charge is inside its transaction: it commits and is answered, a new connection is refused, the process exits 0, and a restart finds the charge once", async () => {
    const before = await stored();
    const { child, url, printed, inFlight } = await sigtermDuringCharge("k-sigterm", {
      FAULT_HOLD_MS: "1500",
    });
    await printed((line) => line.startsWith("SIGTERM: finishing the requests in flight"));
    // Refused: no listener any more, or — when fetch reuses a kept-alive connection the
    // draining server closes — reset before anything is read. Either way nothing ran.
    const refusal = await charge(url, "k-after-sigterm").then(
      (response) => `answered ${response.status}`,
      (error: { cause?: { code?: string } }) => error.cause?.code,
    );
    expect(["ECONNREFUSED", "ECONNRESET"]).toContain(refusal);
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Connection")).toBe("close");
    const { id } = (await answer.json()) as { id: string };
    expect(await printed((line) => line.startsWith("stopped"))).toBe("stopped");
    expect(await exited(child)).toBe(0);
    const after = await stored();
    const ids = (charges: { id: string }[]) => charges.map((c) => c.id).sort();
    expect(ids(after.charges)).toEqual(ids([...before.charges, { id }]));
    const charged = after.charges.find((c) => c.id === id)!;
    expect(after.ledger).toContain(charged.balance_transaction);
    const restarted = await startProcess();
    try {
      const retry = await charge(restarted.url, "k-sigterm");
      expect(retry.headers.get("Idempotent-Replayed")).toBe("true");
      expect(((await retry.json()) as { id: string }).id).toBe(id);
    } finally {
      restarted.child.kill("SIGKILL");
      await exited(restarted.child);
    }
    expect((await stored()).charges).toHaveLength(before.charges.length + 1);
  }, 180_000);

  it("SIGTERM with a charge held past the grace period: its connection is cut, the process exits 0, and after a restart nothing of it is there and its retry charges once", async () => {
    const before = await stored();
    const { child, printed, inFlight } = await sigtermDuringCharge("k-cut-off", {
      FAULT_HOLD_MS: "3000",
      SHUTDOWN_GRACE_MS: "200",
    });
    await expect(inFlight).rejects.toThrow();
    expect(await printed((line) => line.startsWith("stopped"))).toMatch(/cut off/);
    expect(await exited(child)).toBe(0);
    expect(await stored()).toEqual(before);
    const restarted = await startProcess();
    try {
      const retry = await charge(restarted.url, "k-cut-off");
      expect(retry.status).toBe(200);
      expect(retry.headers.get("Idempotent-Replayed")).toBeNull();
    } finally {
      restarted.child.kill("SIGKILL");
      await exited(restarted.child);
    }
    expect((await stored()).charges).toHaveLength(before.charges.length + 1);
  }, 180_000);
});

describe.runIf(process.env.DATABASE_URL)("PostgreSQL: an API process killed", () => {
  const t = setupTestDatabase();
  const api = testApi(t);

  it("inside its transaction while another process's retry waits on its key: the kill rolls it back, the retry charges, and the money moves once", async () => {
    const a = await connectedAccount(api);
    secretKey = a.secretKey;
    accountId = a.accountId;
    const holding = await startProcess({
      FAULT_DATABASE_URL: process.env.DATABASE_URL!,
      FAULT_SCHEMA: testSchema,
      FAULT_PATH: "/v1/charges",
      FAULT_HOLD_AT: "beforeCommit",
      FAULT_HOLD_MS: "60000",
    });
    const first = charge(holding.url, "k-pg-killed");
    first.catch(() => {});
    await holding.printed((line) => line.includes('"holding"'));
    // The retry, on another API process (this one's app), waits on the uncommitted key.
    let answered = false;
    const retry = api
      .post("/v1/charges", {
        ...a.as,
        headers: { ...a.as.headers, [api.headers.idempotencyKey]: "k-pg-killed" },
        params: { amount: 1500, currency: "usd", payment_method: "pm_card_visa" },
      })
      .finally(() => {
        answered = true;
      });
    await new Promise((done) => setTimeout(done, 500));
    expect(answered).toBe(false);
    holding.child.kill("SIGKILL");
    await exited(holding.child);
    await expect(first).rejects.toThrow();
    const retried = await retry;
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await chargesOf(t.db, a.accountId)).toEqual({ charges: 1, ledger: 1 });
    const again = await api.post("/v1/charges", {
      ...a.as,
      headers: { ...a.as.headers, [api.headers.idempotencyKey]: "k-pg-killed" },
      params: { amount: 1500, currency: "usd", payment_method: "pm_card_visa" },
    });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.id).toBe(retried.body.id);
  }, 120_000);
});
