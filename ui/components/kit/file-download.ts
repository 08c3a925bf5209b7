/**
 * One file a person downloads from the provider — a CSV export, a report's itemised CSV, an
 * invoice's PDF: the kit's download machine run for the component (`useComponentMachine`),
 * the file fetched through the data layer (the key only in its header) and handed to the
 * person (`saveFile`). `useListExport` and `useReport` are this for their URLs; a view that
 * downloads several files (each invoice its PDF) calls `download(url)` with each.
 */
import { downloadMachine } from "../../../machines/components/download.machine.ts";
import type { ComponentViewProps } from "../../frame/component-view.ts";
import { saveFile } from "../../frame/save-file.ts";
import { useComponentMachine } from "../../frame/use-component-machine.ts";

/** The download's state, and what the person can do with it. */
export interface FileDownload {
  busy: boolean;
  failed: boolean;
  /** Fetches `url` (an API or files-host URL) and saves it; ignored while one runs. */
  download(url: string): void;
  /** Clears a failure. */
  dismiss(): void;
}

/** The file the provider produced goes to the person as a download. */
const FILE_EFFECTS = {
  "file.ready": (event: { file: File }) => saveFile(event.file, document),
};

export function useFileDownload(props: ComponentViewProps): FileDownload {
  const { snapshot, send } = useComponentMachine(downloadMachine, {
    input: undefined as never,
    view: props,
    effects: FILE_EFFECTS,
  });
  return {
    busy: snapshot.matches("downloading"),
    failed: snapshot.matches("failed"),
    download: (url) => send({ type: "download", url }),
    dismiss: () => send({ type: "dismiss" }),
  };
}
