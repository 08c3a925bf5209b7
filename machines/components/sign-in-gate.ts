import type { SignInOutcome } from "../auth/sign-in.ts";

/**
 * The kit's sign-in gate for a component that requires an authenticated session (SPEC.md §6):
 * a compound state to spread into a machine — `prompt` (the person is asked to sign in),
 * `waiting` (the frame's popup, opened inside the click that sent `signIn.start`, through the
 * machine's `signIn` actor), `blocked` (the browser blocked the popup: try again) — that moves
 * on to `target` once a provider user is signed in. The machine provides the `signIn` actor
 * (answering a `SignInOutcome`) and the guard `signInOutcomeIs`
 * (`signInOutcomeIs` below); the popup closed without a sign-in goes back to `prompt`.
 */
export const signInOutcomeIs = (_: unknown, params: { outcome: unknown; is: SignInOutcome }) =>
  params.outcome === params.is;

const outcome =
  (is: SignInOutcome) =>
  ({ event }: { event: { output?: unknown } }) => ({ outcome: event.output, is });

export function signInGate<const Target extends string>(target: Target) {
  return {
    initial: "prompt" as const,
    states: {
      prompt: { on: { "signIn.start": "waiting" } },
      waiting: {
        invoke: {
          id: "signIn",
          src: "signIn" as const,
          onDone: [
            { guard: { type: "signInOutcomeIs" as const, params: outcome("signed_in") }, target },
            {
              guard: { type: "signInOutcomeIs" as const, params: outcome("blocked") },
              target: "blocked",
            },
            { target: "prompt" },
          ],
          onError: { target: "prompt" },
        },
      },
      blocked: { on: { "signIn.start": "waiting" } },
    },
  } as const;
}
