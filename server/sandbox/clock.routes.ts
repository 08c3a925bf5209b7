/**
 * The sandbox clock's test helpers (secret key): read it, and advance it by `seconds` or to
 * `to` (Unix seconds), which runs the automatic payouts of the days crossed (`clock.ts`).
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import type { AppEnv } from "../http/context.ts";
import { invalidRequest } from "../http/errors.ts";
import { formInteger } from "../http/params.ts";
import { defineRoute } from "../http/route.ts";
import { advanceClock, clockState, maxAdvanceSeconds } from "./clock.ts";

export const clockApp = new OpenAPIHono<AppEnv>();

const clockSchema = z.object({
  object: z.literal("sandbox_clock"),
  now: z.number().int(),
  offset: z.number().int(),
});

defineRoute(
  clockApp,
  {
    method: "get",
    path: "/v1/test_helpers/clock",
    summary: "Sandbox: the simulated clock (now, and its offset from the wall clock)",
    tags: ["Test helpers"],
    auth: ["secret"],
    response: clockSchema,
  },
  async ({ deps }) => clockState(deps),
);

defineRoute(
  clockApp,
  {
    method: "post",
    path: "/v1/test_helpers/clock/advance",
    summary:
      "Sandbox: move the clock forward (seconds, or to a time); runs the automatic payouts of the days crossed",
    tags: ["Test helpers"],
    auth: ["secret"],
    body: z.strictObject({
      seconds: formInteger(1, maxAdvanceSeconds).optional(),
      to: formInteger(1, 99_999_999_999).optional(),
    }),
    response: clockSchema.extend({ automatic_payouts: z.number().int() }),
  },
  async ({ deps, body }) => {
    if ((body.seconds === undefined) === (body.to === undefined)) {
      throw invalidRequest("Send exactly one of seconds or to.", {
        code: "parameter_missing",
        param: body.seconds === undefined ? "seconds" : "to",
      });
    }
    return advanceClock(
      deps,
      body.seconds !== undefined ? { seconds: body.seconds } : { to: body.to! },
    );
  },
);
