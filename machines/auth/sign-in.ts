/**
 * How a provider user's sign-in through the popup ended, as the frames report it
 * (`FrameServices.signIn`): a provider user is signed in; the popup closed without one; the
 * browser blocked the popup (offer to try again); it failed otherwise.
 */
export type SignInOutcome = "signed_in" | "not_signed_in" | "blocked" | "failed";
