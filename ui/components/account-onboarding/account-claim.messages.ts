/**
 * account-onboarding's claim step's messages. The email label is the flow's, and the code's
 * label, its errors and "Send a new code" are the payout account's verification's (the same
 * six-digit code); the kit's fields, steps and errors are the kit's.
 */
import { defineMessages, type NoMessageValues } from "react-intl";

type None = NoMessageValues;

type ClaimMessageValues = {
  claimStep: None;
  claimIntro: None;
  claimPassword: None;
  claimPasswordHint: None;
  claimSendCode: None;
  claimCodeIntro: { email: string };
  claimVerify: None;
  claimChangeEmail: None;
  claimCodeWrong: None;
  claimDone: None;
  claimPasswordTooShort: None;
  claimPasswordTooLong: None;
  claimPasswordTooWeak: None;
  claimPasswordContainsEmail: None;
  claimEmailTaken: None;
  claimAlreadyClaimed: None;
};

export const claimMessages = defineMessages<ClaimMessageValues>({
  claimStep: {
    id: "accountOnboarding.claimStep",
    defaultMessage: "Create your sign-in",
    description:
      "Title of the step where the person creates the account's first sign-in (email and password)",
  },
  claimIntro: {
    id: "accountOnboarding.claimIntro",
    defaultMessage:
      "Nobody signs in to this account yet. Choose the email and password you will sign in with; we will send a code to that email to confirm it.",
    description: "Intro of the sign-in creation step",
  },
  claimPassword: {
    id: "accountOnboarding.claimPassword",
    defaultMessage: "Password",
    description: "Label of the new password field",
  },
  claimPasswordHint: {
    id: "accountOnboarding.claimPasswordHint",
    defaultMessage: "At least 10 characters, with letters and digits or symbols.",
    description: "Help under the new password field",
  },
  claimSendCode: {
    id: "accountOnboarding.claimSendCode",
    defaultMessage: "Send code",
    description: "Button that sends the verification code to the email",
  },
  claimCodeIntro: {
    id: "accountOnboarding.claimCodeIntro",
    defaultMessage: "Enter the 6-digit code we sent to {email}.",
    description: "Intro of the code stage; email is the address the code went to",
  },
  claimVerify: {
    id: "accountOnboarding.claimVerify",
    defaultMessage: "Verify",
    description: "Button that checks the code",
  },
  claimChangeEmail: {
    id: "accountOnboarding.claimChangeEmail",
    defaultMessage: "Use another email",
    description: "Button that goes back to the email and password",
  },
  claimCodeWrong: {
    id: "accountOnboarding.claimCodeWrong",
    defaultMessage: "This code is not correct. Check the email and try again.",
    description: "Error: wrong code",
  },
  claimDone: {
    id: "accountOnboarding.claimDone",
    defaultMessage: "Your sign-in is ready. You can now sign in with your email and password.",
    description: "Shown on the step once the sign-in was created",
  },
  claimPasswordTooShort: {
    id: "accountOnboarding.claimPasswordTooShort",
    defaultMessage: "Use at least 10 characters.",
    description: "Password error",
  },
  claimPasswordTooLong: {
    id: "accountOnboarding.claimPasswordTooLong",
    defaultMessage: "Use at most 128 characters.",
    description: "Password error",
  },
  claimPasswordTooWeak: {
    id: "accountOnboarding.claimPasswordTooWeak",
    defaultMessage: "Mix letters with digits or symbols.",
    description: "Password error",
  },
  claimPasswordContainsEmail: {
    id: "accountOnboarding.claimPasswordContainsEmail",
    defaultMessage: "Do not use your email in the password.",
    description: "Password error",
  },
  claimEmailTaken: {
    id: "accountOnboarding.claimEmailTaken",
    defaultMessage: "This email already has a sign-in. Use another email.",
    description: "Email error",
  },
  claimAlreadyClaimed: {
    id: "accountOnboarding.claimAlreadyClaimed",
    defaultMessage: "Someone has already created this account's sign-in. Sign in instead.",
    description: "Form error: the account has its user already",
  },
});
