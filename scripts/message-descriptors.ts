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

/** What a descriptor's `defaultMessage` becomes in the build: its en-US message, compiled. */
export const englishMessageFunction = "$$englishMessage";

/**
 * Every descriptor passed to `defineMessages` / `defineMessage` in `code`, each with the
 * ranges of its `defaultMessage` and `description` properties (with the comma after each).
 */
function descriptorsOf(code: string, parse: (code: string) => unknown) {
  const found: { id: unknown; text?: [number, number]; note?: [number, number] }[] = [];
  const descriptor = (node: Node | undefined) => {
    if (node?.type !== "ObjectExpression") return;
    const entry: (typeof found)[number] = { id: undefined };
    for (const property of node.properties as Node[]) {
      const key = property.key as Node | undefined;
      const name = key?.type === "Identifier" ? key.name : key?.value;
      if (property.type !== "Property") continue;
      if (name === "id") entry.id = (property.value as Node).value;
      if (!descriptorKeys.has(name as string)) continue;
      // The property and the comma after it, when there is one.
      let end = property.end;
      while (/\s/.test(code[end] ?? "")) end++;
      const range: [number, number] = [property.start, code[end] === "," ? end + 1 : property.end];
      if (name === "defaultMessage") entry.text = range;
      else entry.note = range;
    }
    found.push(entry);
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
  return found;
}

/** `code` with each range replaced: blanked (spaces, line breaks kept) or by the given text. */
function replaceRanges(code: string, edits: { range: [number, number]; text?: string }[]) {
  let out = code;
  for (const { range, text } of edits.sort((a, b) => b.range[0] - a.range[0])) {
    const [start, end] = range;
    const [first = "", ...rest] = out.slice(start, end).replace(/[^\n]/g, " ").split("\n");
    // The replacement over the range's first line; its line breaks stay, so no line moves.
    const put = [text === undefined ? first : text.padEnd(first.length), ...rest].join("\n");
    out = out.slice(0, start) + put + out.slice(end);
  }
  return out;
}

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
  const ranges = descriptorsOf(code, parse).flatMap(({ text, note }) =>
    [text, note].filter((r) => r !== undefined),
  );
  if (ranges.length === 0) return undefined;
  return replaceRanges(
    code,
    ranges.map((range) => ({ range })),
  );
}

/**
 * `code` with every descriptor's `description` blanked (as above) and its `defaultMessage`
 * replaced by its en-US message as `english(id)` gives it (the catalogue's, compiled: the AST
 * react-intl formats without a parser), so a frame in en-US needs no catalogue: react-intl
 * formats a descriptor's default message when its locale is the default one. The messages
 * are one JSON string at the end of the module, read once by a hoisted function (a
 * descriptor is built at the module's top, before any `const` after it). No line moves; a
 * column after a short message on its line may. Throws for a descriptor without a literal
 * id or with an id the catalogue lacks. Undefined when there is no descriptor.
 */
export function compileDescriptorTexts(
  code: string,
  parse: (code: string) => unknown,
  english: (id: string) => unknown,
): string | undefined {
  if (!/\bdefineMessages?\(/.test(code)) return undefined;
  if (code.includes(englishMessageFunction))
    throw new Error(`the module already uses the name ${englishMessageFunction}`);
  const found = descriptorsOf(code, parse);
  if (found.length === 0) return undefined;
  const messages: unknown[] = [];
  const edits: { range: [number, number]; text?: string }[] = [];
  for (const { id, text, note } of found) {
    if (note) edits.push({ range: note });
    if (!text) continue;
    if (typeof id !== "string")
      throw new Error("a message descriptor's id is not a literal string");
    const message = english(id);
    if (message === undefined) throw new Error(`message "${id}" is not in the en-US catalogue`);
    const comma = code[text[1] - 1] === "," ? "," : "";
    edits.push({
      range: text,
      text: `defaultMessage:${englishMessageFunction}(${messages.length})${comma}`,
    });
    messages.push(message);
  }
  const out = replaceRanges(code, edits);
  const json = JSON.stringify(JSON.stringify(messages));
  return `${out}\nfunction ${englishMessageFunction}(i){return(${englishMessageFunction}.m??=JSON.parse(${json}))[i]}\n`;
}
