/** The UI config playground's messages (an internal tool, translated like every view). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DebugUiConfigMessageValues = {
  title: None;
  theme: None;
  themeOption: { theme: string };
  scheme: None;
  schemeOption: { scheme: string };
  group: { group: string };
  kindError: { kind: string };
  defaultValue: { value: string };
  pickColour: { name: string };
  resetAll: None;
  previewComponent: None;
  previewFrame: { component: string; scheme: string };
  noPreview: None;
  exported: None;
  exportHint: None;
  copy: None;
  copied: None;
  copyFailed: None;
};

export const debugUiConfigMessages = defineMessages<DebugUiConfigMessageValues>({
  title: {
    id: "debugUiConfig.title",
    defaultMessage: "Appearance playground",
    description: "Heading of the debug tool that edits the theme variables of the components",
  },
  theme: {
    id: "debugUiConfig.theme",
    defaultMessage: "Theme",
    description: "Label of the choice between the light, dark and system theme",
  },
  themeOption: {
    id: "debugUiConfig.themeOption",
    defaultMessage: "{theme, select, dark {Dark} system {Follow the device} other {Light}}",
    description: "One option of the theme choice",
  },
  scheme: {
    id: "debugUiConfig.scheme",
    defaultMessage: "Values for",
    description: "Label of the choice of which theme the variable fields edit",
  },
  schemeOption: {
    id: "debugUiConfig.schemeOption",
    defaultMessage: "{scheme, select, dark {The dark theme only} other {Every theme}}",
    description: "One option of which theme the variable fields edit",
  },
  group: {
    id: "debugUiConfig.group",
    defaultMessage:
      "{group, select, colours {Colours} basics {Type, spacing and corners} buttons {Buttons} links {Links} badges {Badges} forms {Form fields} tables {Tables} overlays {Dialogs and drawers} other {Type scale}}",
    description: "Heading of a group of theme variables",
  },
  kindError: {
    id: "debugUiConfig.kindError",
    defaultMessage:
      "{kind, select, colour {Enter a CSS colour, such as #1d4ed8.} length {Enter a length in px or rem, such as 8px.} fontFamily {Enter a list of font families, such as Inter, sans-serif.} fontWeight {Enter a font weight from 1 to 1000, normal or bold.} zIndex {Enter a whole number.} other {Choose one of the listed values.}}",
    description: "Error under a theme variable whose value is not of its kind; it is not applied",
  },
  defaultValue: {
    id: "debugUiConfig.defaultValue",
    defaultMessage: "Default: {value}",
    description: "Help under a theme variable field: the value used when it is empty",
  },
  pickColour: {
    id: "debugUiConfig.pickColour",
    defaultMessage: "Pick a colour for {name}",
    description: "Accessible name of the colour picker beside a colour variable's field",
  },
  resetAll: {
    id: "debugUiConfig.resetAll",
    defaultMessage: "Reset everything",
    description: "Button that clears every edited theme variable",
  },
  previewComponent: {
    id: "debugUiConfig.previewComponent",
    defaultMessage: "Component shown",
    description: "Label of the choice of the component the preview shows",
  },
  previewFrame: {
    id: "debugUiConfig.previewFrame",
    defaultMessage:
      "{component} with this appearance, {scheme, select, dark {dark theme} other {light theme}}",
    description: "Accessible name of one preview frame",
  },
  noPreview: {
    id: "debugUiConfig.noPreview",
    defaultMessage: "The session enables no component to preview.",
    description: "Shown instead of the preview when no built component is enabled",
  },
  exported: {
    id: "debugUiConfig.exported",
    defaultMessage: "The appearance object",
    description: "Label of the read-only text of the appearance, to copy into code",
  },
  exportHint: {
    id: "debugUiConfig.exportHint",
    defaultMessage: "Pass it as the appearance option of loadConnectAndInitialize, or to update().",
    description: "Help under the exported appearance; the two names are code and stay as they are",
  },
  copy: {
    id: "debugUiConfig.copy",
    defaultMessage: "Copy",
    description: "Button that copies the appearance object",
  },
  copied: {
    id: "debugUiConfig.copied",
    defaultMessage: "Copied.",
    description: "Said once the appearance object is on the clipboard",
  },
  copyFailed: {
    id: "debugUiConfig.copyFailed",
    defaultMessage:
      "The browser did not allow copying here. The text is selected: press Ctrl+C, or ⌘C on a Mac.",
    description: "Said when the clipboard refused; the appearance text is selected for the person",
  },
});
