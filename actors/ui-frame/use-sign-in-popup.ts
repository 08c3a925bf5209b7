/**
 * The sign-in popup for a component view: `signIn` must be the click handler itself (or be
 * called synchronously from it), so the browser sees the user gesture when the popup opens.
 * The status feeds the pure `SignInRequired` view (`ui/popup/`): idle, waiting while the
 * popup is open, blocked when the browser refused it (the view offers Retry).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import { useDataLayerClient } from "./react.tsx";
import {
  openSignInPopup,
  PopupBlockedError,
  type PopupWindow,
  popupOptionsAt,
} from "./sign-in-popup.ts";

export type SignInPopupStatus = "idle" | "waiting" | "blocked";

export interface UseSignInPopupOptions {
  /** Where this frame runs: its origin is the connect origin; its hash names the namespace. */
  location?: { origin: string; hash: string };
  open?: (url: string, target: string, features: string) => PopupWindow | null;
  /** Called with the auth state once the popup is done (signed in, or not). */
  onDone?: (state: AuthState | undefined) => void;
}

export interface SignInPopup {
  status: SignInPopupStatus;
  /** The last failure other than a blocked popup (the key exchange failed, no session). */
  error: Error | null;
  signIn(): void;
}

export function useSignInPopup(options: UseSignInPopupOptions = {}): SignInPopup {
  const dataLayer = useDataLayerClient();
  const [status, setStatus] = useState<SignInPopupStatus>("idle");
  const [error, setError] = useState<Error | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const latest = useRef(options);
  latest.current = options;

  const signIn = useCallback(() => {
    const { location = window.location, open, onDone } = latest.current;
    const popupOptions = popupOptionsAt(
      dataLayer,
      location,
      open ?? ((url, target, features) => window.open(url, target, features)),
    );
    setError(null);
    setStatus("waiting");
    openSignInPopup(popupOptions).then(
      (state) => {
        if (!mounted.current) return;
        setStatus("idle");
        onDone?.(state);
      },
      (failure: Error) => {
        if (!mounted.current) return;
        if (failure instanceof PopupBlockedError) {
          setStatus("blocked");
          return;
        }
        setStatus("idle");
        setError(failure);
      },
    );
  }, [dataLayer]);

  return { status, error, signIn };
}
