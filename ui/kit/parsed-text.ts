import { useEffect, useRef, useState } from "react";
import type { FieldError } from "./field.view.tsx";

/** What a field's text means: its value (null when empty or unreadable) and its own error. */
export interface Parsed<T> {
  value: T | null;
  error?: FieldError;
}

export interface ParsedTextOptions<T> {
  /** The value the form holds. */
  value: T | null;
  /** How a value is written in the field. */
  format: (value: T) => string;
  /** Reads the typed text. */
  parse: (text: string) => Parsed<T>;
  onValueChange: (value: T | null, error?: FieldError) => void;
  /** The form's own error (e.g. from the API); shown instead of the field's own. */
  error?: FieldError | undefined;
  /** Rewrites valid text in its usual form once the field is left (IBAN, phone). */
  reformatOnBlur?: boolean;
  onBlur?: (() => void) | undefined;
}

/**
 * The text state behind every input that hands out a parsed value: keeps what the user typed
 * while it is edited; when the form sets a value other than the one last handed out, shows
 * that value instead; shows the field's own error once the field was left. Returns the
 * TextField props it controls.
 */
export function useParsedText<T>(options: ParsedTextOptions<T>) {
  const { value, format, parse, onValueChange, error, reformatOnBlur = false, onBlur } = options;
  const write = (v: T | null) => (v === null ? "" : format(v));
  const [text, setText] = useState(() => write(value));
  const [touched, setTouched] = useState(false);
  const emitted = useRef(value);
  const writeRef = useRef(write);
  writeRef.current = write;
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    setText(writeRef.current(value));
  }, [value]);

  const own = parse(text);
  return {
    value: text,
    error: error ?? (touched ? own.error : undefined),
    onChange: (next: string) => {
      const result = parse(next);
      emitted.current = result.value;
      setText(next);
      onValueChange(result.value, result.error);
    },
    onBlur: () => {
      setTouched(true);
      if (reformatOnBlur && own.value !== null) setText(format(own.value));
      onBlur?.();
    },
  };
}
