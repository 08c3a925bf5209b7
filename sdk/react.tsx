"use client";
/**
 * The React entry (`<package>/react`): the provider, the generic factory and prop types
 * (`react-factory.tsx`), and one named wrapper per public catalogue tag
 * (`react-components.generated.ts`). The directive above stays on top of the built file.
 */
export * from "./react-components.generated.ts";
export * from "./react-factory.tsx";
