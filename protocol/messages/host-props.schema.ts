/**
 * What a host element hands its UI frame over the call protocol's `props` subscription
 * (docs/protocol.md "Host element ⇄ UI frame"): the element's attributes, its setter values,
 * and the instance's appearance, fonts and locale. Sent at once and on every change.
 *
 * Callback setters (`setOnX`) never cross: the host keeps the function and lists its event in
 * `setters.handledEvents`. Appearance and fonts are validated again by the frame before they
 * apply (`validateAppearance`, `validateFonts`): a bad value is dropped with a warning.
 */
import * as z from "zod/mini";

export const hostPropsSchema = z.object({
  attributes: z.record(
    z.string().check(z.minLength(1), z.maxLength(200)),
    z.string().check(z.maxLength(10_000)),
  ),
  setters: z.record(z.string().check(z.minLength(1), z.maxLength(200)), z.unknown()),
  appearance: z.nullable(z.record(z.string(), z.unknown())),
  /** The loader's `fonts` option, as given: an array of font sources. */
  fonts: z._default(z.nullable(z.array(z.unknown()).check(z.maxLength(50))), null),
  locale: z.nullable(z.string().check(z.maxLength(35))),
});

export type HostProps = z.output<typeof hostPropsSchema>;
export type HostPropsInput = z.input<typeof hostPropsSchema>;
