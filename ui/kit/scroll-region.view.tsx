import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from "react";

/**
 * A box that scrolls sideways when its content is wider than it is (a table at 360px). While
 * it scrolls it is a named region in the tab order, so a keyboard user can reach and scroll
 * it (WCAG 2.1.1; axe's scrollable-region-focusable); while everything fits it adds no tab
 * stop. Measured after each render (new rows can overflow a table whose own box keeps its
 * width) and on each resize of the box (a narrower frame).
 */
export function ScrollRegion(props: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  const measure = () => {
    const element = box.current;
    if (element) setScrolls(element.scrollWidth > element.clientWidth + 1);
  };
  useLayoutEffect(measure);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      setScrolls(element.scrollWidth > element.clientWidth + 1);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={box}
      className="kit-table-wrap"
      {...(scrolls ? { tabIndex: 0, role: "region", "aria-label": props.label } : {})}
    >
      {props.children}
    </div>
  );
}
