/** The debug components list's messages (an internal tool, translated like every view). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DebugComponentsListMessageValues = {
  title: None;
  searchLabel: None;
  releaseLabel: None;
  releaseAll: None;
  releaseGa: None;
  releasePreview: None;
  releaseInternal: None;
  releaseEntryPoint: None;
  component: None;
  session: None;
  signIn: None;
  aliases: None;
  enabled: None;
  notEnabled: None;
  signInRequired: None;
  signInNotRequired: None;
  aliasOf: { name: string };
  open: None;
  openLabel: { name: string };
  unavailable: { name: string };
  viewFailed: { name: string };
  noMatch: None;
};

export const debugComponentsListMessages = defineMessages<DebugComponentsListMessageValues>({
  title: {
    id: "debugComponentsList.title",
    defaultMessage: "Components in this version",
    description: "Caption of the table of every catalogue component",
  },
  searchLabel: {
    id: "debugComponentsList.searchLabel",
    defaultMessage: "Search by name or tag",
    description: "Label of the text filter over the components",
  },
  releaseLabel: {
    id: "debugComponentsList.releaseLabel",
    defaultMessage: "Release state",
    description: "Label of the release-state filter and column header",
  },
  releaseAll: {
    id: "debugComponentsList.releaseAll",
    defaultMessage: "Every release state",
    description: "Filter option: do not filter by release state",
  },
  releaseGa: {
    id: "debugComponentsList.release.ga",
    defaultMessage: "Generally available",
    description: "Release state: for every platform",
  },
  releasePreview: {
    id: "debugComponentsList.release.preview",
    defaultMessage: "Public preview",
    description: "Release state: available to try, may still change",
  },
  releaseInternal: {
    id: "debugComponentsList.release.internal",
    defaultMessage: "Internal only",
    description: "Release state: for the provider's own tools, not for platforms",
  },
  releaseEntryPoint: {
    id: "debugComponentsList.release.entryPoint",
    defaultMessage: "Mobile entry point",
    description: "Release state: a screen opened by a mobile app's web view",
  },
  component: {
    id: "debugComponentsList.component",
    defaultMessage: "Component tag",
    description: "Column header: the component's element tag",
  },
  session: {
    id: "debugComponentsList.session",
    defaultMessage: "In this session",
    description: "Column header: whether the account session enables the component",
  },
  signIn: {
    id: "debugComponentsList.signIn",
    defaultMessage: "Sign-in",
    description: "Column header: whether the component needs the user to sign in",
  },
  aliases: {
    id: "debugComponentsList.aliases",
    defaultMessage: "Other names",
    description: "Column header: aliases of the component",
  },
  enabled: {
    id: "debugComponentsList.enabled",
    defaultMessage: "Enabled",
    description: "The account session enables this component",
  },
  notEnabled: {
    id: "debugComponentsList.notEnabled",
    defaultMessage: "Not enabled",
    description: "The account session does not enable this component",
  },
  signInRequired: {
    id: "debugComponentsList.signInRequired",
    defaultMessage: "Sign-in required",
    description: "The component needs the user to sign in",
  },
  signInNotRequired: {
    id: "debugComponentsList.signInNotRequired",
    defaultMessage: "No sign-in needed",
    description: "The component works without the user signing in",
  },
  aliasOf: {
    id: "debugComponentsList.aliasOf",
    defaultMessage: "Alias of {name}",
    description: "This tag is another name of the component {name}",
  },
  open: {
    id: "debugComponentsList.open",
    defaultMessage: "Open here",
    description: "Button: show the component in place, below the list",
  },
  openLabel: {
    id: "debugComponentsList.openLabel",
    defaultMessage: "Open {name} here",
    description: "Accessible name of the Open button of the component {name}",
  },
  unavailable: {
    id: "debugComponentsList.unavailable",
    defaultMessage: "{name} is not available in this version.",
    description: "The component is in the catalogue but this version has no view for it",
  },
  viewFailed: {
    id: "debugComponentsList.viewFailed",
    defaultMessage: "The code of {name} could not be loaded.",
    description: "The component's view failed to download",
  },
  noMatch: {
    id: "debugComponentsList.noMatch",
    defaultMessage: "No component matches this search.",
    description: "Empty state when the filters match nothing",
  },
});
