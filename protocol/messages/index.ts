/** The wire messages: data-layer requests/replies, popup events, handshake, call protocol. */
export * from "./call.schema.ts";
export * from "./data-layer.schema.ts";
export * from "./handshake.schema.ts";
export * from "./popup.schema.ts";
export * from "./port.ts";
export * from "./rate-limit.ts";
