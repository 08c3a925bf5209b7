/**
 * The internal `debug-ui-preview` tool (issue 17 item 6): every built component the session
 * enables, side by side, each in a frame of its own (`ComponentPreview`) with the appearance,
 * the fonts and the locale the platform gives this tool — so a platform sees its theme on all of them
 * at once, and an `update({appearance})` or a new locale reaches every preview live.
 */
import { useId, useMemo } from "react";
import { useIntl } from "react-intl";
import type { AppearanceOption } from "../../../protocol/appearance.schema.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { useHostProps, useSession, useViewLookup } from "../../frame/frame-context.tsx";
import { useStylesheet } from "../../kit/index.ts";
import { space, v } from "../../theme/css.ts";
import { previewChoices } from "../kit/preview-choices.ts";
import { ComponentPreview } from "../kit/preview-frame.tsx";
import { debugUiPreviewMessages as m } from "./debug-ui-preview.messages.ts";

const previewStylesheet = `
.ui-preview { display: grid; gap: ${space(4)}; }
.ui-preview__grid {
  display: grid; gap: ${space(4)}; align-items: start;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr));
}
.ui-preview__item { display: grid; gap: ${space(2)}; min-inline-size: 0; }
.ui-preview__item > h3 { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.ui-preview__frame { border: 1px solid ${v("colorBorder")}; border-radius: ${v("borderRadius")}; overflow: hidden; }
`.trim();

export default function DebugUiPreview(props: ComponentViewProps) {
  const intl = useIntl();
  useStylesheet(previewStylesheet);
  const headingId = useId();
  const session = useSession();
  const views = useViewLookup();
  const host = useHostProps();
  const appearance = (host?.appearance ?? {}) as AppearanceOption;
  const names = useMemo(
    () => previewChoices(session, (name) => views(name) !== undefined),
    [session, views],
  );
  return (
    <section className="ui-preview" aria-labelledby={headingId}>
      <h2 id={headingId} className="kit-heading-md">
        {intl.formatMessage(m.title)}
      </h2>
      <p className="kit-secondary-text">{intl.formatMessage(m.intro)}</p>
      {names.length === 0 ? (
        <p>{intl.formatMessage(m.none)}</p>
      ) : (
        <div className="ui-preview__grid">
          {names.map((name) => (
            <section
              key={name}
              className="ui-preview__item"
              aria-label={name}
              data-component={name}
            >
              <h3 className="kit-heading-xs">{name}</h3>
              <div className="ui-preview__frame">
                <ComponentPreview
                  name={name}
                  title={intl.formatMessage(m.frame, { component: name })}
                  appearance={appearance}
                  fonts={host?.fonts}
                  view={props}
                />
              </div>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
