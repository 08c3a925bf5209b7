/**
 * The component catalogue: every tag of SPEC.md §2 (plus recipients from §1), assembled from
 * the domain files under `entries/`, and the lookups and input validation other parts use.
 */
import type { z } from "zod";
import { safeParse } from "zod/v4/core";
import { tagName } from "../provider.ts";
import { catalogue } from "./catalogue.ts";
import type { ComponentDefinition } from "./definition.schema.ts";
import { type AccountType, accountTypeAllows, describeIssues } from "./inputs.schema.ts";
import type {
  AttributeName,
  AttributeValue,
  Catalogue,
  ComponentName,
  PublicComponentName,
  ResolvedName,
  SetterName,
  SetterValue,
  TagName,
} from "./types.ts";

export type * from "./types.ts";
export { catalogue };

/** Every component name, in catalogue order. */
export const componentNames = Object.keys(catalogue) as ComponentName[];

/** Every entry with its name, widened to the schema type (for generic loops). */
export function catalogueEntries(): [ComponentName, ComponentDefinition][] {
  return componentNames.map((n) => [n, catalogue[n] as ComponentDefinition]);
}

export function isComponentName(name: string): name is ComponentName {
  return Object.hasOwn(catalogue, name);
}

/** The entry of a component (an alias returns its own entry, which reuses its target's). */
export function getDefinition<N extends ComponentName>(name: N): Catalogue[N];
export function getDefinition(name: string): ComponentDefinition | undefined;
export function getDefinition(name: string): ComponentDefinition | undefined {
  return isComponentName(name) ? (catalogue[name] as ComponentDefinition) : undefined;
}

/** The component an alias stands for (`app-onboarding` → `app-install`); others unchanged. */
export function resolveAlias<N extends ComponentName>(name: N): ResolvedName<N>;
export function resolveAlias(name: string): string;
export function resolveAlias(name: string): string {
  const definition = getDefinition(name);
  return definition?.aliasOf ?? name;
}

/** Components a platform may embed (ga and preview, aliases included). */
export function publicComponents(): PublicComponentName[] {
  return componentNames.filter((n) => {
    const state = catalogue[n].releaseState;
    return state === "ga" || state === "preview";
  }) as PublicComponentName[];
}

/** The full tag of a component (`{prefix}-<name>`). */
export const tagOf = <N extends ComponentName>(name: N): TagName<N> => tagName(name);

// ---------------------------------------------------------------------------------------------
// Input validation
// ---------------------------------------------------------------------------------------------

export type CatalogueInputErrorCode =
  | "unknown_component"
  | "unknown_attribute"
  | "unknown_setter"
  | "invalid_attribute"
  | "invalid_setter_value"
  | "internal_not_allowed"
  | "account_type_not_supported";

export interface CatalogueInputError {
  code: CatalogueInputErrorCode;
  component: string;
  /** The attribute or setter name. */
  name: string;
  /** One short readable sentence, e.g. `reporting-chart report-name: must be ... (got "foo")`. */
  message: string;
}

export type InputResult<T> = { ok: true; value: T } | { ok: false; error: CatalogueInputError };

export interface InputOptions {
  /**
   * Whether internal attributes and setters are honoured here (SPEC.md §6; the caller decides,
   * e.g. with `internalOverridesAllowed` of the provider module). Defaults to true.
   */
  allowInternal?: boolean;
  /** When known, enforces the custom-accounts-only rule of SPEC.md §5. */
  accountType?: AccountType;
  /**
   * The element's current setter values by target (`intervalStart`, …): a setter whose value
   * must be ordered with another one (an interval's end not before its start) is checked
   * against them.
   */
  setters?: Readonly<Record<string, unknown>>;
}

/** Setter targets whose values must be in order: the first not after the second. */
const orderedTargets: readonly (readonly [string, string])[] = [["intervalStart", "intervalEnd"]];

const timeOf = (value: unknown) => (value instanceof Date ? value.getTime() : undefined);

/** Why `value` for `target` is out of order with the other setter of its pair, if it is. */
function outOfOrder(
  target: string,
  value: unknown,
  setters: Readonly<Record<string, unknown>> | undefined,
): string | undefined {
  for (const [first, second] of orderedTargets) {
    if (target !== first && target !== second) continue;
    const other = target === first ? second : first;
    const mine = timeOf(value);
    const theirs = timeOf(setters?.[other]);
    if (mine === undefined || theirs === undefined) continue;
    const [start, end] = target === first ? [mine, theirs] : [theirs, mine];
    if (end < start) return `must not make ${second} earlier than ${first}`;
  }
  return undefined;
}

type AttributeResult<N extends string, A extends string> = N extends ComponentName
  ? A extends AttributeName<N>
    ? AttributeValue<N, A>
    : unknown
  : unknown;

type SetterResult<N extends string, M extends string> = N extends ComponentName
  ? M extends SetterName<N>
    ? SetterValue<N, M>
    : unknown
  : unknown;

const fail = (
  code: CatalogueInputErrorCode,
  component: string,
  name: string,
  message: string,
): { ok: false; error: CatalogueInputError } => ({
  ok: false,
  error: { code, component, name, message: `${component} ${name}: ${message}` },
});

const shown = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

function checkItem(
  component: string,
  item: { name: string; internal: boolean; customAccountsOnly?: boolean | undefined },
  options: InputOptions,
): { ok: false; error: CatalogueInputError } | undefined {
  if (item.internal && options.allowInternal === false) {
    return fail("internal_not_allowed", component, item.name, "is internal and not for platforms");
  }
  if (options.accountType && !accountTypeAllows(item, options.accountType)) {
    return fail(
      "account_type_not_supported",
      component,
      item.name,
      `is supported only for custom accounts (this account is ${options.accountType})`,
    );
  }
  return undefined;
}

/** Parses a raw attribute string with the schema the catalogue attaches to it. */
export function validateAttribute<N extends string, A extends string>(
  component: N,
  attribute: A,
  raw: string,
  options: InputOptions = {},
): InputResult<AttributeResult<N, A>> {
  const definition = getDefinition(component);
  if (!definition) return fail("unknown_component", component, attribute, "is not a component");
  const item = definition.htmlAttributes.find((a) => a.name === attribute);
  if (!item) return fail("unknown_attribute", component, attribute, "is not an attribute of it");
  const refused = checkItem(component, item, options);
  if (refused) return refused;
  if (!item.schema) return { ok: true, value: raw as AttributeResult<N, A> };
  const parsed = safeParse(item.schema as z.core.$ZodType, raw);
  if (!parsed.success) {
    return fail(
      "invalid_attribute",
      component,
      attribute,
      `${describeIssues(parsed.error)} (got ${shown(raw)})`,
    );
  }
  return { ok: true, value: parsed.data as AttributeResult<N, A> };
}

/**
 * Checks a setter's argument with the method's schema. The value returned is the parsed one
 * (what the component stores).
 */
export function validateSetter<N extends string, M extends string>(
  component: N,
  method: M,
  value: unknown,
  options: InputOptions = {},
): InputResult<SetterResult<N, M>> {
  const definition = getDefinition(component);
  if (!definition) return fail("unknown_component", component, method, "is not a component");
  const item = definition.customHtmlElementMethods.find((m) => m.name === method);
  if (!item) return fail("unknown_setter", component, method, "is not a setter of it");
  const refused = checkItem(component, item, options);
  if (refused) return refused;
  const parsed = safeParse(item.schema as z.core.$ZodType, value);
  if (!parsed.success) {
    return fail("invalid_setter_value", component, method, describeIssues(parsed.error));
  }
  const target = "target" in item && item.target.kind === "object" ? item.target.name : undefined;
  const unordered = target ? outOfOrder(target, parsed.data, options.setters) : undefined;
  if (unordered) return fail("invalid_setter_value", component, method, unordered);
  return { ok: true, value: parsed.data as SetterResult<N, M> };
}

/**
 * SPEC.md §5: the terms-of-service and privacy-policy URL setters and the skip-terms setter
 * (and the attributes they set) are supported only for custom accounts. True when the named
 * attribute or setter may be used for an account of this type; unknown names are false.
 */
export function supportsAccountType(
  component: string,
  input: string,
  accountType: AccountType,
): boolean {
  const definition = getDefinition(component);
  const item =
    definition?.htmlAttributes.find((a) => a.name === input) ??
    definition?.customHtmlElementMethods.find((m) => m.name === input);
  return item ? accountTypeAllows(item, accountType) : false;
}
