import type { Locator } from "playwright-core";
import { messageIn } from "./payment-details.model.ts";

/**
 * Signs the provider user in through the popup that `trigger` (a component's Sign in button)
 * opens, as a person does in the new window, and resolves once the popup has closed itself.
 *
 * The button is pressed with the keyboard, not clicked at coordinates: a key press is a user
 * gesture the browser lets open a window just as a click is, and it reaches the button even
 * while the frames above it on the page are still growing to their content (a click aimed
 * at where the button was a moment before lands elsewhere, and no popup opens).
 */
export async function signInThroughPopup(
  trigger: Locator,
  email: string,
  password: string,
  locale = "en-US",
): Promise<void> {
  const submit = messageIn(locale, "popup.signIn.submit");
  const opened = trigger.page().context().waitForEvent("page");
  await trigger.press("Enter");
  const popup = await opened;
  await popup.waitForLoadState();
  const closed = popup.waitForEvent("close");
  await popup.getByLabel(messageIn(locale, "popup.signIn.email")).fill(email);
  await popup.getByLabel(messageIn(locale, "popup.signIn.password")).fill(password);
  await popup.getByRole("button", { name: submit, exact: true }).press("Enter");
  await closed;
}
