import type { ReactNode } from "react";

/** One named region of the library page (the tests find sections by their names). */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="kit-library__section" aria-label={title}>
      <h2 className="kit-heading-md">{title}</h2>
      <div className="kit-library__items">{children}</div>
    </section>
  );
}

/**
 * Uploads in the library read the chosen file in the browser: the progress is the real
 * progress of the read, and Cancel aborts it. Nothing leaves the page.
 */
export const readFileLocally = (
  file: File,
  reportProgress: (fraction: number) => void,
  signal: AbortSignal,
) =>
  new Promise<void>((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) reportProgress(event.loaded / event.total);
    };
    reader.onload = () => resolve();
    reader.onerror = () => reject(reader.error);
    signal.addEventListener("abort", () => reader.abort());
    reader.readAsArrayBuffer(file);
  });
