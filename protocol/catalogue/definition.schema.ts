/**
 * One registry entry of the component catalogue (SPEC.md §3 "Component definition").
 *
 * The catalogue is the single source of truth for every embeddable component: its tag,
 * attributes, setter methods, events, release state, auth requirement, layout hints and
 * error text. Element classes, React wrappers, TypeScript types, docs and the debug
 * component list are all derived from it (STYLE.md "one source of truth per fact").
 *
 * Entries are written with `defineComponent`, whose `const` type parameter keeps every
 * name as a literal type so `types.ts` can derive per-component attribute, setter and event
 * types. Items are arrays of `{ name, internal, ... }` so element classes can list their
 * observed attributes in declaration order.
 *
 * Value schemas are plain zod schemas carried as data; they must stay jitless-safe (the
 * frames run with `z.config({ jitless: true })`), so no schema here may compile code.
 */
import { z } from "zod";

/** SPEC.md §4 "Release state". */
export const releaseStates = ["ga", "preview", "internal", "entry_point"] as const;
export const releaseStateSchema = z.enum(releaseStates);
export type ReleaseState = z.infer<typeof releaseStateSchema>;

/** SPEC.md §3 "Setter method types". */
export const setterMethodTypes = [
  "AttributeSettingMethod",
  "EventListenerMethod",
  "SupplementalObject",
  "SupplementalFunction",
] as const;
export const setterMethodTypeSchema = z.enum(setterMethodTypes);
export type SetterMethodType = z.infer<typeof setterMethodTypeSchema>;

/** Any zod schema (classic or mini), carried as a value (checked by instance, never compiled). */
export const valueSchemaSchema = z.custom<z.core.$ZodType>((v) => v instanceof z.core.$ZodType, {
  error: "must be a zod schema",
});

const snakeCase = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const kebabCase = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
/** DOM event names are lower-case words run together (`onnotificationschange`). */
const domEventName = /^[a-z]+$/;

export const htmlAttributeSchema = z.strictObject({
  name: z.string().regex(kebabCase, "attribute names are kebab-case"),
  internal: z.boolean(),
  description: z.string().min(1),
  /** Parses the raw attribute string; absent means any string is accepted as is. */
  schema: valueSchemaSchema.optional(),
  /** SPEC.md §5: supported only for custom-type accounts (checked at run time). */
  customAccountsOnly: z.boolean().optional(),
});
export type HtmlAttribute = z.infer<typeof htmlAttributeSchema>;

export const htmlEventSchema = z.strictObject({
  name: z.string().regex(domEventName, "DOM event names are lower-case words run together"),
  internal: z.boolean(),
  description: z.string().min(1),
  /** The `CustomEvent.detail` it carries; absent means the event carries no detail. */
  detail: valueSchemaSchema.optional(),
});
export type HtmlEvent = z.infer<typeof htmlEventSchema>;

export const methodTargetSchema = z.strictObject({
  kind: z.enum(["attribute", "object", "event"]),
  name: z.string().min(1),
});
export type MethodTarget = z.infer<typeof methodTargetSchema>;

export const customHtmlElementMethodSchema = z
  .strictObject({
    name: z.string().regex(/^set[A-Z][A-Za-z0-9]*$/, "setter names look like setOnExit"),
    type: setterMethodTypeSchema,
    target: methodTargetSchema,
    internal: z.boolean(),
    description: z.string().min(1),
    /** The schema of the argument (for EventListenerMethod: "is a function"). */
    schema: valueSchemaSchema,
    customAccountsOnly: z.boolean().optional(),
  })
  .refine(
    (m) =>
      (m.type === "AttributeSettingMethod") === (m.target.kind === "attribute") &&
      (m.type === "EventListenerMethod") === (m.target.kind === "event"),
    {
      error:
        "an AttributeSettingMethod targets an attribute, an EventListenerMethod an event, " +
        "and supplemental methods an object",
    },
  );
export type CustomHtmlElementMethod = z.infer<typeof customHtmlElementMethodSchema>;

/**
 * An account-session feature of a component (SPEC.md §3 "components: a map from component to
 * {enabled, features}"): named once here, with the default a platform gets when it does not
 * name it. The provider accepts and stores it, guards the endpoints it allows, and the
 * frames read it from the sanitized session.
 */
export const componentFeatureSchema = z.strictObject({
  name: z.string().regex(snakeCase, "feature names are snake_case"),
  default: z.boolean(),
  description: z.string().min(1),
  /** Also a feature flag of SPEC.md §9: the session's `flags` map carries its value. */
  flag: z.boolean().optional(),
});
export type ComponentFeature = z.infer<typeof componentFeatureSchema>;

export const errorConfigurationSchema = z.strictObject({
  /** API error codes the component handles itself (not reported as failures). */
  expectedErrors: z.array(z.string().min(1)).readonly(),
  /** API error codes reported to nobody (neither the platform nor error reporting). */
  mutedErrors: z.array(z.string().min(1)).readonly(),
});

export const componentDefinitionSchema = z
  .strictObject({
    /** The key of the claimed session's `components` map (SPEC.md §3). */
    enabledKey: z.string().regex(snakeCase, "enabledKey is snake_case"),
    /** SPEC.md §9: `enable_<component>_component`. */
    enabledOverrideFlag: z
      .string()
      .regex(/^enable_[a-z0-9_]+_component$/, "the flag follows enable_<component>_component"),
    releaseState: releaseStateSchema,
    requiresAuthentication: z.boolean(),
    htmlAttributes: z.array(htmlAttributeSchema).readonly(),
    htmlEvents: z.array(htmlEventSchema).readonly(),
    customHtmlElementMethods: z.array(customHtmlElementMethodSchema).readonly(),
    description: z.string().min(1),
    friendlyName: z.string().min(1),
    /** Path of the component's page on the documentation site. */
    docSitePath: z.string().regex(/^\/[a-z0-9/-]*$/),
    deprecatedMessage: z.string().min(1).optional(),
    /** The calm load-failure text of SPEC.md §8. */
    errorText: z.string().min(1),
    /** CSS pixels; absent means the component fills its container. */
    maxWidth: z.number().int().positive().optional(),
    disableMinWidth: z.boolean(),
    /** The component paints its own background instead of the theme's. */
    componentControlledBackground: z.boolean(),
    /** The component can render inline or as an overlay (the `inline` attribute). */
    optionalInlineOverlay: z.boolean(),
    /** Theming values from the platform's appearance are not applied (debug tools). */
    ignoreThemingValues: z.boolean(),
    errorConfiguration: errorConfigurationSchema,
    /** The account-session features of the component, with their defaults. */
    features: z.array(componentFeatureSchema).readonly(),
    /** An alias entry reuses another component (SPEC.md §2 "Alias"). */
    aliasOf: z.string().regex(kebabCase).optional(),
  })
  .superRefine((d, ctx) => {
    for (const kind of [
      "htmlAttributes",
      "htmlEvents",
      "customHtmlElementMethods",
      "features",
    ] as const) {
      const names = d[kind].map((item) => item.name);
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup) ctx.addIssue({ code: "custom", path: [kind], message: `duplicate name ${dup}` });
    }
    const attributes = new Set(d.htmlAttributes.map((a) => a.name));
    const events = new Set(d.htmlEvents.map((e) => e.name));
    d.customHtmlElementMethods.forEach((m, i) => {
      const missing =
        (m.target.kind === "attribute" && !attributes.has(m.target.name)) ||
        (m.target.kind === "event" && !events.has(m.target.name));
      if (missing) {
        ctx.addIssue({
          code: "custom",
          path: ["customHtmlElementMethods", i, "target"],
          message: `${m.name} targets the unknown ${m.target.kind} ${m.target.name}`,
        });
      }
    });
  });

/** A parsed registry entry: every field present. */
export type ComponentDefinition = z.output<typeof componentDefinitionSchema>;
/** What an entry file writes: fields with defaults may be left out. */
export type ComponentDefinitionInput = Omit<
  z.input<typeof componentDefinitionSchema>,
  keyof typeof definitionDefaults
> &
  Partial<Pick<z.input<typeof componentDefinitionSchema>, keyof typeof definitionDefaults>>;

/** The fields most entries leave at their neutral value. */
export const definitionDefaults = {
  requiresAuthentication: false,
  htmlAttributes: [],
  htmlEvents: [],
  customHtmlElementMethods: [],
  disableMinWidth: false,
  componentControlledBackground: false,
  optionalInlineOverlay: false,
  ignoreThemingValues: false,
  errorConfiguration: { expectedErrors: [], mutedErrors: [] },
  features: [],
} as const;

type Defaults = typeof definitionDefaults;

/**
 * Declares one entry. The `const` type parameter keeps names and `internal` markers as
 * literal types; omitted fields take `definitionDefaults`.
 */
export function defineComponent<const D extends ComponentDefinitionInput>(
  definition: D,
): Omit<Defaults, keyof D> & D {
  return { ...definitionDefaults, ...definition } as Omit<Defaults, keyof D> & D;
}

/** SPEC.md §9: the per-component enable flag. */
export const enableFlag = <K extends string>(key: K) => `enable_${key}_component` as const;
