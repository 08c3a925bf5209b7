/** The UI preview's messages (an internal tool, translated like every view). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DebugUiPreviewMessageValues = {
  title: None;
  intro: None;
  frame: { component: string };
  none: None;
};

export const debugUiPreviewMessages = defineMessages<DebugUiPreviewMessageValues>({
  title: {
    id: "debugUiPreview.title",
    defaultMessage: "Every component in this appearance",
    description: "Heading of the debug tool that shows every built component side by side",
  },
  intro: {
    id: "debugUiPreview.intro",
    defaultMessage:
      "Each component the session enables, in a frame of its own, with the appearance and language this page gives.",
    description: "Says what the UI preview shows",
  },
  frame: {
    id: "debugUiPreview.frame",
    defaultMessage: "Preview of {component}",
    description: "Accessible name of the frame that shows one component",
  },
  none: {
    id: "debugUiPreview.none",
    defaultMessage: "The session enables no component to preview.",
    description: "Shown when no built component is enabled",
  },
});
