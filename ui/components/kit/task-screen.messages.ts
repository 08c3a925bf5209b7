/** The task screen's words (the mobile entry points, docs/mobile.md). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

export const taskScreenMessages = defineMessages<{
  done: None;
  payoutMade: None;
  fundsAdded: None;
  scheduleSaved: None;
  nothingToPayOut: None;
}>({
  done: {
    id: "taskScreen.done",
    defaultMessage: "Done",
    description: "Button: leave a finished task (closes the screen in the app)",
  },
  payoutMade: {
    id: "taskScreen.payoutMade",
    defaultMessage: "Your payout is on its way. It arrives in about 2 days.",
    description: "Success: a payout was made",
  },
  fundsAdded: {
    id: "taskScreen.fundsAdded",
    defaultMessage: "Funds are being added. They show as pending until the transfer arrives.",
    description: "Success: a top-up from the bank account was started",
  },
  scheduleSaved: {
    id: "taskScreen.scheduleSaved",
    defaultMessage: "Your payout schedule is saved.",
    description: "Success: the payout schedule was changed",
  },
  nothingToPayOut: {
    id: "taskScreen.nothingToPayOut",
    defaultMessage: "There is no available balance to pay out yet.",
    description: "Shown instead of the payout form when nothing can be paid out",
  },
});
