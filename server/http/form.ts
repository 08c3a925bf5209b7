/**
 * Bracket-nested parameters, as form bodies and query strings carry them:
 * `a[b][c]=1` → `{a: {b: {c: "1"}}}`, `a[]=x&a[]=y` → `{a: ["x", "y"]}`,
 * `a[0][k]=x&a[1][k]=y` → `{a: [{k: "x"}, {k: "y"}]}`.
 *
 * Untrusted input stays bounded: nesting depth, array length and the number of parameters
 * are capped, and every refusal names the offending parameter so the 400 can say which.
 */
export interface FormLimits {
  /** Bracket segments after the name: `a[b][c]` has depth 2. */
  maxDepth: number;
  maxArrayLength: number;
  maxParameters: number;
}

export const defaultFormLimits: FormLimits = {
  maxDepth: 5,
  maxArrayLength: 100,
  maxParameters: 1000,
};

export class FormError extends Error {
  readonly param: string;
  readonly code: string;
  constructor(param: string, message: string, code = "parameter_invalid") {
    super(message);
    this.name = "FormError";
    this.param = param;
    this.code = code;
  }
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue };

/** A container is "empty" until its first child decides whether it is an object or an array. */
interface Node {
  kind: "empty" | "object" | "array";
  entries: Map<string, Node | string>;
  items: Map<number, Node | string>;
  appended: number;
}

const newNode = (kind: Node["kind"] = "empty"): Node => ({
  kind,
  entries: new Map(),
  items: new Map(),
  appended: 0,
});

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
const INDEX = /^(?:0|[1-9]\d{0,5})$/;

function parseKey(raw: string): string[] {
  const m = KEY.exec(raw);
  if (!m) throw new FormError(raw, `Invalid parameter name: ${raw}`);
  return [m[1]!, ...Array.from(m[2]!.matchAll(SEGMENT), (s) => s[1]!)];
}

/** Writes the bracket form of a path, as the error's `param` names it. */
export function bracketPath(path: readonly (string | number)[]): string {
  const [head, ...rest] = path;
  return `${head ?? ""}${rest.map((p) => `[${p}]`).join("")}`;
}

export function parseBracketed(
  pairs: Iterable<[string, string]>,
  limits: FormLimits = defaultFormLimits,
): Record<string, FormValue> {
  const root = newNode("object");
  let count = 0;
  for (const [rawKey, value] of pairs) {
    if (++count > limits.maxParameters) {
      throw new FormError(
        rawKey,
        `Too many parameters (at most ${limits.maxParameters}).`,
        "parameter_too_many",
      );
    }
    const segments = parseKey(rawKey);
    if (segments.length - 1 > limits.maxDepth) {
      throw new FormError(
        rawKey,
        `Parameter ${rawKey} is nested too deeply (at most ${limits.maxDepth} levels).`,
        "parameter_too_deep",
      );
    }
    insert(root, segments, value, limits);
  }
  return materialise(root) as Record<string, FormValue>;
}

function insert(root: Node, segments: string[], value: string, limits: FormLimits) {
  let node = root;
  const path: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    const here = bracketPath(path);
    // `[]` appends and `[n]` indexes an array; any other segment names an object key.
    const arrayStep = i > 0 && (segment === "" || INDEX.test(segment));
    if (node.kind === "empty") node.kind = arrayStep ? "array" : "object";
    if ((node.kind === "array") !== arrayStep) {
      throw new FormError(here, `Parameter ${here} mixes an array and a hash.`);
    }
    let existing: Node | string | undefined;
    let put: (child: Node | string) => void;
    if (node.kind === "array") {
      const array = node;
      let index: number;
      if (segment === "") {
        if (!last) {
          throw new FormError(`${here}[]`, `Parameter ${here}: [] may only end a name.`);
        }
        index = array.appended;
        while (array.items.has(index)) index++;
        array.appended = index + 1;
      } else {
        index = Number(segment);
      }
      if (index >= limits.maxArrayLength) {
        throw new FormError(
          here,
          `Parameter ${here} has too many items (at most ${limits.maxArrayLength}).`,
          "parameter_array_too_long",
        );
      }
      existing = array.items.get(index);
      put = (child) => array.items.set(index, child);
      path.push(String(index));
    } else {
      const object = node;
      existing = object.entries.get(segment);
      put = (child) => object.entries.set(segment, child);
      path.push(segment);
    }
    const param = bracketPath(path);
    if (last) {
      if (existing !== undefined) {
        throw new FormError(param, `Parameter ${param} is given more than once.`);
      }
      put(value);
      return;
    }
    if (typeof existing === "string") {
      throw new FormError(param, `Parameter ${param} is both a value and a hash.`);
    }
    if (existing) {
      node = existing;
    } else {
      const child = newNode();
      put(child);
      node = child;
    }
  }
}

function materialise(node: Node | string): FormValue {
  if (typeof node === "string") return node;
  if (node.kind === "array") {
    // Sparse indexes (a[0], a[5]) close up, in index order.
    return [...node.items.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => materialise(v));
  }
  // Object.fromEntries defines own properties, so `__proto__` stays a plain (rejected) key.
  return Object.fromEntries([...node.entries].map(([k, v]) => [k, materialise(v)]));
}

/** The inverse of `parseBracketed`: `{a: {b: ["x"]}}` → `a[b][0]=x`. Undefined is left out. */
export function encodeBracketed(value: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  const walk = (v: unknown, path: (string | number)[]) => {
    if (v === undefined) return;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(item, [...path, i]);
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) walk(child, [...path, k]);
    } else out.append(bracketPath(path), String(v ?? ""));
  };
  walk(value, []);
  return out;
}
