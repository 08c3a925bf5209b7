// biome-ignore-all lint/a11y/noNoninteractiveElementToInteractiveRole: the APG listbox of a combobox (ul/li with listbox/option roles).
// biome-ignore-all lint/a11y/useFocusableInteractive: options are reached by aria-activedescendant; focus stays in the input.
// biome-ignore-all lint/a11y/useKeyWithClickEvents: the input handles the keys of the options.
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { cx } from "./cx.ts";
import { Field, type FieldError } from "./field.view.tsx";

export interface ComboboxOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface ComboboxProps {
  /** The control's id, when a form links to it (ErrorSummary); otherwise generated. */
  id?: string;
  label: ReactNode;
  /** The chosen option's value; "" for none. */
  value: string;
  onChange: (value: string) => void;
  /** The options to filter as the user types (a fixed list). */
  options?: readonly ComboboxOption[];
  /**
   * Or: options fetched for what was typed. Called on each change of the text; an answer to an
   * older query than the latest is ignored. A rejection shows no options.
   */
  loadOptions?: (query: string) => Promise<readonly ComboboxOption[]>;
  /** The label of `value` when `options` is not given (async lists do not hold it). */
  valueLabel?: string;
  description?: ReactNode;
  error?: FieldError;
  placeholder?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  autoComplete?: string;
  onBlur?: () => void;
}

/** Case- and accent-insensitive, so "sao" finds "São Paulo". */
export const foldForSearch = (text: string): string =>
  text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .toLocaleLowerCase();

/** The options whose label contains the query (all of them for an empty query). */
export function filterOptions(
  options: readonly ComboboxOption[],
  query: string,
): readonly ComboboxOption[] {
  const q = foldForSearch(query.trim());
  return q === "" ? options : options.filter((o) => foldForSearch(o.label).includes(q));
}

/**
 * An editable combobox with a list popup (WAI-ARIA APG "combobox with list autocomplete"):
 * typing filters the options and highlights the first, ArrowDown/ArrowUp move the highlight
 * (aria-activedescendant: focus stays in the input), Enter or a click chooses, Escape closes
 * (a second Escape clears the field and the choice), and leaving the field restores the chosen option's label,
 * so the text never shows a value that was not chosen.
 */
export function Combobox({
  id,
  label,
  value,
  onChange,
  options,
  loadOptions,
  valueLabel,
  description,
  error,
  placeholder,
  required = false,
  disabled = false,
  name,
  autoComplete = "off",
  onBlur,
}: ComboboxProps) {
  const intl = useIntl();
  const chosenLabel = options?.find((o) => o.value === value)?.label ?? valueLabel ?? value;
  const [text, setText] = useState(chosenLabel);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loaded, setLoaded] = useState<{ query: string; options: readonly ComboboxOption[] }>();
  const [loading, setLoading] = useState(false);
  const latestQuery = useRef(0);
  const listRef = useRef<HTMLUListElement>(null);

  // The chosen value changed from outside (or its label did, e.g. a locale switch).
  useEffect(() => {
    if (!open) setText(chosenLabel);
  }, [chosenLabel, open]);

  const shown: readonly ComboboxOption[] = options
    ? filterOptions(options, text === chosenLabel && !loaded ? "" : text)
    : (loaded?.options ?? []);

  const load = (query: string) => {
    if (!loadOptions) return;
    const ticket = ++latestQuery.current;
    setLoading(true);
    loadOptions(query).then(
      (found) => {
        if (ticket !== latestQuery.current) return;
        setLoaded({ query, options: found });
        setLoading(false);
        setActive(found.findIndex((o) => !o.disabled));
      },
      () => {
        if (ticket !== latestQuery.current) return;
        setLoaded({ query, options: [] });
        setLoading(false);
      },
    );
  };

  const firstEnabled = (list: readonly ComboboxOption[]) => list.findIndex((o) => !o.disabled);

  const openList = (query: string) => {
    setOpen(true);
    if (loadOptions) load(query);
  };

  const close = (restore: boolean) => {
    setOpen(false);
    setActive(-1);
    latestQuery.current++;
    setLoading(false);
    if (restore) setText(chosenLabel);
  };

  const choose = (option: ComboboxOption) => {
    if (option.disabled) return;
    setText(option.label);
    close(false);
    setLoaded(undefined);
    onChange(option.value);
  };

  const move = (from: number, step: 1 | -1): number => {
    const n = shown.length;
    for (let i = 1; i <= n; i++) {
      const next = (((from + step * i) % n) + n) % n;
      if (!shown[next]?.disabled) return next;
    }
    return -1;
  };

  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.children[active];
    if (el instanceof HTMLElement) el.scrollIntoView?.({ block: "nearest" });
  }, [open, active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        if (!open) {
          openList(text === chosenLabel ? "" : text);
          const current = shown.findIndex((o) => o.value === value);
          setActive(event.altKey ? -1 : current >= 0 ? current : firstEnabled(shown));
          return;
        }
        if (!event.altKey) setActive((i) => move(i < 0 && step === -1 ? 0 : i, step));
        return;
      }
      case "Enter": {
        const option = open ? shown[active] : undefined;
        if (option) {
          event.preventDefault();
          choose(option);
        }
        return;
      }
      case "Escape":
        if (open) {
          event.preventDefault();
          close(true);
        } else if (text !== "") {
          // Closed: Escape clears the field, and with it the choice.
          event.preventDefault();
          setText("");
          if (value !== "") onChange("");
        }
        return;
      case "Tab":
        if (open) close(true);
        return;
    }
  };

  return (
    <Field id={id} label={label} description={description} error={error}>
      {(control) => {
        const listId = `${control.id}-listbox`;
        const optionId = (i: number) => `${control.id}-option-${i}`;
        const status = loading
          ? intl.formatMessage(kitMessages.loading)
          : shown.length === 0
            ? intl.formatMessage(kitMessages.comboboxNoOptions)
            : "";
        return (
          <div className="kit-combobox">
            <input
              {...control}
              className="kit-input kit-combobox__input"
              type="text"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={open}
              aria-controls={listId}
              aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
              value={text}
              name={name}
              placeholder={placeholder}
              required={required}
              disabled={disabled}
              autoComplete={autoComplete}
              onChange={(event) => {
                const next = event.target.value;
                setText(next);
                setOpen(true);
                if (loadOptions) load(next);
                else setActive(firstEnabled(filterOptions(options ?? [], next)));
                // Emptying the text clears the choice; anything else waits for a choice.
                if (next === "" && value !== "") onChange("");
              }}
              onKeyDown={onKeyDown}
              onClick={() => {
                if (!open) openList("");
              }}
              onBlur={() => {
                close(true);
                onBlur?.();
              }}
            />
            <div className="kit-combobox__popup" hidden={!open}>
              <ul
                ref={listRef}
                id={listId}
                role="listbox"
                aria-labelledby={`${control.id}-label`}
                className="kit-combobox__list"
              >
                {open
                  ? shown.map((option, i) => (
                      <li
                        key={option.value}
                        id={optionId(i)}
                        role="option"
                        aria-selected={i === active}
                        aria-disabled={option.disabled || undefined}
                        className={cx(
                          "kit-combobox__option",
                          i === active && "kit-combobox__option--active",
                          option.value === value && "kit-combobox__option--chosen",
                        )}
                        // Keep focus in the input: the click chooses, the input stays focused.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => choose(option)}
                      >
                        {option.label}
                      </li>
                    ))
                  : null}
              </ul>
              {open && status ? (
                <div className="kit-body-sm kit-secondary-text kit-combobox__status">{status}</div>
              ) : null}
            </div>
            <div className="kit-visually-hidden" role="status">
              {open ? status : ""}
            </div>
          </div>
        );
      }}
    </Field>
  );
}
