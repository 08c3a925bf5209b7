/**
 * The direct page's view code (bench/first-row.page.ts loads it lazily): the payouts-list
 * component itself, given frame services whose API fetches the provider directly with the
 * claimed key (and the same kit actors a frame uses) — what the component frame renders,
 * minus the frame shell and the data layer. Styled with the same stylesheets.
 */
import { createRoot } from "react-dom/client";
import { createMutation } from "../actors/components/mutation.ts";
import { kitActors } from "../actors/components/resource-client.ts";
import { validateAppearance } from "../protocol/appearance.schema.ts";
import { provider } from "../protocol/provider.ts";
import PayoutsList from "../ui/components/payouts-list/payouts-list.component.tsx";
import { type Api, FrameProvider, type FrameServices } from "../ui/frame/frame-context.tsx";
import { I18nProvider } from "../ui/i18n/provider.tsx";
import { kitStylesheet } from "../ui/kit/index.ts";
import { createThemeApplier } from "../ui/theme/apply.ts";

/** A direct fetch answering as the data layer's `response` reply does. */
function directApi(api: string, key: string): Api {
  const request: Api["request"] = async (method, url, options = {}) => {
    const response = await fetch(`${api}${url}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        [provider.headers.version]: provider.apiVersion,
      },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return {
      ok: response.ok,
      status: response.status,
      body: (await response.json()) as unknown,
      headers: Object.fromEntries(response.headers),
    };
  };
  return {
    request,
    get: (url, options) => request("GET", url, options),
    post: (url, body, options) => request("POST", url, { ...options, body }),
    download: async (url) => {
      const response = await fetch(`${api}${url}`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      return new File([await response.blob()], "download");
    },
  };
}

const noop = () => {};

export function mountDirect(container: HTMLElement, api: string, key: string) {
  createThemeApplier(document, validateAppearance(undefined), [kitStylesheet]);
  const direct = directApi(api, key);
  const services: FrameServices = {
    api: () => direct,
    session: () => null,
    onSession: () => noop,
    authState: () => undefined,
    onAuthState: () => noop,
    actors: (through) => kitActors(through),
    mutation: (through, spec) =>
      createMutation({ transport: through, url: spec.url, schema: spec.schema }),
  };
  createRoot(container).render(
    <I18nProvider locale="en-US">
      <FrameProvider services={services} componentName="payouts-list">
        <PayoutsList
          component="payouts-list"
          onUnauthorized={noop}
          onLoadFailed={noop}
          reportLoadError={noop}
        />
      </FrameProvider>
    </I18nProvider>,
  );
}
