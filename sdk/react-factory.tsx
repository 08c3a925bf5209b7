/**
 * The React wrappers (`<package>/react`, entry `react.tsx`): `ConnectComponentsProvider` and
 * one component per public catalogue tag, made by one generic factory over the catalogue manifest, with prop
 * types derived from the catalogue types — never written per component. Each component
 * creates its element with the provider's instance in an effect and removes it in the
 * effect's cleanup, so React StrictMode's mount → unmount → mount leaves exactly one element
 * (one iframe) while mounted and none after. Nothing runs on a server: effects do not.
 *
 * Props, derived from each entry (internal items are left out):
 * - a setter `setX` → prop `x` (`setOnExit` → `onExit`, `setCollectionOptions` →
 *   `collectionOptions`, `setFullTermsOfService` → `fullTermsOfService`), typed as the
 *   setter's argument;
 * - an attribute that no setter targets → its camel-cased name (`payout`, `inline`);
 * - on every component: `onLoaderStart`, `onLoadError`, `onInputError`, `onOverlayChange`,
 *   and `id`, `className`, `style` for the wrapping `<div>`.
 */
import {
  type CSSProperties,
  createContext,
  type DetailedHTMLProps,
  type FunctionComponent,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import type { ConnectInstance } from "../actors/platform/loader.ts";
import type {
  ConnectElement,
  ConnectElementBase,
  LoadErrorDetail,
  LoaderStartDetail,
  OverlayChangeDetail,
} from "../actors/platform/types.ts";
import type { CatalogueInputError } from "../protocol/catalogue/index.ts";
import {
  catalogueManifest,
  type PlatformManifestEntry as ManifestEntry,
} from "../protocol/catalogue/manifest.ts";
import type {
  AttributeNameOf,
  AttributeValueOf,
  ComponentAttributes,
  ComponentName,
  PublicCatalogue,
  PublicComponentName,
  SetterArgumentOf,
  SetterNameOf,
  TagName,
} from "../protocol/catalogue/types.ts";
import { tagName } from "../protocol/provider.ts";

// -------------------------------------------------------------------------------------------
// Prop types, derived
// -------------------------------------------------------------------------------------------

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;
type PascalCase<S extends string> = Capitalize<CamelCase<S>>;
/** `setOnExit` → `onExit`. */
type SetterProp<S extends string> = S extends `set${infer Rest}` ? Uncapitalize<Rest> : never;

type Def<N extends PublicComponentName> = PublicCatalogue[N];
type AttributeTargets<N extends PublicComponentName> = Extract<
  Def<N>["customHtmlElementMethods"][number],
  { type: "AttributeSettingMethod" }
>["target"]["name"];

/** One optional prop per public setter, typed as its argument. */
export type SetterProps<N extends PublicComponentName> = {
  [M in SetterNameOf<Def<N>> as SetterProp<M>]?: SetterArgumentOf<Def<N>, M>;
};
/** One optional prop per public attribute that no setter targets. */
export type AttributeProps<N extends PublicComponentName> = {
  [A in Exclude<AttributeNameOf<Def<N>>, AttributeTargets<N>> as CamelCase<A>]?:
    | AttributeValueOf<Def<N>, A>
    | string;
};
/** What every wrapper takes. */
export interface CommonProps {
  onLoaderStart?: (detail: LoaderStartDetail) => void;
  onLoadError?: (detail: LoadErrorDetail) => void;
  /** A bad prop value: not applied; the catalogue's typed error. */
  onInputError?: (detail: CatalogueInputError) => void;
  onOverlayChange?: (detail: OverlayChangeDetail) => void;
  id?: string;
  className?: string;
  style?: CSSProperties;
}
export type ConnectComponentProps<N extends PublicComponentName> = SetterProps<N> &
  AttributeProps<N> &
  CommonProps;

/** `ConnectPayoutsList` for `payouts-list`. */
export type ConnectComponentName<N extends PublicComponentName> = `Connect${PascalCase<N>}`;
/** The same at run time. */
export const connectComponentName = (name: string) => `Connect${camelCase(`-${name}`)}`;

// -------------------------------------------------------------------------------------------
// The provider
// -------------------------------------------------------------------------------------------

const ConnectContext = createContext<{ instance: ConnectInstance | null } | undefined>(undefined);

const isThenable = (value: unknown): value is PromiseLike<ConnectInstance> =>
  typeof (value as { then?: unknown } | null)?.then === "function";

export interface ConnectComponentsProviderProps {
  /** The instance of `loadConnectAndInitialize`, a promise of one, or null (not yet). */
  connectInstance: ConnectInstance | PromiseLike<ConnectInstance> | null;
  children?: ReactNode;
}

/**
 * Gives its components the instance. Until there is one (null, or a promise not yet
 * resolved) the components render nothing; a new instance (or promise) replaces the old one
 * in every mounted component.
 */
export function ConnectComponentsProvider({
  connectInstance,
  children,
}: ConnectComponentsProviderProps) {
  const [settled, setSettled] = useState<{
    promise: PromiseLike<ConnectInstance>;
    instance: ConnectInstance;
  } | null>(null);
  useEffect(() => {
    if (!isThenable(connectInstance)) return;
    let current = true;
    connectInstance.then(
      (instance) => {
        if (current) setSettled({ promise: connectInstance, instance });
      },
      (error: unknown) => {
        if (current)
          console.error("ConnectComponentsProvider: connectInstance was rejected", error);
      },
    );
    return () => {
      current = false;
    };
  }, [connectInstance]);
  const instance = isThenable(connectInstance)
    ? settled?.promise === connectInstance
      ? settled.instance
      : null
    : connectInstance;
  return <ConnectContext value={{ instance }}>{children}</ConnectContext>;
}

/** The provider's instance, or null while there is none. */
export function useConnectInstance(): ConnectInstance | null {
  const context = useContext(ConnectContext);
  if (context === undefined)
    throw new Error("Connect components must be rendered inside <ConnectComponentsProvider>");
  return context.instance;
}

// -------------------------------------------------------------------------------------------
// The generic component factory
// -------------------------------------------------------------------------------------------

type Plan =
  | { kind: "attribute"; attribute: string }
  | { kind: "setter"; setter: string }
  | { kind: "listener"; setter: string };

const uncapitalize = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const camelCase = (text: string) => text.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** prop → how it reaches the element, from the manifest entry (the runtime twin of the types). */
export function propPlan(entry: ManifestEntry): Map<string, Plan> {
  const plan = new Map<string, Plan>();
  const targeted = new Set<string>();
  for (const [setter, type, target, internal] of entry.setters) {
    if (internal) continue;
    if (type === "AttributeSettingMethod") targeted.add(target);
    plan.set(uncapitalize(setter.slice(3)), {
      kind: type === "EventListenerMethod" ? "listener" : "setter",
      setter,
    });
  }
  for (const [attribute, internal] of entry.attributes)
    if (!internal && !targeted.has(attribute))
      plan.set(camelCase(attribute), { kind: "attribute", attribute });
  plan.set("onLoaderStart", { kind: "listener", setter: "setOnLoaderStart" });
  plan.set("onLoadError", { kind: "listener", setter: "setOnLoadError" });
  return plan;
}

type Element = ConnectElementBase & Record<string, unknown>;
type Props = Record<string, unknown>;

/** Applies what changed since `applied` (prop → value last given to the element). */
function applyProps(
  element: Element,
  plan: Map<string, Plan>,
  props: Props,
  latest: { current: Props },
  applied: Map<string, unknown>,
) {
  for (const [prop, how] of plan) {
    const value = props[prop];
    if (how.kind === "listener") {
      const present = typeof value === "function";
      if (applied.get(prop) === present) continue;
      applied.set(prop, present);
      const call = element[how.setter] as (callback: unknown) => void;
      call.call(
        element,
        present
          ? (detail: unknown) => (latest.current[prop] as (d: unknown) => void)?.(detail)
          : undefined,
      );
      continue;
    }
    if (applied.has(prop) ? applied.get(prop) === value : value === undefined) continue;
    applied.set(prop, value);
    if (how.kind === "attribute") {
      if (value === undefined || value === null) element.removeAttribute(how.attribute);
      else element.setAttribute(how.attribute, String(value));
    } else {
      (element[how.setter] as (value: unknown) => void).call(element, value);
    }
  }
}

/** The wrapper of one public component; `connectComponents` holds one per public tag. */
export function connectComponent<N extends PublicComponentName>(
  name: N,
): FunctionComponent<ConnectComponentProps<N>> {
  const entry: ManifestEntry = catalogueManifest[name];
  const tag = tagName(name);
  const plan = propPlan(entry);

  function Component(props: ConnectComponentProps<N>) {
    const instance = useConnectInstance();
    const container = useRef<HTMLDivElement>(null);
    const latest = useRef<Props>(props as Props);
    const applied = useRef(new Map<string, unknown>());
    const [element, setElement] = useState<Element | null>(null);

    useEffect(() => {
      latest.current = props as Props;
    });

    useEffect(() => {
      const host = container.current;
      if (!instance || !host) return;
      const created = instance.create(tag) as unknown as Element;
      const forward = (prop: "onInputError" | "onOverlayChange") => (event: Event) =>
        (latest.current[prop] as ((detail: unknown) => void) | undefined)?.(
          (event as CustomEvent).detail,
        );
      const onInputError = forward("onInputError");
      const onOverlayChange = forward("onOverlayChange");
      created.addEventListener("inputerror", onInputError);
      created.addEventListener("overlaychange", onOverlayChange);
      applied.current = new Map();
      applyProps(created, plan, latest.current, latest, applied.current);
      host.append(created);
      setElement(created);
      return () => {
        created.removeEventListener("inputerror", onInputError);
        created.removeEventListener("overlaychange", onOverlayChange);
        created.remove();
        setElement(null);
      };
    }, [instance]);

    useEffect(() => {
      if (element) applyProps(element, plan, props as Props, latest, applied.current);
    });

    if (!instance) return null;
    const { id, className, style } = props;
    return <div ref={container} id={id} className={className} style={style} />;
  }
  Component.displayName = connectComponentName(name);
  return Component;
}

/** Every public component's wrapper, by its name (`ConnectPayoutsList`). */
export type ConnectComponents = {
  [N in PublicComponentName as ConnectComponentName<N>]: FunctionComponent<
    ConnectComponentProps<N>
  >;
};

export const isPublic = (entry: ManifestEntry) =>
  entry.releaseState !== "internal" && entry.releaseState !== "entry_point";

/** One wrapper per public catalogue tag, generated from the manifest. */
export const connectComponents = Object.fromEntries(
  (Object.entries(catalogueManifest) as [PublicComponentName, ManifestEntry][])
    .filter(([, entry]) => isPublic(entry))
    .map(([name]) => [connectComponentName(name), connectComponent(name)]),
) as ConnectComponents;

// -------------------------------------------------------------------------------------------
// JSX types for the tags themselves (React 19 passes attributes and listeners through)
// -------------------------------------------------------------------------------------------

/** `<prefix-payouts-list>` in JSX: its attributes as strings, and a ref typed for the tag. */
export type ConnectIntrinsicElements = {
  [N in ComponentName as TagName<N>]: Omit<
    DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>,
    "ref"
  > &
    ComponentAttributes<N> & { ref?: Ref<ConnectElement<N>>; class?: string };
};

declare module "react" {
  namespace JSX {
    interface IntrinsicElements extends ConnectIntrinsicElements {}
  }
}
