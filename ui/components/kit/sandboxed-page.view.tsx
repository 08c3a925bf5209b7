/**
 * A page the provider rendered (HTML it escaped itself), shown as it is and inert: a
 * `srcdoc` iframe with an empty `sandbox` — no script, no form submission, no navigation of
 * this frame, an opaque origin that can reach nothing of ours. It inherits this frame's CSP,
 * so its one stylesheet is a same-origin URL of the connect host (the hosted dashboard
 * preview's `/dashboard.css`). Its height is fixed (the sandbox lets no script measure it);
 * the page scrolls inside.
 */
import { useMemo } from "react";
import { cx } from "../../kit/cx.ts";
import { useStylesheet } from "../../kit/index.ts";

const sandboxedPageStylesheet = `
.kit-sandboxed-page { display: block; inline-size: 100%; block-size: 32rem; border: 0; background: #fff; }
`.trim();

const escapeText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface SandboxedPageProps {
  /** The frame's accessible name. */
  title: string;
  /** The page's `<title>`. */
  pageTitle: string;
  /** The page's body content, as the provider rendered it. */
  html: string;
  /** An absolute same-origin URL of the page's stylesheet. */
  stylesheet: string;
  /** The page's language (the provider's pages are written in it). */
  lang: string;
  className?: string;
}

export function SandboxedPage(props: SandboxedPageProps) {
  useStylesheet(sandboxedPageStylesheet);
  const { pageTitle, html, stylesheet, lang } = props;
  const document = useMemo(
    () =>
      `<!doctype html><html lang="${escapeText(lang)}"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeText(pageTitle)}</title>` +
      `<link rel="stylesheet" href="${escapeText(stylesheet)}"></head><body>${html}</body></html>`,
    [pageTitle, html, stylesheet, lang],
  );
  return (
    <iframe
      className={cx("kit-sandboxed-page", props.className)}
      title={props.title}
      sandbox=""
      srcDoc={document}
      referrerPolicy="no-referrer"
    />
  );
}
