import type { Browser, Frame, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findKeyShaped } from "../../protocol/redaction.ts";
import { launchChromium, openPage } from "./support/browser.ts";
import { startProvider, startTestHosts } from "./support/hosts.ts";
import { expectNoSecrets } from "./support/secrets.ts";

// The data layer's two transfers in Chromium, across real origins: a UI frame of the
// connect origin uploads a PDF to the files host through its data layer (multipart,
// XMLHttpRequest with its progress) and downloads it back as bytes; a file over the host's
// limits is refused before anything is sent. No URL the browser requested and no message
// the page or the frame received carries a key.

let hosts: Awaited<ReturnType<typeof startTestHosts>>;
let provider: Awaited<ReturnType<typeof startProvider>>;
let browser: Browser;

beforeAll(async () => {
  hosts = await startTestHosts();
  provider = await startProvider({ filesHost: true });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await hosts?.close();
});

type Reply = { requestType: string; [field: string]: unknown };
type UiFrame = { ready: Promise<Reply>; received: Reply[]; request(m: object): Promise<Reply> };
const ui = (frame: Frame) => ({
  ready: () => frame.evaluate(() => (window as unknown as { uiFrame: UiFrame }).uiFrame.ready),
  /** Uploads `text` as a file named `name` (built in the frame, as a person's pick is). */
  upload: (name: string, text: string, type: string, repeat = 1) =>
    frame.evaluate(
      async ([n, t, ty, r]) => {
        const file = new File([String(t).repeat(Number(r))], String(n), { type: String(ty) });
        return (window as unknown as { uiFrame: UiFrame }).uiFrame.request({
          requestType: "uploadFile",
          purpose: "identity_document",
          file,
          filename: file.name,
        });
      },
      [name, text, type, repeat] as const,
    ),
  /** Downloads `url`; the bytes come back as text, the rest of the reply as is. */
  download: (url: string) =>
    frame.evaluate(async (u) => {
      const reply = await (window as unknown as { uiFrame: UiFrame }).uiFrame.request({
        requestType: "downloadFile",
        url: u,
      });
      const { file, ...rest } = reply as Reply & { file?: Blob };
      return { ...rest, isBlob: file instanceof Blob, text: file ? await file.text() : null };
    }, url),
  received: () =>
    frame.evaluate(() =>
      (window as unknown as { uiFrame: UiFrame }).uiFrame.received.map((m) =>
        // Blobs are not JSON: count them, look at the rest.
        JSON.parse(JSON.stringify(m, (_k, v) => (v instanceof Blob ? `blob:${v.size}` : v))),
      ),
    ),
});

describe("uploads and downloads through the data layer, in Chromium", () => {
  it("a UI frame uploads a PDF with progress and downloads it back; no key in any URL or message", async () => {
    const clientSecret = await provider.clientSecret(["account_onboarding"]);
    const query = new URLSearchParams({
      namespace: `ns${Date.now()}`,
      connect: hosts.connect,
      stranger: hosts.stranger,
      pk: provider.publishableKey,
      frames: "account-onboarding",
    });
    const { page, problems } = await openPage(
      browser,
      `${hosts.platform}/data-layer-platform.html?${query}`,
    );
    const requests: Request[] = [];
    page.on("request", (request) => requests.push(request));
    await page.evaluate(
      () => (window as unknown as { dataLayer: { ready: Promise<unknown> } }).dataLayer.ready,
    );
    const claimed = await page.evaluate(
      (secret) =>
        (
          window as unknown as { dataLayer: { request(m: object): Promise<Reply> } }
        ).dataLayer.request({ requestType: "claimAccountSessionRequest", clientSecret: secret }),
      clientSecret,
    );
    expect(claimed).toMatchObject({ requestType: "response", ok: true });
    await expect
      .poll(() => page.frames().filter((f) => f.url().includes("/__test__/")).length)
      .toBe(1);
    const frame = ui(page.frames().find((f) => f.url().includes("/__test__/"))!);
    await frame.ready();

    const pdf = "%PDF-1.4\n% a receipt\n";
    const uploaded = await frame.upload("receipt.pdf", pdf, "application/pdf", 20_000);
    expect(uploaded).toMatchObject({
      requestType: "response",
      ok: true,
      body: { object: "file", type: "pdf", filename: "receipt.pdf", size: pdf.length * 20_000 },
    });
    const fileId = (uploaded.body as { id: string }).id;
    const progress = (await frame.received()).filter((m) => m.requestType === "uploadProgress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ loaded: progress.at(-1)?.total });

    const downloaded = await frame.download(`${hosts.files}/v1/files/${fileId}/contents`);
    expect(downloaded).toMatchObject({
      requestType: "fileResponse",
      filename: "receipt.pdf",
      contentType: "application/pdf",
      isBlob: true,
    });
    expect(downloaded.text).toBe(pdf.repeat(20_000));

    // Over the host's limit: refused in the data layer, nothing sent to the files host.
    const uploadsBefore = requests.filter((r) => r.url().startsWith(`${hosts.files}/v1/files`));
    const big = await frame.upload("big.pdf", "%PDF-1.4 ", "application/pdf", 1_200_000);
    expect(big).toMatchObject({
      requestType: "response",
      ok: false,
      status: 400,
      body: { error: { code: "file_too_large", param: "file" } },
    });
    const uploadsAfter = requests.filter((r) => r.url().startsWith(`${hosts.files}/v1/files`));
    expect(uploadsAfter.length).toBe(uploadsBefore.length);

    // The key went in a header, never in a URL; nothing received carries one.
    const fileCalls = requests.filter((r) => r.url().startsWith(hosts.files));
    expect(fileCalls.length).toBeGreaterThanOrEqual(2);
    const withKey = await Promise.all(
      fileCalls
        .filter((r) => r.method() !== "OPTIONS")
        .map(async (r) => (await r.allHeaders()).authorization ?? ""),
    );
    expect(withKey.every((h) => h.startsWith("Bearer "))).toBe(true);
    expect(findKeyShaped(requests.map((r) => r.url()))).toEqual([]);
    expectNoSecrets(await frame.received(), [clientSecret]);
    expect(problems).toEqual([]);
    await page.close();
  });
});
