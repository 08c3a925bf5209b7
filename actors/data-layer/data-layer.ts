/**
 * The data layer: the hidden frame that holds every key (ARCHITECTURE.md "Data-layer
 * frame"). `createDataLayer` wires the intake, the key store, the claim, the proxy, the
 * popup waits, logout, risk signals and telemetry over injected effects, so the page and the
 * tests build the very same thing.
 */

import { internalAllowedAt } from "../../protocol/catalogue/internal-gate.ts";
import type { InspectionRecord } from "../../protocol/inspection.ts";
import { observabilityMetadataOf } from "../../protocol/objects/observability-metadata.schema.ts";
import { sanitizeSession } from "../../protocol/objects/sanitized-session.schema.ts";
import { classifyEnvironment, internalOverridesAllowed } from "../../protocol/provider.ts";
import { type Claim, createClaim } from "./claim.ts";
import { createFontStylesheets } from "./font-stylesheets.ts";
import { createInspectionHub, type InspectionHub } from "./inspection.ts";
import { type Connection, createIntake, type Intake, type PortRequest } from "./intake.ts";
import { createKeyGate } from "./key-gate.ts";
import { createKeyStore, type KeyStore } from "./keys.actor.ts";
import { createLogout } from "./logout.ts";
import { createPopup, type Popup } from "./popup.ts";
import { type ApiProxy, createProxy } from "./proxy.ts";
import {
  authStateChanged,
  authStateFor,
  authStateReply,
  clientSecretNeeded,
  errorResponse,
  okResponse,
  sessionChanged,
} from "./replies.ts";
import { collectRiskSignals } from "./risk.ts";
import { createTelemetry, type Telemetry } from "./telemetry.ts";
import { createTransfers } from "./transfers.ts";
import { consoleLogger, type DataLayerDeps, systemClock, systemTimers } from "./types.ts";

export const overrideRefusedMessage =
  "The API-key override is accepted only from the platform, on a host where override flags are honoured";

export interface DataLayer {
  keys: KeyStore;
  claim: Claim;
  proxy: ApiProxy;
  popup: Popup;
  telemetry: Telemetry;
  intake: Intake;
  /** The live inspector's relay (issue 17). */
  inspection: InspectionHub;
  /** Removes the window listener, closes every port, flushes telemetry, stops the actors. */
  dispose(): void;
}

export function createDataLayer(deps: DataLayerDeps): DataLayer {
  const log = deps.log ?? consoleLogger;
  const clock = deps.clock ?? systemClock;
  const timers = deps.timers ?? systemTimers;
  const { fetch, hosts } = deps;
  let publishableKey: string | undefined;
  let platform: Connection | null = null;
  const overrideAllowed =
    deps.platformOrigin !== null && internalOverridesAllowed(new URL(deps.platformOrigin).hostname);

  const keys = createKeyStore({ clock, storage: deps.storage, log });
  // Closed by a logout: no key-bearing call goes out until it has finished (key-gate.ts).
  const gate = createKeyGate(timers);
  // Late-bound: the intake is created last, once every handler exists.
  let intake: Intake | null = null;
  const broadcast: Intake["broadcast"] = (message) => intake?.broadcast(message);

  const telemetry = createTelemetry({
    fetch,
    hosts,
    environment: deps.environment,
    clock,
    timers,
    log,
    pagePath: deps.platformPagePath,
    sessionMetadata: () => {
      const session = claim.session();
      return session ? observabilityMetadataOf(session) : null;
    },
    sessionKey: () => keys.read("account_session")?.apiKey ?? null,
    gate,
    consent: deps.consent,
  });

  const claim = createClaim({
    fetch,
    hosts,
    keys,
    clock,
    timers,
    log,
    telemetry,
    publishableKey: () => publishableKey,
    platformOrigin: deps.platformOrigin,
    onClientSecretNeeded: () => {
      if (platform) platform.send(clientSecretNeeded());
      else log.warn("data layer: the session expired and no platform is connected");
    },
    onSessionChanged: (session) => broadcast(sessionChanged(session)),
  });

  keys.onAccountSessionExpired(() => claim.sessionExpired());
  keys.subscribe((state) => {
    for (const connection of intake?.connections() ?? [])
      connection.send(authStateChanged(authStateFor(connection.sender, state)));
  });

  const proxy = createProxy({ fetch, hosts, keys, claim, telemetry, log, timers, gate });
  const popup = createPopup({ fetch, hosts, keys, clock, telemetry, log, broadcast });
  const transfers = createTransfers({ fetch, hosts, proxy });
  const fontStylesheets = createFontStylesheets({
    fetch,
    development: classifyEnvironment(new URL(deps.selfOrigin).hostname) !== "production",
  });
  const logout = createLogout({ fetch, hosts, keys, claim, gate, log });
  const inspection = createInspectionHub({
    // The inspector is an internal component: it opens only where internal components may
    // load (the place's rule alone, so the data layer carries no catalogue manifest).
    allowed:
      deps.platformOrigin !== null &&
      internalAllowedAt({
        hostname: new URL(deps.platformOrigin).hostname,
        overrideFlagSet: deps.overrideFlagSet ?? false,
      }),
    log,
    connections: () => intake?.connections() ?? [],
    startRecorder: async (options) =>
      (await import("../inspection/recorder.ts")).startRecorder({ ...options, timers }),
    popupOrigin: deps.selfOrigin,
  });

  const onRequest = (connection: Connection, request: PortRequest): void => {
    switch (request.requestType) {
      case "claimAccountSessionRequest":
        // SPEC.md §6: the API-key override only from the platform, where override flags are
        // honoured (docs/security.md "Override mode").
        if (request.override && !(connection.sender === "platform" && overrideAllowed)) {
          log.warn("data layer: an override claim was refused", { sender: connection.sender });
          connection.send(errorResponse(request.requestId, overrideRefusedMessage));
          return;
        }
        claim.request(connection, request);
        return;
      case "collectRiskSignalsRequest":
        // Sent with the account-session key: not while a logout runs, and counted on the wire.
        void gate.open().then(() => {
          const settled = gate.track();
          return collectRiskSignals({ fetch, hosts, keys, log })
            .finally(settled)
            .then((result) => connection.send(okResponse(request.requestId, result)));
        });
        return;
      case "authedProxy":
      case "proxy":
        void proxy.handle(connection, request);
        return;
      case "abort":
        if (!proxy.abort(connection, request.targetRequestId))
          popup.abort(connection, request.targetRequestId);
        return;
      case "analyticsEvent":
        telemetry.analytics(request.event, request.riskExperienceContext);
        return;
      case "errorReport":
        telemetry.errorReport({
          error: request.error,
          level: request.level,
          owner: request.owner,
          tags: { ...connection.tags, ...request.tags },
          componentName: connection.componentName ?? request.componentName,
        });
        return;
      case "metricsEvent":
        telemetry.metrics(request.metrics);
        return;
      case "logIframeLoadedFontRequest": {
        const component = connection.componentName ?? request.componentName;
        telemetry.analytics({
          event_name: "connect_js_font_loaded",
          font_families: request.fontFamilies,
          ...(component ? { component } : {}),
        });
        return;
      }
      case "authStateRequest":
        connection.send(
          authStateReply(request.requestId, authStateFor(connection.sender, keys.authState())),
        );
        return;
      case "logout":
        void logout(connection, request);
        return;
      case "errorReportingTags":
        Object.assign(connection.tags, request.tags);
        return;
      case "openPopupAndWaitForAuth":
      case "openPopupAndWaitForComplete":
        popup.wait(connection, request);
        return;
      case "uploadFile":
        void transfers.upload(connection, request);
        return;
      case "downloadFile":
        void transfers.download(connection, request);
        return;
      case "fetchFontStylesheet":
        void fontStylesheets.handle(connection, request);
        return;
      case "inspectorOpen":
        inspection.open(connection, request.requestId);
        return;
      case "inspectorClose":
        inspection.close(connection, request.requestId);
        return;
      case "inspectionReport":
        inspection.report(connection, request.records as InspectionRecord[]);
        return;
    }
  };

  intake = createIntake({
    window: deps.window,
    hosts,
    selfOrigin: deps.selfOrigin,
    platformOrigin: deps.platformOrigin,
    log,
    currentSession: () => {
      const session = claim.session();
      return session ? sanitizeSession(session) : null;
    },
    onInit: (connection, init) => {
      inspection.connected(connection);
      if (init.sender !== "platform") return;
      platform = connection;
      publishableKey = init.publishableKey;
    },
    onRequest,
    onPopupEvent: (event, source) => {
      if (event.requestType === "popupInspectionReport") {
        inspection.popupReport(source, event.records as InspectionRecord[]);
        return;
      }
      inspection.popupEvent(source, event.requestType);
      popup.popupEvent(event);
    },
  });
  const live = intake;

  return {
    keys,
    claim,
    proxy,
    popup,
    telemetry,
    intake: live,
    inspection,
    dispose() {
      inspection.stop();
      live.dispose();
      telemetry.dispose();
      popup.stop();
      claim.stop();
      keys.stop();
    },
  };
}
