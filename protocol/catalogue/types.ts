/**
 * TypeScript types derived from the catalogue data: nothing here names a component, an
 * attribute, a setter or an event by hand. Add an item to an entry and it appears here.
 *
 * Two families: `...Of<D>` works on any definition type (so it also works on `PublicOnly<D>`),
 * and `...<N>` is the same keyed by component name.
 */
import type { z } from "zod";
import type { tagName } from "../provider.ts";
import type { catalogue } from "./catalogue.ts";

export type Catalogue = typeof catalogue;
export type ComponentName = keyof Catalogue;
/** `{prefix}-<name>`, through the provider's own prefix. */
export type TagName<N extends ComponentName = ComponentName> = ReturnType<typeof tagName<N>>;

/** The shape every catalogue value has, as far as the derivations below need. */
export interface DefinitionShape {
  readonly releaseState: string;
  readonly htmlAttributes: readonly { readonly name: string; readonly internal: boolean }[];
  readonly htmlEvents: readonly { readonly name: string; readonly internal: boolean }[];
  readonly customHtmlElementMethods: readonly {
    readonly name: string;
    readonly internal: boolean;
    readonly type: string;
  }[];
}

// ---------------------------------------------------------------------------------------------
// On a definition type
// ---------------------------------------------------------------------------------------------

type SchemaOutput<S> = S extends z.core.$ZodType ? z.output<S> : never;
type SchemaInput<S> = S extends z.core.$ZodType ? z.input<S> : never;

export type AttributeNameOf<D extends DefinitionShape> = D["htmlAttributes"][number]["name"];
type AttributeOf<D extends DefinitionShape, A> = Extract<D["htmlAttributes"][number], { name: A }>;
/** The parsed value of an attribute; a plain string when the attribute has no schema. */
export type AttributeValueOf<D extends DefinitionShape, A extends AttributeNameOf<D>> =
  AttributeOf<D, A> extends { schema: infer S } ? SchemaOutput<S> : string;

export type EventNameOf<D extends DefinitionShape> = D["htmlEvents"][number]["name"];
/** The `CustomEvent.detail` of an event; `undefined` when it carries none. */
export type EventDetailOf<D extends DefinitionShape, E> =
  Extract<D["htmlEvents"][number], { name: E }> extends { detail: infer S }
    ? SchemaOutput<S>
    : undefined;

export type SetterNameOf<D extends DefinitionShape> = D["customHtmlElementMethods"][number]["name"];
type MethodOf<D extends DefinitionShape, M> = Extract<
  D["customHtmlElementMethods"][number],
  { name: M }
>;
/**
 * What a platform passes to a setter: for an EventListenerMethod a callback receiving the
 * detail of its target event; otherwise the input type of the method's schema (`z.input`,
 * since a setter may accept more than it stores, e.g. an ISO string for a Date).
 */
export type SetterArgumentOf<D extends DefinitionShape, M extends SetterNameOf<D>> =
  MethodOf<D, M> extends { type: "EventListenerMethod"; target: { name: infer E } }
    ? (detail: EventDetailOf<D, E>) => void
    : MethodOf<D, M> extends { schema: infer S }
      ? SchemaInput<S>
      : never;

/** What a setter stores after validation (`z.output` of its schema). */
export type SetterValueOf<D extends DefinitionShape, M extends SetterNameOf<D>> =
  MethodOf<D, M> extends { type: "EventListenerMethod" }
    ? SetterArgumentOf<D, M>
    : MethodOf<D, M> extends { schema: infer S }
      ? SchemaOutput<S>
      : never;

/** The setter methods of an element. */
export type SettersOf<D extends DefinitionShape> = {
  [M in SetterNameOf<D>]: (value: SetterArgumentOf<D, M>) => void;
};
/** The DOM events of an element, for `addEventListener` typing. */
export type EventMapOf<D extends DefinitionShape> = {
  [E in EventNameOf<D>]: CustomEvent<EventDetailOf<D, E>>;
};
/** The raw (string) attributes of an element. */
export type AttributesOf<D extends DefinitionShape> = {
  [A in AttributeNameOf<D>]?: string;
};

/** A definition without its internal attributes, events and setters. */
export type PublicOnly<D extends DefinitionShape> = Omit<
  D,
  "htmlAttributes" | "htmlEvents" | "customHtmlElementMethods"
> & {
  readonly htmlAttributes: readonly Extract<D["htmlAttributes"][number], { internal: false }>[];
  readonly htmlEvents: readonly Extract<D["htmlEvents"][number], { internal: false }>[];
  readonly customHtmlElementMethods: readonly Extract<
    D["customHtmlElementMethods"][number],
    { internal: false }
  >[];
};

// ---------------------------------------------------------------------------------------------
// By component name
// ---------------------------------------------------------------------------------------------

export type Definition<N extends ComponentName> = Catalogue[N];
export type AttributeName<N extends ComponentName> = AttributeNameOf<Catalogue[N]>;
export type AttributeValue<N extends ComponentName, A extends AttributeName<N>> = AttributeValueOf<
  Catalogue[N],
  A
>;
export type EventName<N extends ComponentName> = EventNameOf<Catalogue[N]>;
export type EventDetail<N extends ComponentName, E extends EventName<N>> = EventDetailOf<
  Catalogue[N],
  E
>;
export type SetterName<N extends ComponentName> = SetterNameOf<Catalogue[N]>;
export type SetterArgument<N extends ComponentName, M extends SetterName<N>> = SetterArgumentOf<
  Catalogue[N],
  M
>;
export type SetterValue<N extends ComponentName, M extends SetterName<N>> = SetterValueOf<
  Catalogue[N],
  M
>;
export type ComponentSetters<N extends ComponentName> = SettersOf<Catalogue[N]>;
export type ComponentEventMap<N extends ComponentName> = EventMapOf<Catalogue[N]>;
export type ComponentAttributes<N extends ComponentName> = AttributesOf<Catalogue[N]>;

/** The component an alias stands for; a non-alias stands for itself. */
export type ResolvedName<N extends ComponentName> = Catalogue[N] extends {
  aliasOf: infer T extends ComponentName;
}
  ? T
  : N;

/** Components a platform may embed: neither internal nor entry points. */
export type PublicComponentName = {
  [N in ComponentName]: Catalogue[N]["releaseState"] extends "internal" | "entry_point" ? never : N;
}[ComponentName];

/** The catalogue as platforms see it (React wrappers and public types are generated from it). */
export type PublicCatalogue = { [N in PublicComponentName]: PublicOnly<Catalogue[N]> };

/** tag → component name, for `HTMLElementTagNameMap`-style declarations. */
export type TagNameMap = { [N in ComponentName as TagName<N>]: N };
