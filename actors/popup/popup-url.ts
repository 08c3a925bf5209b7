/**
 * The sign-in popup's URL and its hash (the loader instance's namespace and the connected
 * account), apart from the popup's page: the UI frame builds the URL when it opens the popup,
 * and should not load the popup's page and machine to do so (issue 13).
 */
import { provider } from "../../protocol/provider.ts";

/** The popup URL's hash parameters. */
export const popupHashParams = { namespace: provider.hashParams.namespace, account: "account" };

export interface PopupHash {
  namespace: string | null;
  account: string | null;
}

export function readPopupHash(hash: string): PopupHash {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const namespace = params.get(popupHashParams.namespace);
  const account = params.get(popupHashParams.account);
  return {
    namespace: namespace && /^[A-Za-z0-9_-]{1,128}$/.test(namespace) ? namespace : null,
    account: account && /^acct_[A-Za-z0-9]{1,64}$/.test(account) ? account : null,
  };
}

/** The popup's URL on the connect host, for the UI frame to open. */
export function popupUrl(connectOrigin: string, hash: { namespace: string; account: string }) {
  const params = new URLSearchParams({
    [popupHashParams.namespace]: hash.namespace,
    [popupHashParams.account]: hash.account,
  });
  return `${connectOrigin}/popup.html#${params}`;
}
