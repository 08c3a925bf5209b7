/**
 * The file upload's rules and states, pure: which files a field takes, and how an upload
 * moves from chosen to uploaded (or failed, or cancelled). The view renders the state and
 * runs `onUpload`; tests drive the transitions directly.
 */

export type FileRefusal = { code: "too_large"; maxBytes: number } | { code: "wrong_type" };

export interface FileRules {
  /** MIME types ("image/png", "image/*") or extensions (".pdf"); empty takes any type. */
  accept: readonly string[];
  maxBytes: number;
}

/** Why a file is refused, or undefined when the field takes it. */
export function checkFile(
  file: { name: string; type: string; size: number },
  { accept, maxBytes }: FileRules,
): FileRefusal | undefined {
  if (accept.length > 0) {
    const name = file.name.toLowerCase();
    const type = file.type.toLowerCase();
    const ok = accept.some((rule) => {
      const r = rule.trim().toLowerCase();
      if (r.startsWith(".")) return name.endsWith(r);
      if (r.endsWith("/*")) return type.startsWith(r.slice(0, -1));
      return type === r;
    });
    if (!ok) return { code: "wrong_type" };
  }
  if (file.size > maxBytes) return { code: "too_large", maxBytes };
  return undefined;
}

/** The short names of accepted types for the field's help: "PDF, PNG, JPEG". */
export function acceptedTypeNames(accept: readonly string[]): string[] {
  const names = accept.map((rule) => {
    const r = rule.trim();
    if (r.startsWith(".")) return r.slice(1).toUpperCase();
    const [kind, sub] = r.split("/");
    if (sub === "*") return kind!.toUpperCase();
    return (sub ?? r).replace(/^x-/, "").split(/[.+]/)[0]!.toUpperCase();
  });
  return [...new Set(names)];
}

export type UploadState<F = File> =
  | { status: "idle" }
  | { status: "refused"; refusal: FileRefusal; fileName: string }
  | { status: "uploading"; file: F; progress: number }
  | { status: "uploaded"; file: F }
  | { status: "failed"; file: F }
  | { status: "cancelled"; file: F };

export type UploadEvent<F = File> =
  | { type: "choose"; file: F; refusal: FileRefusal | undefined; fileName: string }
  | { type: "progress"; fraction: number }
  | { type: "done" }
  | { type: "fail" }
  | { type: "cancel" }
  | { type: "retry" };

/**
 * The upload's transitions. Progress only moves forward and stays within 0..1; events that do
 * not fit the state (a late progress report after a cancel) change nothing.
 */
export function uploadReducer<F>(state: UploadState<F>, event: UploadEvent<F>): UploadState<F> {
  switch (event.type) {
    case "choose":
      if (state.status === "uploading") return state;
      return event.refusal
        ? { status: "refused", refusal: event.refusal, fileName: event.fileName }
        : { status: "uploading", file: event.file, progress: 0 };
    case "progress":
      if (state.status !== "uploading" || !Number.isFinite(event.fraction)) return state;
      return { ...state, progress: Math.min(1, Math.max(state.progress, event.fraction)) };
    case "done":
      return state.status === "uploading" ? { status: "uploaded", file: state.file } : state;
    case "fail":
      return state.status === "uploading" ? { status: "failed", file: state.file } : state;
    case "cancel":
      return state.status === "uploading" ? { status: "cancelled", file: state.file } : state;
    case "retry":
      return state.status === "failed" || state.status === "cancelled"
        ? { status: "uploading", file: state.file, progress: 0 }
        : state;
  }
}
