import type { Frame } from "playwright-core";
import { ResourceListModel } from "../../../sdk/testing/resource-list.model.ts";

/** One payment's disputes as a person sees them (en-US): the kit's list model with its names. */
export interface PaymentDisputeRow {
  status: string;
  amount: string;
  reason: string;
  respondBy: string;
}

export class PaymentDisputesModel {
  readonly list: ResourceListModel;

  constructor(readonly frame: Frame) {
    this.list = new ResourceListModel(frame, {
      table: "Disputes of this payment",
      detail: "Dispute",
    });
  }

  async seeRows(): Promise<PaymentDisputeRow[]> {
    return (await this.list.seeRows({ mayBeEmpty: true })).map(
      ([status = "", amount = "", reason = "", respondBy = ""]) => ({
        status,
        amount,
        reason,
        respondBy,
      }),
    );
  }

  seeEmpty = () => this.list.seeEmpty("No disputes");
  openRow = (index: number) => this.list.openRow(index);
  seeDetail = () => this.list.seeDetail();
}
