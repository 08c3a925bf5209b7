/**
 * One task on a whole screen: what a mobile entry point shows in a native app's web view
 * (docs/mobile.md). Its heading, what the task starts from (`summary`), then the task itself
 * — or, once it is done, what it did and Done. Done tells the host `exit` with
 * `completed: true`; a task's Cancel calls `exit(false)` (`useTaskExit`).
 */
import type { ReactNode } from "react";
import { useIntl } from "react-intl";
import { useHostEvent } from "../../frame/frame-context.tsx";
import { Banner, Button } from "../../kit/index.ts";
import { taskScreenMessages as m } from "./task-screen.messages.ts";

export interface TaskScreenProps {
  title: string;
  /** What the task starts from (the figures it changes), shown before and after it. */
  summary: ReactNode;
  /** What the finished task did, or null while it is not done. */
  done: string | null;
  /** The task (its form), shown until it is done. */
  children: ReactNode;
}

export function TaskScreen(props: TaskScreenProps) {
  const intl = useIntl();
  const exit = useTaskExit();
  return (
    // Not a named region: the task's own form is one, named as its button (and often as the
    // screen's title); the heading names the screen.
    <div className="kit-detail-sections">
      <h1 className="kit-heading-lg">{props.title}</h1>
      {props.done === null ? null : <Banner status="success" title={props.done} />}
      {props.summary}
      {props.done === null ? (
        props.children
      ) : (
        <div className="kit-actions">
          <Button variant="primary" onClick={() => exit(true)}>
            {intl.formatMessage(m.done)}
          </Button>
        </div>
      )}
    </div>
  );
}

/** Tells the host the person left the task (`exit`), after finishing it or not. */
export function useTaskExit(): (completed: boolean) => void {
  const emitEvent = useHostEvent();
  return (completed: boolean) => emitEvent("exit", { completed });
}
