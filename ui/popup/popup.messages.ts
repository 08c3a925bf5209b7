/** The sign-in popup's messages, and the UI frame's "sign in required" piece. */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

/** The arguments of each message (a type, not an interface: defineMessages needs that). */
type PopupMessageValues = {
  signInTitle: { name: string };
  email: None;
  password: None;
  submit: None;
  cancel: None;
  credentials: None;
  rateLimited: None;
  unavailable: None;
  done: None;
  orphaned: None;
  requiredTitle: None;
  requiredBody: { name: string };
  waiting: None;
  blocked: None;
};

export const popupMessages = defineMessages<PopupMessageValues>({
  signInTitle: {
    id: "popup.signIn.title",
    defaultMessage: "Sign in to {name}",
    description: "Title of the sign-in popup; name is the payments provider's name",
  },
  email: {
    id: "popup.signIn.email",
    defaultMessage: "Email",
    description: "Label of the email field of the sign-in form",
  },
  password: {
    id: "popup.signIn.password",
    defaultMessage: "Password",
    description: "Label of the password field of the sign-in form",
  },
  submit: {
    id: "popup.signIn.submit",
    defaultMessage: "Sign in",
    description: "Button that signs the user in",
  },
  cancel: {
    id: "popup.signIn.cancel",
    defaultMessage: "Cancel",
    description: "Button that closes the sign-in popup without signing in",
  },
  credentials: {
    id: "popup.signIn.error.credentials",
    defaultMessage: "The email or password is incorrect.",
    description: "Sign-in failed; deliberately does not say which of the two is wrong",
  },
  rateLimited: {
    id: "popup.signIn.error.rateLimited",
    defaultMessage: "Too many attempts. Wait a few minutes, then try again.",
    description: "Sign-in refused after too many failed attempts",
  },
  unavailable: {
    id: "popup.signIn.error.unavailable",
    defaultMessage: "Signing in is not possible right now. Try again later.",
    description: "Sign-in failed for a reason other than the credentials (network, server)",
  },
  done: {
    id: "popup.signIn.done",
    defaultMessage: "You are signed in. You can close this window.",
    description: "Shown in the popup once sign-in finished, if the window did not close itself",
  },
  orphaned: {
    id: "popup.orphaned",
    defaultMessage: "Open this window from the page where you were asked to sign in.",
    description: "The sign-in popup was opened directly, not from a component",
  },
  requiredTitle: {
    id: "popup.required.title",
    defaultMessage: "Sign in to continue",
    description: "Title of the notice in a component that needs the user to sign in",
  },
  requiredBody: {
    id: "popup.required.body",
    defaultMessage: "Sign in with your {name} account to continue.",
    description: "Text of the sign-in notice in a component; name is the provider's name",
  },
  waiting: {
    id: "popup.required.waiting",
    defaultMessage: "Finish signing in in the window that opened.",
    description: "Shown in the component while the sign-in popup is open",
  },
  blocked: {
    id: "popup.blocked",
    defaultMessage: "The sign-in window was blocked. Allow pop-ups for this site, then try again.",
    description: "The browser blocked the sign-in popup; a Retry button follows",
  },
});
