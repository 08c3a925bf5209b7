/**
 * The frame page's implementation of the views' `FrameServices` (ui/frame/frame-context.tsx):
 * the API as authedProxy calls through the data-layer client (in a component's name, paths
 * relative to the API host), the session and the auth state from the client, and the kit's
 * actors (the resource client, actors/components/). The frame page passes it to
 * `FrameProvider` at the root; tests pass it over a fake data layer the same way.
 */
import type { Api, FrameServices } from "../../ui/frame/frame-context.tsx";
import { createMutation } from "../components/mutation.ts";
import { fetchReportActor } from "../components/report-client.ts";
import { kitActors } from "../components/resource-client.ts";
import { downloadFile, uploadFile } from "../components/transfers.ts";
import { registerInspectable } from "../inspection/inspectables.ts";
import { type DataLayerClient, expectResponse } from "./data-layer-client.ts";
import { openInspector } from "./inspection.ts";
import { popupOptionsAt, signInOutcome } from "./sign-in-popup.ts";

export type FrameDataLayer = Pick<
  DataLayerClient,
  "request" | "session" | "onSession" | "authState" | "onAuthState"
> &
  Partial<Pick<DataLayerClient, "onBroadcast" | "send">>;

/** The API in `componentName`'s name; `/v1/...` paths go to `apiOrigin`. */
export function frameApi(
  dataLayer: FrameDataLayer,
  componentName: string,
  apiOrigin?: string,
): Api {
  const resolve = (url: string) => {
    if (!url.startsWith("/")) return url;
    if (!apiOrigin) throw new Error("a relative API path needs the frame's API origin");
    return `${apiOrigin}${url}`;
  };
  const request: Api["request"] = async (method, url, options = {}) => {
    const reply = await dataLayer.request(
      {
        requestType: "authedProxy",
        componentName,
        method,
        url: resolve(url),
        ...(options.body ? { body: options.body } : {}),
        ...(options.headers ? { headers: options.headers } : {}),
      },
      {
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      },
    );
    return expectResponse(reply);
  };
  return {
    request,
    get: (url, options) => request("GET", url, options),
    post: (url, body, options) => request("POST", url, { ...options, body }),
    download: (url) => downloadFile(dataLayer, resolve(url)),
  };
}

export function createFrameServices(dataLayer: FrameDataLayer, apiOrigin?: string): FrameServices {
  const { onBroadcast, send } = dataLayer;
  const inspection =
    onBroadcast && send
      ? {
          inspectable: registerInspectable,
          inspect: (listener: Parameters<NonNullable<FrameServices["inspect"]>>[0]) =>
            openInspector(
              {
                request: dataLayer.request,
                onBroadcast: onBroadcast.bind(dataLayer),
                send: send.bind(dataLayer),
              },
              listener,
            ),
        }
      : {};
  return {
    ...inspection,
    api: (componentName) => frameApi(dataLayer, componentName, apiOrigin),
    session: () => dataLayer.session(),
    onSession: (listener) => dataLayer.onSession(listener),
    authState: () => dataLayer.authState(),
    onAuthState: (listener) => dataLayer.onAuthState(listener),
    // The kit's list actors, and the volume charts' report (`report-client.ts`).
    actors: (api) => ({ ...kitActors(api), fetchReport: fetchReportActor(api) }),
    mutation: (api, spec) =>
      createMutation({
        transport: api,
        url: spec.url as string | ((body: unknown) => string),
        schema: spec.schema,
        // A DELETE names what it removes in its path: it sends no body.
        ...(spec.method ? { method: spec.method } : {}),
        ...(spec.method === "DELETE" ? { toRequestBody: () => undefined } : {}),
      }),
    // From the person's click: the popup opens before anything asynchronous.
    signIn: () =>
      signInOutcome(
        popupOptionsAt(dataLayer, window.location, (url, target, features) =>
          window.open(url, target, features),
        ),
      ),
    upload: (input, options = {}) =>
      uploadFile(
        dataLayer,
        { purpose: input.purpose, file: input.file },
        {
          ...(options.signal ? { signal: options.signal } : {}),
          ...(options.onProgress
            ? {
                onProgress: (loaded: number, total: number) =>
                  options.onProgress?.(total > 0 ? loaded / total : 0),
              }
            : {}),
        },
      ),
  };
}
