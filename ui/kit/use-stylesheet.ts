/**
 * A view's own stylesheet, adopted into its document while it is mounted (a constructed
 * stylesheet, which the frames' strict CSP allows; nothing inline). For a view whose layout
 * only it needs (the UI library page as a component), so the kit's stylesheet, which every
 * frame loads at first paint, does not carry it.
 *
 * "Its document" is the frame's, unless the view renders inside a preview frame of the
 * debug tools (`PreviewFrame`), which names its own document through `StyleDocument`.
 */
import { createContext, useContext, useLayoutEffect } from "react";

/** The document views below adopt their stylesheets into (default: the frame's own). */
export const StyleDocument = createContext<Document | null>(null);

export function useStylesheet(css: string): void {
  const target = useContext(StyleDocument);
  useLayoutEffect(() => {
    const doc = target ?? document;
    // A constructed sheet can only be adopted by the document whose window made it.
    const Sheet = doc.defaultView?.CSSStyleSheet ?? CSSStyleSheet;
    const sheet = new Sheet();
    sheet.replaceSync(css);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return () => {
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [css, target]);
}
