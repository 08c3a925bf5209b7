// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { I18nProvider, loadCatalogue } from "../i18n/provider.tsx";
import {
  Button,
  checkFile,
  ErrorSummary,
  type ErrorSummaryItem,
  FileUpload,
  FileUploadView,
  FormLayout,
  TextField,
  uploadReducer,
} from "./index.ts";

afterEach(cleanup);
beforeAll(() => loadCatalogue("fr-FR"));

const inLocale = (ui: ReactNode, locale = "en-US") =>
  render(<I18nProvider locale={locale}>{ui}</I18nProvider>);

function SignUpForm() {
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [failed, setFailed] = useState(0);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const errorOf = (id: string) => errors.find((e) => e.fieldId === id)?.error;
  return (
    <FormLayout
      label="Sign up"
      summary={<ErrorSummary errors={errors} failedSubmits={failed} />}
      actions={
        <Button variant="primary" type="submit">
          Save
        </Button>
      }
      onSubmit={() => {
        const found: ErrorSummaryItem[] = [];
        if (!name) found.push({ fieldId: "name", label: "Name", error: { code: "required" } });
        if (!email.includes("@"))
          found.push({ fieldId: "email", label: "Email", error: { code: "invalid_email" } });
        setErrors(found);
        if (found.length > 0) setFailed((n) => n + 1);
      }}
    >
      <TextField id="name" label="Name" value={name} onChange={setName} error={errorOf("name")} />
      <TextField
        id="email"
        label="Email"
        value={email}
        onChange={setEmail}
        error={errorOf("email")}
      />
    </FormLayout>
  );
}

describe("ErrorSummary", () => {
  it("shows nothing before a failed submit", () => {
    inLocale(<SignUpForm />);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("on a failed submit lists every field error, linked to its field, and takes focus", () => {
    inLocale(<SignUpForm />);
    fireEvent.submit(screen.getByRole("form", { name: "Sign up" }));
    const summary = screen.getByRole("region", { name: "There is a problem with this form" });
    expect(document.activeElement).toBe(summary);
    const links = within(summary).getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Name: This field is required.",
      "Email: Enter a valid email address.",
    ]);
    expect(links[1]!.getAttribute("href")).toBe("#email");
  });

  it("following a link focuses the field without changing the page's URL", () => {
    inLocale(<SignUpForm />);
    fireEvent.submit(screen.getByRole("form", { name: "Sign up" }));
    const before = location.href;
    const link = screen.getByRole("link", { name: /^Email/ });
    const notPrevented = fireEvent.click(link);
    expect(notPrevented).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole("textbox", { name: "Email" }));
    expect(location.href).toBe(before);
  });

  it("takes focus again on the next failed submit, and disappears once the form is valid", () => {
    inLocale(<SignUpForm />);
    const form = screen.getByRole("form", { name: "Sign up" });
    fireEvent.submit(form);
    screen.getByRole("textbox", { name: "Name" }).focus();
    fireEvent.change(screen.getByRole("textbox", { name: "Name" }), { target: { value: "Ada" } });
    fireEvent.submit(form);
    const summary = screen.getByRole("region");
    expect(document.activeElement).toBe(summary);
    expect(within(summary).getAllByRole("link")).toHaveLength(1);
    fireEvent.change(screen.getByRole("textbox", { name: "Email" }), {
      target: { value: "ada@example.com" },
    });
    fireEvent.submit(form);
    expect(screen.queryByRole("region")).toBeNull();
  });

  it("speaks the user's language", async () => {
    inLocale(
      <ErrorSummary
        failedSubmits={1}
        errors={[{ fieldId: "x", label: "Nom", error: { code: "required" } }]}
      />,
      "fr-FR",
    );
    expect(screen.getByRole("region", { name: "Ce formulaire contient une erreur" })).toBeTruthy();
  });
});

const file = (name: string, type: string, size: number) =>
  new File([new Uint8Array(size)], name, { type });

describe("file rules", () => {
  const rules = { accept: ["application/pdf", "image/*", ".csv"], maxBytes: 1000 };
  it("takes the accepted types within the size, refuses the others with the reason", () => {
    expect(checkFile({ name: "a.pdf", type: "application/pdf", size: 10 }, rules)).toBeUndefined();
    expect(checkFile({ name: "a.PNG", type: "image/png", size: 10 }, rules)).toBeUndefined();
    expect(checkFile({ name: "a.CSV", type: "", size: 10 }, rules)).toBeUndefined();
    expect(checkFile({ name: "a.exe", type: "application/x-msdownload", size: 10 }, rules)).toEqual(
      { code: "wrong_type" },
    );
    expect(checkFile({ name: "a.pdf", type: "application/pdf", size: 1001 }, rules)).toEqual({
      code: "too_large",
      maxBytes: 1000,
    });
  });

  it("progress only moves forward within 0..1, and a late report after a cancel changes nothing", () => {
    const f = { name: "a.pdf" };
    let s = uploadReducer(
      { status: "idle" },
      { type: "choose", file: f, refusal: undefined, fileName: "a.pdf" },
    );
    s = uploadReducer(s, { type: "progress", fraction: 0.5 });
    s = uploadReducer(s, { type: "progress", fraction: 0.2 });
    expect(s).toEqual({ status: "uploading", file: f, progress: 0.5 });
    expect(uploadReducer(s, { type: "progress", fraction: 7 })).toMatchObject({ progress: 1 });
    s = uploadReducer(s, { type: "cancel" });
    expect(uploadReducer(s, { type: "progress", fraction: 0.9 })).toBe(s);
    expect(uploadReducer(s, { type: "retry" })).toEqual({
      status: "uploading",
      file: f,
      progress: 0,
    });
  });
});

describe("FileUpload", () => {
  const rules = { accept: ["application/pdf", "image/png"], maxBytes: 5_000_000 };
  const picker = () => document.querySelector<HTMLInputElement>("input[type=file]")!;
  const pick = (f: File) => fireEvent.change(picker(), { target: { files: [f] } });

  it("states the accepted types and size, and opens the picker from a keyboard-reachable button", () => {
    inLocale(<FileUpload label="Receipt" {...rules} onUpload={async () => {}} />);
    const group = screen.getByRole("group", { name: "Receipt" });
    expect(group.textContent).toContain("PDF or PNG, up to 5 MB");
    expect(picker().hidden).toBe(true);
    const click = vi.spyOn(picker(), "click");
    fireEvent.click(screen.getByRole("button", { name: "Choose a file" }));
    expect(click).toHaveBeenCalled();
  });

  it("refuses a file of the wrong type or size before uploading, with a clear error", () => {
    const onUpload = vi.fn(async () => {});
    inLocale(<FileUpload label="Receipt" {...rules} onUpload={onUpload} />);
    pick(file("a.exe", "application/x-msdownload", 10));
    expect(screen.getByText("This type of file is not accepted.")).toBeTruthy();
    pick(file("big.pdf", "application/pdf", 6_000_000));
    expect(screen.getByText("The file is too large. The limit is 5 MB.")).toBeTruthy();
    expect(onUpload).not.toHaveBeenCalled();
  });

  it("shows the progress the callback reports, then the result", async () => {
    let report: (f: number) => void = () => {};
    let finish: () => void = () => {};
    const onUploaded = vi.fn();
    inLocale(
      <FileUpload
        label="Receipt"
        {...rules}
        onUploaded={onUploaded}
        onUpload={(_file, progress) =>
          new Promise<void>((resolve) => {
            report = progress;
            finish = resolve;
          })
        }
      />,
    );
    pick(file("r.pdf", "application/pdf", 100));
    const bar = screen.getByRole("progressbar", { name: "Uploading r.pdf" }) as HTMLProgressElement;
    act(() => report(0.4));
    expect(bar.value).toBe(40);
    expect(screen.getByText("40%")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose a file" }).hasAttribute("disabled")).toBe(
      true,
    );
    await act(async () => finish());
    expect(screen.getByRole("status").textContent).toBe("r.pdf uploaded");
    expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ name: "r.pdf" }));
  });

  it("cancel aborts the upload; retry starts it again; a failure offers retry too", async () => {
    const signals: AbortSignal[] = [];
    let fail: (e: Error) => void = () => {};
    inLocale(
      <FileUpload
        label="Receipt"
        {...rules}
        onUpload={(_f, _p, signal) => {
          signals.push(signal);
          return new Promise<void>((_, reject) => {
            fail = reject;
          });
        }}
      />,
    );
    pick(file("r.pdf", "application/pdf", 100));
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(signals[0]!.aborted).toBe(true);
    expect(screen.getByRole("status").textContent).toContain("Upload of r.pdf cancelled.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(signals).toHaveLength(2);
    expect(screen.getByRole("progressbar")).toBeTruthy();
    await act(async () => fail(new Error("network")));
    expect(screen.getByText("r.pdf could not be uploaded.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(signals).toHaveLength(3);
  });

  it("takes a dropped file", () => {
    const onUpload = vi.fn(() => new Promise<void>(() => {}));
    inLocale(<FileUpload label="Receipt" {...rules} onUpload={onUpload} />);
    const zone = document.querySelector(".kit-upload__zone")!;
    fireEvent.drop(zone, { dataTransfer: { files: [file("d.png", "image/png", 10)] } });
    expect(onUpload).toHaveBeenCalledWith(
      expect.objectContaining({ name: "d.png" }),
      expect.any(Function),
      expect.any(AbortSignal),
    );
  });

  it("the pure view shows each state it is given, in the user's language", () => {
    inLocale(
      <FileUploadView
        label="Reçu"
        {...rules}
        state={{ status: "failed", file: { name: "r.pdf" } }}
        onChoose={() => {}}
        onCancel={() => {}}
        onRetry={() => {}}
      />,
      "fr-FR",
    );
    expect(screen.getByText("r.pdf n’a pas pu être envoyé.")).toBeTruthy();
    expect(screen.getByText("PDF ou PNG, jusqu’à 5 Mo")).toBeTruthy();
  });
});
