/**
 * The loader's typed errors. Each has a stable `name` and a `code` a platform can switch on;
 * messages name the option at fault, never its value (an option may hold a key).
 */

export type ConnectErrorCode =
  | "invalid_option"
  | "server_environment"
  | "instance_destroyed"
  | "unknown_component"
  | "logout_failed";

export class ConnectError extends Error {
  override name = "ConnectError";
  constructor(
    readonly code: ConnectErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** An option of `loadConnectAndInitialize` or `update()` is unusable. */
export class InvalidOptionError extends ConnectError {
  override name = "InvalidOptionError";
  constructor(
    readonly option: string,
    reason: string,
  ) {
    super("invalid_option", `${option} ${reason}`);
  }
}

/** The instance was used where there is no browser window (server-side rendering). */
export class ServerEnvironmentError extends ConnectError {
  override name = "ServerEnvironmentError";
  constructor(method: string) {
    super(
      "server_environment",
      `${method}() needs a browser: there is no window here (server-side rendering). Create components in the browser, e.g. in an effect.`,
    );
  }
}

/** The instance was used after `destroy()`. */
export class InstanceDestroyedError extends ConnectError {
  override name = "InstanceDestroyedError";
  constructor(method: string) {
    super("instance_destroyed", `${method}() was called after destroy()`);
  }
}

/** `create(tag)` with a tag that is not in the catalogue. */
export class UnknownComponentError extends ConnectError {
  override name = "UnknownComponentError";
  constructor(tag: string) {
    super("unknown_component", `${tag} is not a component tag`);
  }
}

/** The data layer refused to log out (SPEC.md §8 "Logout"): the keys were kept. */
export class LogoutFailedError extends ConnectError {
  override name = "LogoutFailedError";
  constructor() {
    super("logout_failed", "logout failed: the session was kept");
  }
}
