import type { Locator } from "playwright-core";
import { ResourceListModel, type Within } from "../../../sdk/testing/resource-list.model.ts";

/** The disputes list as a person uses it: the kit's list model with its names (en-US). */
export interface DisputeRow {
  amount: string;
  status: string;
  reason: string;
  /** The respond-by date, and "N days left to respond" when fewer than 10 remain. */
  respondBy: string;
  opened: string;
}

const disputeRow = ([
  amount = "",
  status = "",
  reason = "",
  respondBy = "",
  opened = "",
]: string[]) => ({
  amount,
  status,
  reason,
  respondBy,
  opened,
});

export class DisputesListModel {
  readonly list: ResourceListModel;

  constructor(readonly root: Within | Locator) {
    this.list = new ResourceListModel(root, { table: "Disputes", detail: "Dispute details" });
  }

  async seeRows(): Promise<DisputeRow[]> {
    return (await this.list.seeRows({ mayBeEmpty: true })).map(disputeRow);
  }

  filterByStatus = (statuses: readonly string[]) => this.list.applyChoiceFilter("Status", statuses);
  filterByReason = (reasons: readonly string[]) => this.list.applyChoiceFilter("Reason", reasons);
  filterByOpened = (start: string, end: string) =>
    this.list.applyDateRangeFilter("Opened", start, end);
  clearFilters = () => this.list.clearFilters();
  /** Presses Export CSV (the CSV of the filtered list). */
  exportCsv = () => this.list.root.getByRole("button", { name: "Export CSV" }).click();

  /** Opens the dispute whose row mentions `text` (its amount, say). */
  async open(text: string): Promise<void> {
    const index = await this.list.rowIndexWith(text);
    if (index < 0) throw new Error(`no dispute row mentions ${text}`);
    await this.list.openRow(index);
  }
  seeDetail = () => this.list.seeDetail();
  closeDetail = () => this.list.closeDetail();

  /** The open dispute's response form. */
  response(): Locator {
    return this.list.detail().getByRole("region", { name: "Your response" });
  }

  /** Writes evidence: field label → text. */
  writeEvidence = (fields: Record<string, string>) => this.list.fillForm(this.response(), fields);

  /** Attaches a file as evidence (uploaded through the data layer to the files host). */
  attach = (label: string, file: { name: string; mimeType: string; buffer: Buffer }) =>
    this.list.uploadFile(this.response(), label, file);

  async saveDraft(): Promise<void> {
    await this.list.press(this.response(), "Save draft");
    await this.response().getByRole("status").filter({ hasText: "Draft saved." }).waitFor();
  }

  /** Submit evidence, then confirms the dialog that says it is final. */
  async submitEvidence(): Promise<void> {
    await this.list.press(this.response(), "Submit evidence");
    await this.list.answerDialog("Submit this evidence?", /^Submit evidence$/);
  }

  /** Accept dispute, then confirms. */
  async acceptDispute(): Promise<void> {
    await this.list.press(this.response(), "Accept dispute");
    await this.list.answerDialog("Accept this dispute?", /^Accept dispute$/);
  }
}
