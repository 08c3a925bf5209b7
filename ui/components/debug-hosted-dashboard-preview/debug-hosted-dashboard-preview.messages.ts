/** The hosted dashboard preview's messages (an internal tool, translated like every view). */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type DebugHostedDashboardPreviewMessageValues = {
  title: None;
  intro: None;
  pages: None;
  signIn: None;
  accounts: None;
  frame: { page: string; name: string };
};

export const debugHostedDashboardPreviewMessages =
  defineMessages<DebugHostedDashboardPreviewMessageValues>({
    title: {
      id: "debugHostedDashboardPreview.title",
      defaultMessage: "Hosted dashboard preview",
      description: "Heading of the debug tool that previews the provider's hosted dashboard",
    },
    intro: {
      id: "debugHostedDashboardPreview.intro",
      defaultMessage:
        "How the hosted dashboard looks to this connected account with your branding. The pages are read-only.",
      description: "Says what the hosted dashboard preview shows",
    },
    pages: {
      id: "debugHostedDashboardPreview.pages",
      defaultMessage: "Dashboard pages",
      description: "Accessible name of the tabs that pick a page of the hosted dashboard",
    },
    signIn: {
      id: "debugHostedDashboardPreview.signIn",
      defaultMessage: "Sign in",
      description: "Tab: the hosted dashboard's sign-in page",
    },
    accounts: {
      id: "debugHostedDashboardPreview.accounts",
      defaultMessage: "Accounts",
      description: "Tab: the hosted dashboard's page listing the user's accounts",
    },
    frame: {
      id: "debugHostedDashboardPreview.frame",
      defaultMessage: "{page} page of the hosted dashboard, branded as {name}",
      description:
        "Accessible name of the frame that shows one hosted dashboard page; name is the platform's display name",
    },
  });
