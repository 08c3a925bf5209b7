/** MessagePort detection that works in browsers and in Node (which has a global MessagePort). */
export function isMessagePort(value: unknown): value is MessagePort {
  return typeof MessagePort === "function" && value instanceof MessagePort;
}
