/**
 * The loader's session logic, loaded on demand right after `loadConnectAndInitialize`: the
 * loader machine and XState, which the platform script's budget cannot carry. Nothing waits
 * on it that would not also wait on the data-layer frame loading. It also carries the loader's
 * side of the live inspector (issue 17, `inspection.ts`), whose recorder loads only when an
 * inspector opens.
 */
export { createActor } from "xstate";
export { loaderMachine } from "../../machines/platform/loader.machine.ts";
export { loaderRecording } from "./inspection.ts";
