/**
 * The documents component as the frame registers it: the kit's list machine over the
 * account's tax invoices (`useResourceList`), its snapshot connected to the view, and each
 * invoice's PDF through the kit's file download (the data layer fetches it, the key only in
 * its header). The catalogue gives it no attribute, setter, event or feature.
 */
import {
  documentsMachine,
  taxInvoicePdfUrl,
} from "../../../machines/components/documents/documents.machine.ts";
import type { TaxInvoice } from "../../../protocol/objects/tax-invoice.schema.ts";
import { useFileDownload } from "../kit/file-download.ts";
import { type ListRunnerProps, listComponent, useResourceList } from "../kit/list-component.tsx";
import { DocumentsView } from "./documents.view.tsx";

function DocumentsRunner(props: ListRunnerProps) {
  const { list, detail } = useResourceList<TaxInvoice>(documentsMachine, props);
  const pdf = useFileDownload(props);
  return <DocumentsView {...list} detail={detail} pdf={pdf} pdfUrl={taxInvoicePdfUrl} />;
}

export default listComponent(DocumentsRunner);
