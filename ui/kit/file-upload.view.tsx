import { type ReactNode, useEffect, useId, useReducer, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { kitMessages } from "../i18n/messages.ts";
import { Button } from "./button.view.tsx";
import { cx } from "./cx.ts";
import { type FieldError, useFieldErrorText } from "./field.view.tsx";
import {
  acceptedTypeNames,
  checkFile,
  type FileRules,
  type UploadState,
  uploadReducer,
} from "./file-upload.ts";

/** Formats a byte count in the user's language ("10 MB", "10 Mo"). */
export function useFileSize(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => {
    const [unit, size] =
      bytes >= 1e9
        ? (["gigabyte", bytes / 1e9] as const)
        : bytes >= 1e6
          ? (["megabyte", bytes / 1e6] as const)
          : bytes >= 1e3
            ? (["kilobyte", bytes / 1e3] as const)
            : (["byte", bytes] as const);
    return intl.formatNumber(size, { style: "unit", unit, maximumFractionDigits: 1 });
  };
}

export interface FileUploadViewProps extends FileRules {
  label: ReactNode;
  description?: ReactNode;
  /** What the field shows; a file is named by `name` only, so any object with one will do. */
  state: UploadState<{ name: string }>;
  /** A file was picked or dropped (not yet checked). */
  onChoose: (file: File) => void;
  onCancel: () => void;
  onRetry: () => void;
  disabled?: boolean;
  /** The choose button's id, when a form links to it (ErrorSummary). */
  id?: string;
  /** The form's own error about this field (e.g. from the API); the upload's own wins. */
  error?: FieldError;
}

/**
 * The upload field, pure: a button that opens the file picker and a zone that takes a dropped
 * file, the accepted types and size as help, and the upload's state (a progress bar with
 * Cancel, then the result with Retry where it failed). Outcomes are announced politely.
 */
export function FileUploadView({
  label,
  description,
  accept,
  maxBytes,
  state,
  onChoose,
  onCancel,
  onRetry,
  disabled = false,
  id: buttonId,
  error: formError,
}: FileUploadViewProps) {
  const intl = useIntl();
  const errorText = useFieldErrorText();
  const fileSize = useFileSize();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const types = acceptedTypeNames(accept);
  const help = intl.formatMessage(kitMessages.fileAccepts, {
    types: intl.formatList(types, { type: "disjunction" }),
    size: fileSize(maxBytes),
  });
  const busy = state.status === "uploading";

  let error: string | undefined;
  if (state.status === "refused") {
    error =
      state.refusal.code === "too_large"
        ? intl.formatMessage(kitMessages.fileTooLarge, { size: fileSize(state.refusal.maxBytes) })
        : intl.formatMessage(kitMessages.fileWrongType);
  } else if (state.status === "failed") {
    error = intl.formatMessage(kitMessages.fileFailed, { name: state.file.name });
  } else if (formError) {
    error = errorText(formError);
  }
  const status =
    state.status === "uploaded"
      ? intl.formatMessage(kitMessages.fileUploaded, { name: state.file.name })
      : state.status === "cancelled"
        ? intl.formatMessage(kitMessages.fileCancelled, { name: state.file.name })
        : "";

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file && !busy && !disabled) onChoose(file);
  };

  return (
    <fieldset
      className={cx("kit-fieldset kit-field kit-upload", dragging && "kit-upload--dragging")}
      aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
    >
      <legend className="kit-label-md">{label}</legend>
      {description ? <div className="kit-body-sm kit-secondary-text">{description}</div> : null}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target only; the button is the keyboard's way in */}
      <div
        className="kit-upload__zone"
        onDragOver={(event) => {
          if (busy || disabled) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          take(event.dataTransfer?.files);
        }}
      >
        <input
          ref={inputRef}
          type="file"
          // Never a Tab stop of its own: the button opens it (click() works while hidden).
          hidden
          accept={accept.join(",")}
          disabled={disabled || busy}
          onChange={(event) => {
            take(event.target.files);
            // The same file can be chosen again after a refusal.
            event.target.value = "";
          }}
        />
        <Button id={buttonId} disabled={disabled || busy} onClick={() => inputRef.current?.click()}>
          {intl.formatMessage(kitMessages.fileChoose)}
        </Button>
        <span className="kit-body-sm kit-secondary-text">
          {intl.formatMessage(kitMessages.fileDrop)}
        </span>
      </div>
      <div id={`${id}-help`} className="kit-body-sm kit-secondary-text">
        {help}
      </div>
      {state.status === "uploading" ? (
        <div className="kit-upload__progress">
          <progress
            className="kit-upload__bar"
            max={100}
            value={Math.round(state.progress * 100)}
            aria-label={intl.formatMessage(kitMessages.fileUploading, { name: state.file.name })}
          />
          <span className="kit-body-sm kit-number">
            {intl.formatNumber(state.progress, { style: "percent" })}
          </span>
          <Button onClick={onCancel}>{intl.formatMessage(kitMessages.fileCancel)}</Button>
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="kit-body-sm kit-field__error kit-upload__result">
          <span>{error}</span>
          {state.status === "failed" ? (
            <Button onClick={onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>
          ) : null}
        </div>
      ) : null}
      <div className="kit-body-sm kit-upload__result" role="status">
        {status}
        {state.status === "cancelled" ? (
          <Button onClick={onRetry}>{intl.formatMessage(kitMessages.retry)}</Button>
        ) : null}
      </div>
    </fieldset>
  );
}

export interface FileUploadProps
  extends FileRules,
    Partial<Pick<FileUploadViewProps, "id" | "error">> {
  label: ReactNode;
  description?: ReactNode;
  /**
   * Uploads the file: report progress as a fraction 0..1; resolve when stored, reject when it
   * failed. `signal` aborts when the user cancels (the answer is then ignored).
   */
  onUpload: (
    file: File,
    reportProgress: (fraction: number) => void,
    signal: AbortSignal,
  ) => Promise<void>;
  /** The upload finished (the form can now use the stored file). */
  onUploaded?: (file: File) => void;
  disabled?: boolean;
}

/**
 * A file upload with progress: checks type and size before anything is sent, runs `onUpload`
 * and shows its progress, and lets the user cancel and retry.
 */
export function FileUpload({ onUpload, onUploaded, ...props }: FileUploadProps) {
  const [state, dispatch] = useReducer(uploadReducer<File>, { status: "idle" });
  const controller = useRef<AbortController | null>(null);
  const callbacks = useRef({ onUpload, onUploaded });
  useEffect(() => {
    callbacks.current = { onUpload, onUploaded };
  });
  // Leaving the page mid-upload aborts it.
  useEffect(() => () => controller.current?.abort(), []);

  const start = (file: File) => {
    const ours = new AbortController();
    controller.current = ours;
    callbacks.current
      .onUpload(
        file,
        (fraction) => {
          if (!ours.signal.aborted) dispatch({ type: "progress", fraction });
        },
        ours.signal,
      )
      .then(
        () => {
          if (ours.signal.aborted) return;
          dispatch({ type: "done" });
          callbacks.current.onUploaded?.(file);
        },
        () => {
          if (!ours.signal.aborted) dispatch({ type: "fail" });
        },
      );
  };

  return (
    <FileUploadView
      {...props}
      state={state}
      onChoose={(file) => {
        const refusal = checkFile(file, props);
        dispatch({ type: "choose", file, refusal, fileName: file.name });
        if (!refusal) start(file);
      }}
      onCancel={() => {
        controller.current?.abort();
        dispatch({ type: "cancel" });
      }}
      onRetry={() => {
        if (state.status !== "failed" && state.status !== "cancelled") return;
        dispatch({ type: "retry" });
        start(state.file);
      }}
    />
  );
}
