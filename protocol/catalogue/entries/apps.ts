/** Third-party apps: install, viewport, and the deprecated settings and onboarding. */
import { z } from "zod";
import { tagName } from "../../provider.ts";
import { defineComponent, enableFlag } from "../definition.schema.ts";
import { appId, booleanAttribute, propertyBag, userId } from "../inputs.schema.ts";
import { errorTexts } from "./error-texts.ts";

const app = {
  name: "app",
  internal: false,
  description: "The app (its id).",
  schema: appId,
} as const;

const installDetail = z.strictObject({
  appId: z.string().min(1),
  installState: z.enum(["installed", "uninstalled"]),
});

const appInstall = defineComponent({
  enabledKey: "app_install",
  enabledOverrideFlag: enableFlag("app_install"),
  releaseState: "ga",
  friendlyName: "App install",
  description: "A button that installs or uninstalls a third-party app.",
  docSitePath: "/components/app-install",
  errorText: errorTexts.apps,
  disableMinWidth: true,
  htmlAttributes: [
    app,
    {
      name: "test",
      internal: false,
      description: "Installs the app's test-mode version.",
      schema: booleanAttribute,
    },
  ],
  htmlEvents: [
    {
      name: "appinstallfetched",
      internal: false,
      description: "The install state was fetched.",
      detail: installDetail,
    },
    {
      name: "appinstallcompleted",
      internal: false,
      description: "The user installed or uninstalled the app.",
      detail: installDetail,
    },
  ],
});

export const appEntries = {
  "app-install": appInstall,

  // SPEC.md §2: "app-onboarding reuses app-install".
  "app-onboarding": {
    ...appInstall,
    aliasOf: "app-install",
    friendlyName: "App onboarding",
    deprecatedMessage: `${tagName("app-onboarding")} is deprecated: use ${tagName("app-install")}.`,
  },

  "app-settings": defineComponent({
    enabledKey: "app_settings",
    enabledOverrideFlag: enableFlag("app_settings"),
    releaseState: "ga",
    friendlyName: "App settings",
    description: "Renders the app's embedded.settings viewport.",
    docSitePath: "/components/app-settings",
    deprecatedMessage: `${tagName("app-settings")} is deprecated: use ${tagName("app-viewport")}.`,
    errorText: errorTexts.apps,
    htmlAttributes: [
      app,
      {
        name: "user-id",
        internal: false,
        description: "The user the settings belong to.",
        schema: userId,
      },
    ],
  }),

  "app-viewport": defineComponent({
    enabledKey: "app_viewport",
    enabledOverrideFlag: enableFlag("app_viewport"),
    releaseState: "ga",
    friendlyName: "App viewport",
    description: "Renders a viewport of an app.",
    docSitePath: "/components/app-viewport",
    errorText: errorTexts.apps,
    htmlAttributes: [app],
    customHtmlElementMethods: [
      {
        name: "setAppData",
        type: "SupplementalObject",
        target: { kind: "object", name: "appData" },
        internal: false,
        description: "An arbitrary property bag passed to the app.",
        schema: propertyBag,
      },
    ],
  }),
} as const;
