/**
 * What the example platform knows about its sandbox: its keys and the connected accounts a
 * person may sign in as. `npm start` reads it from the file the sandbox seed writes
 * (`.<provider id>/sandbox.json`); tests build it from the platform they create.
 */
import { readFileSync } from "node:fs";

export interface SandboxAccount {
  id: string;
  label: string;
  type: string;
  /** The account's onboarding state, as the seed describes it. */
  state: string;
}

export interface SandboxInfo {
  platformId: string;
  publishableKey: string;
  /** Stays on the platform's server: never rendered, never sent to a browser. */
  secretKey: string;
  mainAccountId: string;
  accounts: SandboxAccount[];
}

const isString = (value: unknown): value is string => typeof value === "string" && value !== "";

/** Reads and checks the seed's file; throws a readable error when it is not one. */
export function readSandboxInfo(file: string): SandboxInfo {
  const data: unknown = JSON.parse(readFileSync(file, "utf8"));
  const info = data as Partial<SandboxInfo>;
  const accountsOk =
    Array.isArray(info.accounts) &&
    info.accounts.every((a) => isString(a?.id) && isString(a?.label) && isString(a?.state));
  if (
    !isString(info.platformId) ||
    !isString(info.publishableKey) ||
    !isString(info.secretKey) ||
    !accountsOk
  )
    throw new Error(`${file} is not a sandbox description (platformId, keys, accounts)`);
  return info as SandboxInfo;
}
