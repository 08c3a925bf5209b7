// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useActorRef, useSelector } from "@xstate/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fromPromise } from "xstate";
import { z } from "zod";
import type { CallFailure } from "../../machines/auth/failure.ts";
import { createFormMachine, SUBMIT_ACTOR } from "../../machines/components/form/form.machine.ts";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  Button,
  ConfirmDialog,
  FormCheckboxField,
  FormErrorBanner,
  FormErrorSummary,
  FormFileField,
  FormLayout,
  FormMoneyField,
  FormSelectField,
  FormTextField,
  formErrorText,
  formViewOf,
} from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("fr-FR"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

const schema = z.object({
  name: z.string().min(2),
  amount: z.number().int().positive(),
  reason: z.enum(["duplicate", "fraudulent"]),
  note: z.string().max(5).optional(),
});
const machine = createFormMachine({ id: "testForm", schema });

/** A refund-like form on the real machine; `answer` is what the mutation does. */
function TestForm({ answer }: { answer: (body: unknown) => Promise<unknown> }) {
  const actor = useActorRef(
    machine.provide({ actors: { [SUBMIT_ACTOR]: fromPromise(({ input }) => answer(input.body)) } }),
    { input: { values: { name: "", amount: null, reason: "", note: "" } } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const form = formViewOf(snapshot, actor.send, "t");
  const [failed, setFailed] = useState(0);
  const apiMessages = { amount_too_large: "More than remains." };
  return (
    <FormLayout
      label="Refund"
      onSubmit={() => {
        const before = actor.getSnapshot().value;
        actor.send({ type: "submit", idempotencyKey: `k${failed}` });
        if (actor.getSnapshot().value === before) setFailed((n) => n + 1);
      }}
      summary={
        <>
          <FormErrorSummary
            form={form}
            failedSubmits={failed}
            labels={{ name: "Name", amount: "Amount", reason: "Reason", note: "Note" }}
            apiMessages={apiMessages}
          />
          <FormErrorBanner form={form} apiMessages={apiMessages} />
        </>
      }
      actions={
        <Button variant="primary" type="submit" loading={form.busy}>
          Refund
        </Button>
      }
    >
      <FormTextField form={form} path="name" label="Name" required />
      <FormMoneyField
        form={form}
        path="amount"
        label="Amount"
        currency="eur"
        apiMessages={apiMessages}
      />
      <FormSelectField
        form={form}
        path="reason"
        label="Reason"
        placeholder="Choose"
        options={[
          { value: "duplicate", label: "Duplicate" },
          { value: "fraudulent", label: "Fraudulent" },
        ]}
      />
      <FormTextField form={form} path="note" label="Note" rows={3} />
    </FormLayout>
  );
}

const flush = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

describe("field views bound to the form machine", () => {
  it("shows a field's error once it is left, not while it is first typed in", () => {
    inLocale(<TestForm answer={async (b) => b} />);
    const name = screen.getByRole("textbox", { name: "Name" });
    fireEvent.change(name, { target: { value: "A" } });
    expect(name.getAttribute("aria-invalid")).toBeNull();
    fireEvent.blur(name);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter at least 2 characters.")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Ann" } });
    expect(name.getAttribute("aria-invalid")).toBeNull();
  });

  it("a refused submit lists every error, each linked to its control, and sends nothing", async () => {
    const sent: unknown[] = [];
    inLocale(<TestForm answer={async (b) => sent.push(b)} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await flush();
    const summary = screen.getByRole("region", { name: "There is a problem with this form" });
    const links = within(summary).getAllByRole("link");
    expect(links.map((l) => l.getAttribute("href"))).toEqual(["#t-name", "#t-amount", "#t-reason"]);
    expect(document.activeElement).toBe(summary);
    fireEvent.click(links[1]!);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: /Amount/ }));
    expect(sent).toEqual([]);
  });

  it("sends the parsed values, read-only while submitting; the provider's error lands on its field in the user's words", async () => {
    let settle: (failure: CallFailure) => void = () => {};
    const sent: unknown[] = [];
    inLocale(
      <TestForm
        answer={(b) => {
          sent.push(b);
          return new Promise((_, reject) => {
            settle = reject;
          });
        }}
      />,
    );
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ann" } });
    const amount = screen.getByRole("textbox", { name: /Amount/ });
    fireEvent.change(amount, { target: { value: "12.50" } });
    fireEvent.blur(amount);
    fireEvent.change(screen.getByRole("combobox", { name: "Reason" }), {
      target: { value: "duplicate" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await flush();
    expect(sent).toEqual([{ name: "Ann", amount: 1250, reason: "duplicate" }]);
    expect((screen.getByRole("textbox", { name: "Name" }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole("button", { name: "Refund" }).getAttribute("aria-busy")).toBe("true");
    settle({
      kind: "http",
      status: 400,
      error: { type: "invalid_request_error", code: "amount_too_large", param: "amount" },
      requestId: null,
    });
    await flush();
    expect(screen.getByText("More than remains.")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Amount/ }).getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(screen.queryByRole("alert")).toBeNull();
  });

  /** Fills the test form with valid values and submits it. */
  const submitValidRefund = () => {
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ann" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Amount/ }), {
      target: { value: "3" },
    });
    fireEvent.change(screen.getByRole("combobox", { name: "Reason" }), {
      target: { value: "fraudulent" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
  };

  it("a lost answer is the form's error, in the user's language", async () => {
    inLocale(
      <TestForm answer={() => Promise.reject({ kind: "network", message: "Failed to fetch" })} />,
      "fr-FR",
    );
    submitValidRefund();
    await flush();
    expect(screen.getByRole("alert").textContent).toContain(
      "La requête n’a pas pu atteindre le serveur",
    );
  });

  it("a 429 the data layer's retries did not get past is the form's rate_limit error, in the user's language", async () => {
    const limited: CallFailure = {
      kind: "http",
      status: 429,
      error: { type: "rate_limit_error", code: "rate_limit", message: "Too many requests" },
      requestId: "req_429",
      retryAfterSeconds: 1,
    };
    inLocale(<TestForm answer={() => Promise.reject(limited)} />, "fr-FR");
    submitValidRefund();
    await flush();
    expect(screen.getByRole("alert").textContent).toContain("Trop de requêtes en ce moment");
  });
});

describe("the checkbox bound to the form machine", () => {
  const termsMachine = createFormMachine({
    id: "termsTestForm",
    schema: z.object({ accepted_at: z.int() }),
  });

  /** A terms box whose form starts blank (""), as a step's form does. */
  function TermsForm({ sent }: { sent: unknown[] }) {
    const actor = useActorRef(
      termsMachine.provide({
        actors: { [SUBMIT_ACTOR]: fromPromise(async ({ input }) => sent.push(input.body)) },
      }),
      { input: { values: { accepted_at: "" } } },
    );
    const snapshot = useSelector(actor, (s) => s);
    const form = formViewOf(snapshot, actor.send, "c");
    return (
      <FormLayout
        label="Terms"
        onSubmit={() => actor.send({ type: "submit", idempotencyKey: "k" })}
        actions={<Button type="submit">Accept</Button>}
      >
        <FormCheckboxField
          form={form}
          path="accepted_at"
          label="Agreement"
          required
          checkedValue={() => 1_700_000_000}
          text="I agree"
        />
      </FormLayout>
    );
  }

  it("starts unticked on a blank value, refuses to send until ticked, then sends the ticked value", async () => {
    const sent: unknown[] = [];
    inLocale(<TermsForm sent={sent} />);
    const box = screen.getByRole("checkbox", { name: "I agree" }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await flush();
    expect(sent).toEqual([]);
    expect(box.getAttribute("aria-invalid")).toBe("true");
    fireEvent.click(box);
    expect(box.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await flush();
    expect(sent).toEqual([{ accepted_at: 1_700_000_000 }]);
  });
});

describe("the form's own error", () => {
  it("is worded by kind: network, permission, rate limit, a known provider code, anything else", () => {
    // Message ids stand for their text: this checks which message each kind gets.
    const intl = { formatMessage: (m: { id: string }) => m.id } as never;
    const http = (status: number, type: string, code?: string): CallFailure => ({
      kind: "http",
      status,
      error: { type, ...(code ? { code } : {}) },
      requestId: null,
    });
    expect(formErrorText({ kind: "network", message: "x" }, intl)).toBe("kit.form.networkError");
    expect(formErrorText(http(403, "permission_error"), intl)).toBe("kit.form.permissionError");
    expect(
      formErrorText(http(400, "invalid_request_error", "charge_already_refunded"), intl, {
        charge_already_refunded: "Already refunded.",
      }),
    ).toBe("Already refunded.");
    expect(formErrorText(http(429, "rate_limit_error", "rate_limit"), intl)).toBe(
      "kit.error.rateLimited",
    );
    expect(formErrorText(http(500, "api_error"), intl)).toBe("kit.error.generic");
    expect(formErrorText({ kind: "invalid", message: "x" }, intl)).toBe("kit.form.invalid");
  });
});

describe("the confirmation dialog", () => {
  function Confirm({
    onConfirm = () => {},
    busy = false,
    error,
  }: {
    onConfirm?: () => void;
    busy?: boolean;
    error?: string;
  }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Button onClick={() => setOpen(true)}>Refund…</Button>
        <ConfirmDialog
          open={open}
          onOpenChange={setOpen}
          title="Refund this payment?"
          amount={{ value: 123_456, currency: "eur" }}
          consequences="The customer gets the money back in 5 to 10 days."
          confirmLabel="Refund"
          onConfirm={onConfirm}
          busy={busy}
          error={error}
        />
      </>
    );
  }

  it("opens on Cancel, shows the amount in the user's locale and the consequences", () => {
    inLocale(<Confirm />, "fr-FR");
    fireEvent.click(screen.getByRole("button", { name: "Refund…" }));
    const dialog = screen.getByRole("dialog", { name: "Refund this payment?" });
    expect(document.activeElement?.textContent).toBe("Annuler");
    expect(dialog.textContent?.replace(/\s/g, " ")).toContain("1 234,56 €");
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement?.textContent).toBe("Refund…");
  });

  it("confirms once; while busy it cannot be closed and Confirm ignores clicks; an error shows as an alert", () => {
    let confirmed = 0;
    const { rerender } = inLocale(<Confirm onConfirm={() => confirmed++} />);
    fireEvent.click(screen.getByRole("button", { name: "Refund…" }));
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(confirmed).toBe(1);
    rerender(
      <I18nProvider locale="en-US">
        <Confirm onConfirm={() => confirmed++} busy />
      </I18nProvider>,
    );
    // The rerender keeps the dialog's state: it is still open.
    const dialog = screen.getByRole("dialog");
    fireEvent.keyDown(dialog, { key: "Escape" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(confirmed).toBe(1);
    expect(
      (within(dialog).getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    rerender(
      <I18nProvider locale="en-US">
        <Confirm error="The request could not reach the server." />
      </I18nProvider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("could not reach the server");
  });
});

describe("FormFileField's standingError", () => {
  const docMachine = createFormMachine({
    id: "docForm",
    schema: z.object({ doc: z.string().min(1) }),
  });
  function DocForm({ submit }: { submit: boolean }) {
    const actor = useActorRef(docMachine, { input: { values: { doc: "" } } });
    const snapshot = useSelector(actor, (s) => s);
    const form = formViewOf(snapshot, actor.send, "d");
    return (
      <FormLayout
        label="Document"
        onSubmit={() => actor.send({ type: "submit", idempotencyKey: "k" })}
        actions={submit ? <Button type="submit">Send</Button> : null}
      >
        <FormFileField
          form={form}
          path="doc"
          label="Front"
          accept={["image/png"]}
          maxBytes={1_000}
          onUpload={async () => "file_1"}
          standingError="The last one was refused."
        />
      </FormLayout>
    );
  }
  const picker = () => document.querySelector<HTMLInputElement>("input[type=file]")!;

  it("shows the last refusal on the empty field, and hides it once a new file is uploaded", async () => {
    inLocale(<DocForm submit={false} />);
    expect(screen.getByText("The last one was refused.")).toBeTruthy();
    await act(async () => {
      fireEvent.change(picker(), {
        target: { files: [new File([new Uint8Array(4)], "id.png", { type: "image/png" })] },
      });
    });
    expect(screen.getByRole("status").textContent).toBe("id.png uploaded");
    expect(screen.queryByText("The last one was refused.")).toBeNull();
  });

  it("gives way to the form's own error on the field", async () => {
    inLocale(<DocForm submit />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send" })));
    expect(screen.queryByText("The last one was refused.")).toBeNull();
    expect(screen.getByText("This field is required.")).toBeTruthy();
  });
});
