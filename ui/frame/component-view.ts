/**
 * The contract between the frame shell and a component view: what the shell gives a view
 * (data, host props and the kit's actors come from the frame context). The registry
 * (`ui/components/registry.ts`) maps catalogue names to views; a view module
 * default-exports a `ComponentView`.
 */
import type { ComponentType } from "react";
import type { FrameLoadError } from "../../machines/components/component-frame.machine.ts";
import type { ComponentName } from "../../protocol/catalogue/index.ts";

/** What the frame shell gives a component view (data and host props come from context). */
export interface ComponentViewProps {
  /** The catalogue name the frame was opened for (an alias keeps its own name). */
  component: ComponentName;
  /** An API call answered 401: the shell shows its session-expired view. */
  onUnauthorized(): void;
  /** The view cannot show its content at all: the shell shows the load-failure text. */
  onLoadFailed(message: string): void;
  /**
   * The view could not load its data but stays, with its own error state and retry: the
   * platform's onLoadError hears it (typed, with the API's request id). `loadErrorOf`
   * (machines/components/load-error.ts) turns a CallFailure into one.
   */
  reportLoadError(error: FrameLoadError): void;
}

export type ComponentView = ComponentType<ComponentViewProps>;
export type ComponentViewModule = { default: ComponentView };
export type ViewLoader = () => Promise<ComponentViewModule>;
/** Finds the view of a component by catalogue name (`viewLoaderFor` over the registry). */
export type ViewLookup = (name: string) => ViewLoader | undefined;
