/**
 * A component shown in a frame of its own inside a debug tool (the UI config playground, the
 * UI preview): a same-origin `<iframe>` with no URL, whose document the tool fills as the
 * connect host fills a component frame — the base, kit and shell stylesheets, the theme of
 * the given appearance on its root, the frame's language and direction — and into which the
 * view is rendered through a React portal. So the preview is laid out at its own width (its
 * narrow layout, its container queries) and themed exactly as a real frame would be with
 * that appearance, while its API calls still go through this frame's data layer in the
 * previewed component's own name (`ComponentScope`).
 *
 * Nothing is loaded into the iframe: no URL, no script (React runs in this frame and only
 * writes its DOM), so the frame's CSP (`frame-src 'none'`) holds. Its height follows its
 * content.
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { AppearanceOption } from "../../../protocol/appearance.schema.ts";
import { validateAppearance, validateFonts } from "../../../protocol/appearance.schema.ts";
import type { ComponentName } from "../../../protocol/catalogue/index.ts";
import { catalogueManifest, isManifestName } from "../../../protocol/catalogue/manifest.ts";
import { classifyEnvironment } from "../../../protocol/provider.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { frameStylesheet } from "../../frame/frame.css.ts";
import { ComponentScope, useViewLookup } from "../../frame/frame-context.tsx";
import { FrameShell, type FrameShellStatus } from "../../frame/frame-shell.view.tsx";
import { kitStylesheet, StyleDocument, useStylesheet } from "../../kit/index.ts";
import { createThemeApplier, type ThemeApplier } from "../../theme/apply.ts";
import { useOpenedView } from "./use-opened-view.ts";

/** The preview iframe in the tool's own document: borderless, as wide as its place. */
const previewStylesheet = `
.kit-preview-frame { display: block; inline-size: 100%; block-size: 0; border: 0; }
`.trim();

export interface PreviewFrameProps {
  /** The frame's accessible name. */
  title: string;
  /** The component rendered in it: its API calls are made in this name. */
  componentName: string;
  appearance: AppearanceOption;
  /**
   * The platform's `fonts` option as given: its faces (`{family, src}`) are declared in the
   * preview as in a real frame. A `{cssSrc}` stylesheet is not: a real frame has the data
   * layer fetch it, which a preview does not.
   */
  fonts?: unknown;
  /** The shell's state, as a real frame's (default `ready`). */
  status?: FrameShellStatus;
  /** The component's error text, shown translated when `status` is `error`. */
  errorText?: string | null;
  className?: string;
  children?: ReactNode;
}

export function PreviewFrame(props: PreviewFrameProps) {
  const { title, componentName, appearance, fonts, className, children } = props;
  const { status = "ready", errorText = null } = props;
  const iframeRef = useRef<HTMLIFrameElement>(null);
  const [doc, setDoc] = useState<Document | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  const theme = useRef<ThemeApplier | null>(null);
  useStylesheet(previewStylesheet);

  // The iframe's document, filled once: stylesheets, language and direction of this frame.
  useLayoutEffect(() => {
    const iframe = iframeRef.current;
    const inner = iframe?.contentDocument;
    if (!iframe || !inner) return;
    // With a doctype, as every connect host page: an empty iframe's document is in quirks
    // mode, where tables and the body lay out differently from the real frame.
    inner.open();
    inner.write("<!doctype html><html><head></head><body></body></html>");
    inner.close();
    // The frame's language and direction, kept in step as the platform changes the locale.
    const root = iframe.ownerDocument.documentElement;
    const mirror = () => {
      inner.documentElement.lang = root.lang;
      inner.documentElement.dir = root.dir;
    };
    mirror();
    const language = new MutationObserver(mirror);
    language.observe(root, { attributes: true, attributeFilter: ["lang", "dir"] });
    theme.current = createThemeApplier(
      inner,
      { appearance: validateAppearance(undefined).appearance },
      [kitStylesheet, frameStylesheet],
    );
    setDoc(inner);
    return () => {
      language.disconnect();
      theme.current?.destroy();
      theme.current = null;
      setDoc(null);
    };
  }, []);

  // The appearance and the fonts, live: validated as a real frame validates the platform's.
  useLayoutEffect(() => {
    const development = classifyEnvironment(location.hostname) !== "production";
    const faces = validateFonts(fonts, { development }).fonts.filter((f) => !("cssSrc" in f));
    theme.current?.update({ appearance: validateAppearance(appearance).appearance, fonts: faces });
  }, [appearance, fonts]);

  // Its width (for the shell's narrow layout) and its height (its content's).
  useEffect(() => {
    const iframe = iframeRef.current;
    if (!doc || !iframe) return;
    const body = doc.body;
    const measure = () => {
      setWidth(Math.round(iframe.clientWidth));
      iframe.style.blockSize = `${Math.ceil(body.getBoundingClientRect().height)}px`;
    };
    const observer = new ResizeObserver(measure);
    observer.observe(iframe);
    observer.observe(body);
    measure();
    return () => observer.disconnect();
  }, [doc]);

  return (
    <>
      <iframe
        ref={iframeRef}
        title={title}
        className={className ? `kit-preview-frame ${className}` : "kit-preview-frame"}
      />
      {doc
        ? createPortal(
            <StyleDocument.Provider value={doc}>
              <ComponentScope componentName={componentName}>
                <FrameShell status={status} errorText={errorText} width={width}>
                  {children}
                </FrameShell>
              </ComponentScope>
            </StyleDocument.Provider>,
            doc.body,
          )
        : null}
    </>
  );
}

export interface ComponentPreviewProps {
  /** The catalogue name of the component shown. */
  name: string;
  title: string;
  appearance: AppearanceOption;
  /** The platform's `fonts` option as given (`PreviewFrame`). */
  fonts?: unknown;
  /** The tool's own view props: a 401 and a load error are reported as the tool's. */
  view: ComponentViewProps;
  className?: string;
}

/**
 * A built component in a `PreviewFrame`: its view loaded from the frame's registry (a
 * skeleton meanwhile), its failure to show its content the shell's error with the
 * catalogue's error text, as in a real frame.
 */
export function ComponentPreview(props: ComponentPreviewProps) {
  const { name, title, appearance, fonts, view, className } = props;
  const opened = useOpenedView(name, useViewLookup());
  const [failed, setFailed] = useState(false);
  const entry = isManifestName(name) ? catalogueManifest[name] : undefined;
  const status: FrameShellStatus =
    failed || opened?.status === "failed" || opened?.status === "unavailable"
      ? "error"
      : opened?.status === "shown"
        ? "ready"
        : "loading";
  const View = opened?.status === "shown" ? opened.View : null;
  return (
    <PreviewFrame
      title={title}
      componentName={name}
      appearance={appearance}
      fonts={fonts}
      status={status}
      errorText={entry?.errorText ?? null}
      {...(className ? { className } : {})}
    >
      {View ? (
        <View
          component={name as ComponentName}
          onUnauthorized={view.onUnauthorized}
          onLoadFailed={() => setFailed(true)}
          reportLoadError={view.reportLoadError}
        />
      ) : null}
    </PreviewFrame>
  );
}
