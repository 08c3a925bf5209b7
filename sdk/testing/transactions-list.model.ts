import type { Locator } from "playwright-core";
import { ResourceListModel, type Within } from "./resource-list.model.ts";

/**
 * The transactions list as a person uses it: the kit's list model with this list's names and
 * row words (en-US).
 */
export interface TransactionRow {
  type: string;
  amount: string;
  fee: string;
  net: string;
  available: string;
  description: string;
}

const transactionRow = ([
  type = "",
  amount = "",
  fee = "",
  net = "",
  available = "",
  description = "",
]: string[]) => ({
  type,
  amount,
  fee,
  net,
  available,
  description,
});

export class TransactionsListModel {
  readonly list: ResourceListModel;

  constructor(readonly root: Within | Locator) {
    this.list = new ResourceListModel(root, {
      table: /^(Recent transactions|Transactions)$/,
      detail: "Transaction",
    });
  }

  async seeRows(): Promise<TransactionRow[]> {
    return (await this.list.seeRows({ mayBeEmpty: true })).map(transactionRow);
  }

  async nextPage(): Promise<TransactionRow[]> {
    return (await this.list.nextPage()).map(transactionRow);
  }

  filterByType(types: readonly string[]) {
    return this.list.applyChoiceFilter("Type", types);
  }

  openRow = (index: number) => this.list.openRow(index);
  seeDetail = () => this.list.seeDetail();
  closeDetail = () => this.list.closeDetail();
  hasPaging = () => this.list.hasPaging();
}
