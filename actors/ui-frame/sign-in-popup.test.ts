import { describe, expect, it } from "vitest";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { CallAbortedError } from "../messaging/call.ts";
import { ManualTimers } from "../messaging/manual-timers.ts";
import { readPopupHash } from "../popup/popup-url.ts";
import type { RequestOptions } from "./data-layer-client.ts";
import {
  CLOSED_GRACE_MS,
  openSignInPopup,
  PopupBlockedError,
  SignInUnavailableError,
} from "./sign-in-popup.ts";

const CONNECT = "http://127.0.0.1:4100";
const signedOut: AuthState = {
  status: "account_session_authenticated",
  expires: 1,
  user: null,
  userSessionExpired: false,
};
const signedIn: AuthState = { ...signedOut, status: "user_authenticated" };

function world(options: { account?: string | null; answer?: "never" | AuthState } = {}) {
  const opened: { url: string; target: string; features: string }[] = [];
  const popup = { closed: false };
  const requests: { message: unknown; options: RequestOptions | undefined }[] = [];
  const dataLayer = {
    session: () =>
      options.account === null
        ? null
        : ({ account_id: options.account ?? "acct_123" } as ReturnType<
            Parameters<typeof openSignInPopup>[0]["dataLayer"]["session"]
          >),
    authState: () => signedOut,
    request: ((message: unknown, requestOptions?: RequestOptions) => {
      requests.push({ message, options: requestOptions });
      return new Promise((resolve, reject) => {
        requestOptions?.signal?.addEventListener("abort", () =>
          reject(new CallAbortedError("openPopupAndWaitForAuth")),
        );
        const answer = options.answer ?? signedIn;
        if (answer !== "never")
          queueMicrotask(() =>
            resolve({
              type: provider.messageMarker,
              requestType: "response",
              requestId: "1",
              ok: true,
              status: 200,
              statusText: "OK",
              body: { authState: answer },
              headers: {},
            } as never),
          );
      });
    }) as Parameters<typeof openSignInPopup>[0]["dataLayer"]["request"],
  };
  const timers = new ManualTimers();
  let blocked = false;
  const start = () =>
    openSignInPopup({
      dataLayer,
      connectOrigin: CONNECT,
      namespace: "ns1",
      timers,
      open: (url, target, features) => {
        opened.push({ url, target, features });
        return blocked ? null : popup;
      },
    });
  return {
    opened,
    popup,
    requests,
    timers,
    start,
    block: () => {
      blocked = true;
    },
  };
}

describe("opening the sign-in popup from a UI frame (USERS.md 4)", () => {
  it("opens popup.html on the connect origin at once, with the namespace and account in the hash, then waits for auth", async () => {
    const w = world();
    const done = w.start();
    // window.open ran synchronously, inside the click that called us.
    expect(w.opened).toHaveLength(1);
    const url = new URL(w.opened[0]!.url);
    expect(url.origin + url.pathname).toBe(`${CONNECT}/popup.html`);
    expect(readPopupHash(url.hash)).toEqual({ namespace: "ns1", account: "acct_123" });
    expect(await done).toEqual(signedIn);
    expect(w.requests[0]?.message).toEqual({ requestType: "openPopupAndWaitForAuth" });
  });

  it("a blocked popup (window.open answers null) is a PopupBlockedError, and nothing waits", async () => {
    const w = world();
    w.block();
    await expect(w.start()).rejects.toBeInstanceOf(PopupBlockedError);
    expect(w.requests).toEqual([]);
  });

  it("without a claimed session there is no account to sign in to: SignInUnavailableError, no popup", async () => {
    const w = world({ account: null });
    await expect(w.start()).rejects.toBeInstanceOf(SignInUnavailableError);
    expect(w.opened).toEqual([]);
  });

  it("a popup that dies without saying so ends the wait (abort) with the auth state unchanged", async () => {
    const w = world({ answer: "never" });
    const done = w.start();
    w.timers.advance(1_000);
    w.popup.closed = true;
    w.timers.advance(CLOSED_GRACE_MS + 1_000);
    expect(await done).toEqual(signedOut);
  });
});
