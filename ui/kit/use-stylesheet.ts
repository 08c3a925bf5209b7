/**
 * A view's own stylesheet, adopted into its document while it is mounted (a constructed
 * stylesheet, which the frames' strict CSP allows; nothing inline). For a view whose layout
 * only it needs (the UI library page as a component), so the kit's stylesheet, which every
 * frame loads at first paint, does not carry it.
 */
import { useLayoutEffect } from "react";

export function useStylesheet(css: string): void {
  useLayoutEffect(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, [css]);
}
