import { useIntl } from "react-intl";
import { Banner } from "../kit/banner.view.tsx";
import { loadFailureMessage } from "./frame.messages.ts";

export interface LoadFailureProps {
  /** The catalogue's error text of the component (English); null for an unknown component. */
  errorText: string | null;
}

/** The calm load-failure text of SPEC.md §8, in the frame's language. */
export function LoadFailure({ errorText }: LoadFailureProps) {
  const intl = useIntl();
  return <Banner status="warning" title={intl.formatMessage(loadFailureMessage(errorText))} />;
}
