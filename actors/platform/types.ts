/**
 * The element types a platform sees, derived from the catalogue types
 * (`protocol/catalogue/types.ts`): never written per component. `instance.create(tag)` and
 * `document.createElement(tag)` return `ConnectElement<name>` — its setter methods with their
 * argument types, and `addEventListener` typed for its catalogue events plus the events every
 * element has. Type-only: nothing here reaches the bundle.
 */
import type { CatalogueInputError } from "../../protocol/catalogue/index.ts";
import type {
  ComponentEventMap,
  ComponentName,
  ComponentSetters,
  TagName,
  TagNameMap,
} from "../../protocol/catalogue/types.ts";

export type {
  ComponentName,
  PublicComponentName,
  TagName,
} from "../../protocol/catalogue/types.ts";

/** `onLoaderStart` / `loaderstart`: the component began loading. */
export interface LoaderStartDetail {
  elementTagName: string;
}

/** The kinds of load failure an element reports (`onLoadError` / `loaderror`). */
export type LoadErrorType =
  /** The data-layer frame did not answer in time, after its retries. */
  | "data_layer_unavailable"
  /** The component frame reported a failure (its error's name, e.g. an API error type). */
  | (string & {});

/** `onLoadError` / `loaderror`: the component could not load; `requestId` when an API call failed. */
export interface LoadErrorDetail {
  error: { type: LoadErrorType; message: string; requestId?: string };
  elementTagName: string;
}

/** `overlaychange`: a dialog or drawer of the component opened or closed. */
export interface OverlayChangeDetail {
  open: boolean;
}

/** The events every element fires, besides its catalogue events. */
export interface ConnectElementCommonEvents {
  loaderstart: CustomEvent<LoaderStartDetail>;
  loaderror: CustomEvent<LoadErrorDetail>;
  /** A bad attribute or setter value (not applied); detail: the catalogue's typed error. */
  inputerror: CustomEvent<CatalogueInputError>;
  overlaychange: CustomEvent<OverlayChangeDetail>;
}

export type ConnectElementEventMap<N extends ComponentName> = HTMLElementEventMap &
  ConnectElementCommonEvents &
  ComponentEventMap<N>;

/** What every element has. */
export interface ConnectElementBase extends HTMLElement {
  setOnLoaderStart(callback: ((detail: LoaderStartDetail) => void) | undefined): void;
  setOnLoadError(callback: ((detail: LoadErrorDetail) => void) | undefined): void;
}

/**
 * The element of component `N`: its setters and typed events. The typed listeners come first
 * so they are chosen before HTMLElement's own `addEventListener(type: string, …)`.
 */
export type ConnectElement<N extends ComponentName = ComponentName> = {
  addEventListener<K extends keyof ConnectElementEventMap<N>>(
    type: K,
    listener: (this: ConnectElement<N>, event: ConnectElementEventMap<N>[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
  removeEventListener<K extends keyof ConnectElementEventMap<N>>(
    type: K,
    listener: (this: ConnectElement<N>, event: ConnectElementEventMap<N>[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | EventListenerOptions,
  ): void;
} & ConnectElementBase &
  ComponentSetters<N>;

/** The element of a tag (`<prefix>-payouts-list` → `ConnectElement<"payouts-list">`). */
export type ConnectElementOfTag<T extends TagName> = ConnectElement<TagNameMap[T]>;

/** tag → element, for `HTMLElementTagNameMap`. */
export type ConnectElementTagNameMap = {
  [N in ComponentName as TagName<N>]: ConnectElement<N>;
};

declare global {
  interface HTMLElementTagNameMap extends ConnectElementTagNameMap {}
}
