import { createContext, type ReactNode, useContext } from "react";
import { cx } from "../kit/cx.ts";
import { Skeleton } from "../kit/skeleton.view.tsx";
import { LoadFailure } from "./load-failure.view.tsx";
import { SessionExpired } from "./session-expired.view.tsx";

/** USERS.md sizing: below this width (CSS pixels) a component lays out for narrow screens. */
export const NARROW_BELOW_PX = 381;

export const isNarrow = (width: number | undefined) =>
  width !== undefined && width < NARROW_BELOW_PX;

const NarrowContext = createContext(false);

/** Whether the frame is narrower than 381px, for views that change layout in JS. */
export const useNarrowLayout = () => useContext(NarrowContext);

export type FrameShellStatus = "loading" | "ready" | "sessionExpired" | "error";

export interface FrameShellProps {
  status: FrameShellStatus;
  /** The catalogue's error text (English), shown translated on error. */
  errorText: string | null;
  /** The frame's width in CSS pixels, once measured. */
  width: number | undefined;
  /** The component's view, shown when ready. */
  children?: ReactNode;
}

/** The frame around every component: skeleton, failure, session-expired or the view. */
export function FrameShell({ status, errorText, width, children }: FrameShellProps) {
  const narrow = isNarrow(width);
  return (
    <NarrowContext.Provider value={narrow}>
      <div className={cx("frame-shell", narrow && "frame-shell--narrow")} data-status={status}>
        {status === "loading" ? <Skeleton lines={3} /> : null}
        {status === "error" ? <LoadFailure errorText={errorText} /> : null}
        {status === "sessionExpired" ? <SessionExpired /> : null}
        {status === "ready" ? children : null}
      </div>
    </NarrowContext.Provider>
  );
}
