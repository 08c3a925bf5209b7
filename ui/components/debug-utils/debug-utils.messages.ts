/** The live inspector's messages (an internal tool, translated like every view). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DebugUtilsMessageValues = {
  title: None;
  opening: None;
  refused: None;
  actorLabel: None;
  everyActor: None;
  noActors: None;
  currentState: { status: string };
  stopped: None;
  diagram: { name: string };
  events: { name: string };
  time: None;
  event: None;
  payload: None;
  noEvents: None;
  exportTrace: None;
};

export const debugUtilsMessages = defineMessages<DebugUtilsMessageValues>({
  title: {
    id: "debugUtils.title",
    defaultMessage: "Live inspector",
    description: "Heading of the debug tool that shows the running state machines",
  },
  opening: {
    id: "debugUtils.opening",
    defaultMessage: "Connecting to the other frames…",
    description: "The inspector is asking the frames to report their machines",
  },
  refused: {
    id: "debugUtils.refused",
    defaultMessage: "Inspection is not allowed on this page.",
    description: "The data layer refused to open the inspector here",
  },
  actorLabel: {
    id: "debugUtils.actorLabel",
    defaultMessage: "Actor",
    description: "Label of the filter that picks which running machine to show",
  },
  everyActor: {
    id: "debugUtils.everyActor",
    defaultMessage: "Every actor",
    description: "Filter option: show every running machine",
  },
  noActors: {
    id: "debugUtils.noActors",
    defaultMessage: "No machine has reported yet.",
    description: "Empty state: no frame has reported a running machine",
  },
  currentState: {
    id: "debugUtils.currentState",
    defaultMessage: "Current state: {status}",
    description: "The state the machine is in now",
  },
  stopped: {
    id: "debugUtils.stopped",
    defaultMessage: "Stopped",
    description: "The machine has stopped running",
  },
  diagram: {
    id: "debugUtils.diagram",
    defaultMessage: "State diagram of {name}",
    description: "Accessible name of a machine's state diagram",
  },
  events: {
    id: "debugUtils.events",
    defaultMessage: "Events of {name}",
    description: "Caption of the table of events one machine received",
  },
  time: {
    id: "debugUtils.time",
    defaultMessage: "Time",
    description: "Column header: when the event happened",
  },
  event: {
    id: "debugUtils.event",
    defaultMessage: "Event",
    description: "Column header: the event's type",
  },
  payload: {
    id: "debugUtils.payload",
    defaultMessage: "Payload",
    description: "Column header: the event's data, with personal data hidden",
  },
  noEvents: {
    id: "debugUtils.noEvents",
    defaultMessage: "No event yet.",
    description: "Empty state of the event table",
  },
  exportTrace: {
    id: "debugUtils.exportTrace",
    defaultMessage: "Export trace",
    description: "Button: save this machine's recorded events as a file",
  },
});
