/**
 * The platform SDK's public entry. Importing it has no side effects: nothing is defined,
 * fetched or inserted until `loadConnectAndInitialize` runs (USERS.md 1). Importing its
 * types also declares every tag in `HTMLElementTagNameMap`.
 */
export {
  ConnectError,
  type ConnectErrorCode,
  InstanceDestroyedError,
  InvalidOptionError,
  LogoutFailedError,
  ServerEnvironmentError,
  UnknownComponentError,
} from "../actors/platform/errors.ts";
export {
  type ConnectInstance,
  type ConnectInstanceEvent,
  loadConnectAndInitialize,
} from "../actors/platform/loader.ts";
export type { ConnectOptions, UpdateOptions } from "../actors/platform/options.ts";
export type {
  ComponentName,
  ConnectElement,
  ConnectElementBase,
  ConnectElementCommonEvents,
  ConnectElementEventMap,
  ConnectElementOfTag,
  ConnectElementTagNameMap,
  LoadErrorDetail,
  LoadErrorType,
  LoaderStartDetail,
  OverlayChangeDetail,
  PublicComponentName,
  TagName,
} from "../actors/platform/types.ts";
export { sdkVersion } from "../protocol/version.ts";
