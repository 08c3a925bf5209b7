// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { I18nProvider } from "../../ui/i18n/provider.tsx";
import { SignInRequired } from "../../ui/popup/sign-in-required.view.tsx";
import type { DataLayerClient } from "./data-layer-client.ts";
import { DataLayerProvider } from "./react.tsx";
import { type UseSignInPopupOptions, useSignInPopup } from "./use-sign-in-popup.ts";

afterEach(cleanup);

const signedIn: AuthState = {
  status: "user_authenticated",
  expires: 1,
  user: null,
  userSessionExpired: false,
};

function fakeClient() {
  let answer: (value: unknown) => void = () => {};
  const client = {
    session: () => ({ account_id: "acct_1" }),
    authState: () => undefined,
    request: vi.fn(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    ),
  } as unknown as DataLayerClient;
  const reply = (authState: AuthState) =>
    answer({
      type: provider.messageMarker,
      requestType: "response",
      requestId: "1",
      ok: true,
      status: 200,
      statusText: "OK",
      body: { authState },
      headers: {},
    });
  return { client, reply };
}

function Component(props: UseSignInPopupOptions) {
  const { status, signIn } = useSignInPopup(props);
  return <SignInRequired status={status} providerName="Acme" onSignIn={signIn} />;
}

function mount(client: DataLayerClient, options: UseSignInPopupOptions) {
  render(
    <I18nProvider locale="en-US">
      <DataLayerProvider dataLayer={client} componentName="payouts">
        <Component {...options} />
      </DataLayerProvider>
    </I18nProvider>,
  );
}

const location = { origin: "http://127.0.0.1:4100", hash: "#namespace=ns7&component=payouts" };

describe("useSignInPopup: the sign-in popup from a component view", () => {
  it("the click opens the popup at once (with the frame's namespace) and waits; done, it is idle again", async () => {
    const { client, reply } = fakeClient();
    const open = vi.fn((_url: string, _target: string, _features: string) => ({ closed: false }));
    const onDone = vi.fn();
    mount(client, { location, open, onDone });
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe(
      "http://127.0.0.1:4100/popup.html#namespace=ns7&account=acct_1",
    );
    expect(screen.getByText("Finish signing in in the window that opened.")).toBeTruthy();
    await act(async () => reply(signedIn));
    expect(onDone).toHaveBeenCalledWith(signedIn);
    expect(screen.getByText("Sign in with your Acme account to continue.")).toBeTruthy();
  });

  it("a blocked popup shows the blocked error with Retry, which tries again", async () => {
    const { client } = fakeClient();
    const open = vi.fn(() => null);
    mount(client, { location, open });
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    await act(async () => {});
    expect(screen.getByRole("alert").textContent).toContain("The sign-in window was blocked.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(open).toHaveBeenCalledTimes(2);
  });
});
