/**
 * The direct page's view code (bench/first-row.page.ts loads it lazily): the payouts-list
 * machine with its own actors, given an Api that fetches the API directly with the claimed
 * key, rendering PayoutsListView through its connect function — what the component frame
 * renders, minus the frame shell and the data layer. Styled with the same stylesheets.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { useMemo } from "react";
import { createRoot } from "react-dom/client";
import type { Api } from "../actors/ui-frame/react.tsx";
import {
  DEFAULT_PAGE_SIZE,
  payoutsListMachine,
} from "../machines/components/payouts-list/payouts-list.machine.ts";
import { validateAppearance } from "../protocol/appearance.schema.ts";
import { provider } from "../protocol/provider.ts";
import { payoutsListActors } from "../ui/components/payouts-list/payouts-list.actor.ts";
import { connectPayoutsList } from "../ui/components/payouts-list/payouts-list.connect.ts";
import { PayoutsListView } from "../ui/components/payouts-list/payouts-list.view.tsx";
import { I18nProvider } from "../ui/i18n/provider.tsx";
import { kitStylesheet } from "../ui/kit/index.ts";
import { createThemeApplier } from "../ui/theme/apply.ts";

/** A direct fetch answering as the data layer's `response` reply does. */
function directApi(api: string, key: string): Pick<Api, "get"> {
  let next = 0;
  return {
    async get(url, options = {}) {
      const response = await fetch(`${api}${url}`, {
        headers: {
          Authorization: `Bearer ${key}`,
          [provider.headers.version]: provider.apiVersion,
        },
        ...(options.signal ? { signal: options.signal } : {}),
      });
      return {
        type: provider.messageMarker,
        requestType: "response",
        requestId: `direct-${next++}`,
        ok: response.ok,
        status: response.status,
        statusText: response.statusText,
        body: (await response.json()) as unknown,
        headers: Object.fromEntries(response.headers),
      };
    },
  };
}

function DirectPayoutsList({ api }: { api: Pick<Api, "get"> }) {
  const machine = useMemo(
    () => payoutsListMachine.provide({ actors: payoutsListActors(api) }),
    [api],
  );
  const actor = useActorRef(machine, { input: { pageSize: DEFAULT_PAGE_SIZE, recent: false } });
  const snapshot = useSelector(actor, (s) => s);
  return (
    <PayoutsListView
      {...connectPayoutsList(snapshot, actor.send, { errorText: null, narrow: false })}
    />
  );
}

export function mountDirect(container: HTMLElement, api: string, key: string) {
  createThemeApplier(document, validateAppearance(undefined), [kitStylesheet]);
  createRoot(container).render(
    <I18nProvider locale="en-US">
      <DirectPayoutsList api={directApi(api, key)} />
    </I18nProvider>,
  );
}
