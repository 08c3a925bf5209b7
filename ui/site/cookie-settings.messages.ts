/**
 * The consent pages of the provider's marketing host (`/cookie-settings`,
 * `/cookies-policy/legal`, SPEC.md §2), rendered by the server from these messages.
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type CookieSettingsMessageValues = {
  title: None;
  intro: None;
  authentication: None;
  authenticationHint: None;
  essential: None;
  essentialHint: None;
  functional: None;
  functionalHint: None;
  advertising: None;
  advertisingHint: None;
  alwaysOn: None;
  save: None;
  saved: None;
  policyLink: None;
  policyTitle: None;
  policyIntro: None;
  policyWritten: None;
  settingsLink: None;
};

export const cookieSettingsMessages = defineMessages<CookieSettingsMessageValues>({
  title: {
    id: "site.cookies.title",
    defaultMessage: "Cookie settings",
    description: "Title of the page where a person chooses which cookies the provider may use",
  },
  intro: {
    id: "site.cookies.intro",
    defaultMessage:
      "Choose which cookies and stored data we may use on our pages. You can change this at any time.",
    description: "Introduction of the cookie settings page",
  },
  authentication: {
    id: "site.cookies.authentication",
    defaultMessage: "Authentication",
    description: "Name of the consent category for signing in",
  },
  authenticationHint: {
    id: "site.cookies.authentication.hint",
    defaultMessage: "Keeps you signed in. Needed for the service to work.",
    description: "What the authentication category is for",
  },
  essential: {
    id: "site.cookies.essential",
    defaultMessage: "Essential",
    description: "Name of the consent category for strictly necessary cookies",
  },
  essentialHint: {
    id: "site.cookies.essential.hint",
    defaultMessage: "Security and your cookie choices. Needed for the service to work.",
    description: "What the essential category is for",
  },
  functional: {
    id: "site.cookies.functional",
    defaultMessage: "Functional and analytics",
    description: "Name of the consent category for functional cookies and private analytics",
  },
  functionalHint: {
    id: "site.cookies.functional.hint",
    defaultMessage: "Helps us understand how our pages are used, without personal data.",
    description: "What the functional category is for",
  },
  advertising: {
    id: "site.cookies.advertising",
    defaultMessage: "Advertising",
    description: "Name of the consent category for advertising cookies",
  },
  advertisingHint: {
    id: "site.cookies.advertising.hint",
    defaultMessage: "Measures our advertising on other sites.",
    description: "What the advertising category is for",
  },
  alwaysOn: {
    id: "site.cookies.alwaysOn",
    defaultMessage: "Always on",
    description: "Shown beside a consent category that cannot be turned off",
  },
  save: {
    id: "site.cookies.save",
    defaultMessage: "Save my choices",
    description: "Button that saves the cookie choices",
  },
  saved: {
    id: "site.cookies.saved",
    defaultMessage: "Your choices are saved.",
    description: "Confirmation after the cookie choices were saved",
  },
  policyLink: {
    id: "site.cookies.policyLink",
    defaultMessage: "Read our cookie policy",
    description: "Link from the cookie settings to the cookie policy",
  },
  policyTitle: {
    id: "site.cookies.policy.title",
    defaultMessage: "Cookie policy",
    description: "Title of the cookie policy page",
  },
  policyIntro: {
    id: "site.cookies.policy.intro",
    defaultMessage:
      "These are the cookies and stored data our pages use, by category. Nothing outside authentication and essential is written without your consent, and it is removed when you withdraw it.",
    description: "Introduction of the cookie policy page",
  },
  policyWritten: {
    id: "site.cookies.policy.written",
    defaultMessage: "What is stored",
    description: "Column header: the names of the cookies and storage entries of a category",
  },
  settingsLink: {
    id: "site.cookies.settingsLink",
    defaultMessage: "Change your cookie settings",
    description: "Link from the cookie policy to the cookie settings",
  },
});
