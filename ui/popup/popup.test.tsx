// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { I18nProvider } from "../i18n/provider.tsx";
import { SignInView, type SignInViewProps } from "./sign-in.view.tsx";
import { SignInRequired, type SignInRequiredProps } from "./sign-in-required.view.tsx";

afterEach(cleanup);

function signIn(props: Partial<SignInViewProps> = {}, locale = "en-US") {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <I18nProvider locale={locale}>
      <SignInView
        status="editing"
        failure={null}
        providerName="Acme"
        onSubmit={onSubmit}
        onCancel={onCancel}
        {...props}
      />
    </I18nProvider>,
  );
  return { onSubmit, onCancel };
}

describe("the sign-in popup view", () => {
  it("asks for email and password, checks them before sending, then submits them", async () => {
    const { onSubmit } = signIn();
    expect(await screen.findByRole("heading", { name: "Sign in to Acme" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getAllByText("This field is required.")).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: "not-an-email" } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "pw" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText("Enter a valid email address.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: " anna@example.com " } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect(onSubmit).toHaveBeenCalledWith({ email: "anna@example.com", password: "pw" });
  });

  it("shows a failed sign-in as an alert that does not say which of the two was wrong", async () => {
    signIn({ failure: "credentials" });
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The email or password is incorrect.",
    );
  });

  it("cancel calls back; opened on its own it only explains and offers to close", async () => {
    const { onCancel } = signIn({ status: "orphaned" });
    fireEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(onCancel).toHaveBeenCalled();
    expect(screen.queryByLabelText(/Password/)).toBeNull();
  });

  it("is translated", async () => {
    signIn({}, "de-DE");
    expect(await screen.findByRole("heading", { name: "Bei Acme anmelden" })).toBeTruthy();
  });
});

function required(props: Partial<SignInRequiredProps>) {
  const onSignIn = vi.fn();
  render(
    <I18nProvider locale="en-US">
      <SignInRequired status="idle" providerName="Acme" onSignIn={onSignIn} {...props} />
    </I18nProvider>,
  );
  return onSignIn;
}

describe("the sign-in-required notice in a component", () => {
  it("offers to sign in, and calls back on the click itself (the popup needs that gesture)", async () => {
    const onSignIn = required({});
    fireEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it("a blocked popup is a clear error with a Retry button (USERS.md 4)", async () => {
    const onSignIn = required({ status: "blocked" });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "The sign-in window was blocked.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });
});
