import type { ReactNode } from "react";
import type { BadgeStatus } from "./badge.view.tsx";
import { DateTime } from "./format.view.tsx";

export interface TimelineEvent {
  id: string;
  /** Says what happened; carries the meaning (the status marker is colour only). */
  title: ReactNode;
  /** Unix seconds, as the API sends them. */
  seconds: number;
  status?: BadgeStatus;
  description?: ReactNode;
}

export interface TimelineProps {
  /** Names the list (aria-label). */
  label: string;
  /** In the order to show them; the view does not sort (newest first is the caller's call). */
  events: readonly TimelineEvent[];
  timeZone?: string;
}

/** A payment's history: an ordered list of events, each with its time and a status marker. */
export function Timeline({ label, events, timeZone }: TimelineProps) {
  return (
    <ol className="kit-timeline" aria-label={label}>
      {events.map((event) => (
        <li key={event.id} className="kit-timeline__event">
          <span
            aria-hidden="true"
            className={`kit-timeline__marker kit-timeline__marker--${event.status ?? "neutral"}`}
          />
          <div className="kit-timeline__body">
            <p className="kit-label-md kit-timeline__title">{event.title}</p>
            <DateTime seconds={event.seconds} format="datetime" timeZone={timeZone} />
            {event.description ? (
              <div className="kit-body-sm kit-secondary-text">{event.description}</div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
