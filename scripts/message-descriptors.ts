/**
 * Message descriptors by id only, for the connect host's bundles (vite.config.ts). A view's
 * `defineMessages({ key: { id, defaultMessage, description } })` stays the one source of its
 * message: `npm run i18n:extract` and the catalogue tests read the English text there. In a
 * frame only `id` is ever read, because every locale's catalogue holds every id
 * (ui/i18n/catalogue.test.ts) and the catalogue is what react-intl formats; the English text
 * and the translator's note are dead weight (about 4 KB min+gzip of a list frame).
 */

/** The ESTree node shape this needs (what Vite's `parseAst` returns). */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const descriptorKeys = new Set(["defaultMessage", "description"]);

/**
 * `code` (JavaScript, types already stripped) with the `defaultMessage` and `description` of
 * every descriptor passed to `defineMessages` / `defineMessage` blanked: replaced by as many
 * spaces (line breaks kept), so that no position moves and a source map of `code` stays true
 * of the result. Undefined when there is nothing to blank.
 */
export function blankDescriptorTexts(
  code: string,
  parse: (code: string) => unknown,
): string | undefined {
  if (!/\bdefineMessages?\(/.test(code)) return undefined;
  const blanks: [number, number][] = [];
  const descriptor = (node: Node | undefined) => {
    if (node?.type !== "ObjectExpression") return;
    for (const property of node.properties as Node[]) {
      const key = property.key as Node | undefined;
      const name = key?.type === "Identifier" ? key.name : key?.value;
      if (property.type !== "Property" || !descriptorKeys.has(name as string)) continue;
      // The property and the comma after it, when there is one.
      let end = property.end;
      while (/\s/.test(code[end] ?? "")) end++;
      blanks.push([property.start, code[end] === "," ? end + 1 : property.end]);
    }
  };
  const visit = (value: unknown): void => {
    if (!value || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    const node = value as Node;
    const callee = node.type === "CallExpression" ? (node.callee as Node) : undefined;
    const name = callee?.type === "Identifier" ? callee.name : undefined;
    const [first] = (node.arguments ?? []) as Node[];
    if (name === "defineMessages" && first?.type === "ObjectExpression")
      for (const entry of first.properties as Node[]) descriptor(entry.value as Node | undefined);
    else if (name === "defineMessage") descriptor(first);
    for (const child of Object.values(node)) visit(child);
  };
  visit(parse(code));
  if (blanks.length === 0) return undefined;
  let out = code;
  for (const [start, end] of blanks.reverse())
    out = out.slice(0, start) + out.slice(start, end).replace(/[^\n]/g, " ") + out.slice(end);
  return out;
}
