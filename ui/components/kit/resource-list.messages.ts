/** The list kit's own messages (each list's words — title, columns — are its own). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type ResourceListMessageValues = {
  pageSize: None;
  forbidden: None;
  requestId: { requestId: string };
};

export const resourceListMessages = defineMessages<ResourceListMessageValues>({
  pageSize: {
    id: "kit.list.pageSize",
    defaultMessage: "Rows per page",
    description: "Label of the choice of how many rows a list shows per page",
  },
  forbidden: {
    id: "kit.list.forbidden",
    defaultMessage: "You do not have permission to see this.",
    description: "Shown in place of a list when the API refuses it to this session (HTTP 403)",
  },
  requestId: {
    id: "kit.list.requestId",
    defaultMessage: "Request reference: {requestId}",
    description: "The request id of a failed call, to quote to support",
  },
});
