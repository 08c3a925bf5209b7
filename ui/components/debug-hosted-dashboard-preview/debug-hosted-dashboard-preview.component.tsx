/**
 * The internal `debug-hosted-dashboard-preview` tool (issue 17 item 7): the provider's hosted
 * dashboard pages for this account (sign-in, accounts) as the dashboard host renders them,
 * under the branding of the `display-name` and `icon` attributes (without a name, the
 * platform's own), read-only, one page per tab. The machine
 * (`machines/components/debug-hosted-dashboard-preview/`) loads them through the kit's
 * `fetchResource`; each page is shown by the kit's `SandboxedPage`.
 */
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useIntl } from "react-intl";
import { hostedDashboardPreviewMachine } from "../../../machines/components/debug-hosted-dashboard-preview/hosted-dashboard-preview.machine.ts";
import { manifestEntry } from "../../../protocol/catalogue/manifest.ts";
import type {
  HostedDashboardBranding,
  HostedDashboardPageId,
} from "../../../protocol/objects/hosted-dashboard-preview.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps } from "../../frame/frame-context.tsx";
import { useComponentMachine } from "../../frame/use-component-machine.ts";
import { kitMessages } from "../../i18n/messages.ts";
import { Skeleton, Tabs, useStylesheet } from "../../kit/index.ts";
import { space, v } from "../../theme/css.ts";
import { LoadFailed } from "../kit/load-failed.view.tsx";
import { requestIdOf } from "../kit/resource-list.connect.ts";
import { SandboxedPage } from "../kit/sandboxed-page.view.tsx";
import { debugHostedDashboardPreviewMessages as m } from "./debug-hosted-dashboard-preview.messages.ts";

const pageNames = { sign_in: m.signIn, accounts: m.accounts } as const;

const previewStylesheet = `
.hosted-preview { display: grid; gap: ${space(3)}; min-inline-size: 0; }
.hosted-preview .kit-sandboxed-page { border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")}; }
`.trim();

/** The branding the host's attributes give: absent ones left out. */
function brandingOf(attributes: Record<string, string | undefined>): HostedDashboardBranding {
  return {
    ...(attributes["display-name"] !== undefined
      ? { displayName: attributes["display-name"] }
      : {}),
    ...(attributes.icon !== undefined ? { icon: attributes.icon } : {}),
  };
}

export default function DebugHostedDashboardPreview(props: ComponentViewProps) {
  const host = useHostProps();
  if (host === undefined) return null;
  return <Preview {...props} branding={brandingOf(host.attributes)} />;
}

function Preview(props: ComponentViewProps & { branding: HostedDashboardBranding }) {
  const intl = useIntl();
  useStylesheet(previewStylesheet);
  const headingId = useId();
  const { snapshot, send } = useComponentMachine(hostedDashboardPreviewMachine, {
    input: { branding: props.branding },
    view: props,
  });
  // A new icon or name loads the pages again.
  const key = JSON.stringify(props.branding);
  const sent = useRef(key);
  useEffect(() => {
    if (sent.current === key) return;
    sent.current = key;
    send({ type: "branding.change", branding: JSON.parse(key) as HostedDashboardBranding });
  }, [key, send]);

  const { preview, page, failure } = snapshot.context;
  let body: ReactNode;
  if (snapshot.matches("failed")) {
    body = (
      <LoadFailed
        errorText={manifestEntry(props.component)?.errorText ?? null}
        requestId={requestIdOf(failure)}
        onRetry={() => send({ type: "retry" })}
      />
    );
  } else if (!snapshot.matches("shown") || !preview) {
    body = <Skeleton lines={6} label={intl.formatMessage(kitMessages.loading)} />;
  } else {
    const stylesheet = new URL("/dashboard.css", window.location.href).href;
    body = (
      <Tabs
        label={intl.formatMessage(m.pages)}
        value={page}
        onValueChange={(id) => send({ type: "page.select", page: id as HostedDashboardPageId })}
        items={preview.pages.map((shown) => {
          const name = intl.formatMessage(pageNames[shown.id]);
          return {
            id: shown.id,
            label: name,
            content: (
              <SandboxedPage
                title={intl.formatMessage(m.frame, { page: name, name: preview.display_name })}
                pageTitle={shown.title}
                html={shown.html}
                stylesheet={stylesheet}
                lang="en"
              />
            ),
          };
        })}
      />
    );
  }
  return (
    <section
      className="hosted-preview"
      aria-labelledby={headingId}
      aria-busy={snapshot.matches("loading")}
      data-state={String(snapshot.value)}
    >
      <h2 id={headingId} className="kit-heading-md">
        {intl.formatMessage(m.title)}
      </h2>
      <p className="kit-secondary-text">{intl.formatMessage(m.intro)}</p>
      {body}
    </section>
  );
}
