/** Builders of the replies the data layer sends (SPEC.md §7 "Replies"). */
import type { CallFailure } from "../../machines/auth/failure.ts";
import type { DataLayerReplyInput } from "../../protocol/messages/data-layer.schema.ts";
import { apiErrorSchema } from "../../protocol/objects/api-error.schema.ts";
import type { AuthState } from "../../protocol/objects/auth-state.schema.ts";
import type { SanitizedSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { httpErrorMessage } from "./http.ts";

const type = provider.messageMarker;

export type Reply = DataLayerReplyInput;

export const initResponse = (requestId: string, session: SanitizedSession | null): Reply => ({
  type,
  requestType: "initresponse",
  requestId,
  session,
});

export const sessionChanged = (session: SanitizedSession): Reply => ({
  type,
  requestType: "sessionChanged",
  session,
});

export const okResponse = (requestId: string, body: unknown): Reply => ({
  type,
  requestType: "response",
  requestId,
  ok: true,
  status: 200,
  statusText: "OK",
  body,
  headers: {},
});

export const errorResponse = (requestId: string, message: string, name = "Error"): Reply => ({
  type,
  requestType: "errorResponse",
  requestId,
  error: { name, message },
});

/** An HTTP failure as fetchErrorResponse; without requestId it is a broadcast. */
export function fetchErrorResponse(failure: CallFailure, requestId?: string): Reply {
  if (failure.kind === "network")
    return {
      type,
      requestType: "fetchErrorResponse",
      ...(requestId === undefined ? {} : { requestId }),
      status: 0,
      message: failure.message || "Unknown error",
    };
  const error = apiErrorSchema.safeParse({
    ...failure.error,
    ...(failure.requestId ? { request_id: failure.requestId } : {}),
  });
  return {
    type,
    requestType: "fetchErrorResponse",
    ...(requestId === undefined ? {} : { requestId }),
    status: failure.status,
    message: httpErrorMessage(failure.status, failure.error.message),
    ...(error.success ? { error: error.data } : {}),
    ...(failure.requestId ? { apiRequestId: failure.requestId } : {}),
  };
}

/**
 * The auth state as one sender may see it: the provider user's email and name go to UI
 * frames only, never to the platform page's port (docs/security.md).
 */
export const authStateFor = (sender: "platform" | "ui_frame", state: AuthState): AuthState =>
  sender === "platform" ? { ...state, user: null } : state;

export const authStateReply = (requestId: string, authState: AuthState): Reply => ({
  type,
  requestType: "authState",
  requestId,
  authState,
});

export const authStateChanged = (authState: AuthState): Reply => ({
  type,
  requestType: "authStateChanged",
  authState,
});

export const popupCompleteBroadcast = (): Reply => ({ type, requestType: "popupComplete" });

/** Asks the platform for a fresh client secret (sent on the platform's port only). */
export const clientSecretNeeded = (): Reply => ({ type, requestType: "clientSecretNeeded" });
