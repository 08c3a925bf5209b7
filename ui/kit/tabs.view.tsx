import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cx } from "./cx.ts";

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  /** Names the tab list (aria-label). */
  label: string;
  items: readonly TabItem[];
  /** The selected tab's id. */
  value: string;
  onValueChange: (id: string) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys (mirrored right-to-left), Home and End
 * move focus and select at once. Only the selected tab is a Tab stop (roving tabindex); every
 * panel stays in the DOM, hidden, so each tab's aria-controls points at a real element.
 */
export function Tabs({ label, items, value, onValueChange }: TabsProps) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const enabled = items.filter((item) => !item.disabled);

  const select = (item: TabItem | undefined) => {
    if (!item) return;
    onValueChange(item.id);
    const tabs = listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];
    for (const tab of tabs) if (tab.dataset.tabId === item.id) tab.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = enabled.findIndex((item) => item.id === value);
    const rtl = listRef.current?.closest("[dir]")?.getAttribute("dir") === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: TabItem | undefined;
    if (step !== undefined) next = enabled[(at + step + enabled.length) % enabled.length];
    else if (event.key === "Home") next = enabled[0];
    else if (event.key === "End") next = enabled[enabled.length - 1];
    else return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className="kit-tabs">
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className="kit-tabs__list"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.id === value;
          return (
            // Not a <button>: the roving tabindex keeps one Tab stop per tab list, and the
            // list's arrow keys are the keyboard path to every tab.
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled on the tablist
            <div
              key={item.id}
              role="tab"
              id={`${id}-tab-${item.id}`}
              data-tab-id={item.id}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.id}`}
              aria-disabled={item.disabled || undefined}
              tabIndex={selected ? 0 : -1}
              className={cx("kit-tabs__tab", selected && "kit-tabs__tab--selected")}
              onClick={() => {
                if (!item.disabled) select(item);
              }}
            >
              {item.label}
            </div>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${id}-panel-${item.id}`}
          aria-labelledby={`${id}-tab-${item.id}`}
          hidden={item.id !== value}
          // Focusable, as the pattern asks, so a panel without controls is still reached.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabpanel is a Tab stop
          tabIndex={0}
          className="kit-tabs__panel"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
