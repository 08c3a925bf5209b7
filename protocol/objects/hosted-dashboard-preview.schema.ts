/**
 * The hosted dashboard preview (`GET /v1/embedded/hosted_dashboard_preview`, issue 17 item 7):
 * the provider's hosted dashboard pages for the session's account — its sign-in and its
 * accounts page — rendered by the dashboard host's own templates under the branding asked
 * for, read-only (no script, inert forms). Each page is its `<main>` element's HTML, every
 * value escaped by the provider; the stylesheet is the dashboard's, which the connect host
 * also serves (`/dashboard.css`), so the frame shows the page in a sandboxed document of its
 * own under its CSP.
 */
import * as z from "zod/mini";
import { endpoints } from "../endpoints.ts";

export const hostedDashboardPageIds = ["sign_in", "accounts"] as const;
export type HostedDashboardPageId = (typeof hostedDashboardPageIds)[number];

/** The longest display name a platform may brand its dashboard with. */
export const HOSTED_DASHBOARD_NAME_MAX = 100;

export const hostedDashboardPageSchema = z.strictObject({
  id: z.enum(hostedDashboardPageIds),
  /** The page's title, as its `<title>` says (without the brand). */
  title: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The page's `<main>` element: brand, content, the provider's line. */
  html: z.string().check(z.minLength(1), z.maxLength(200_000)),
});
export type HostedDashboardPage = z.output<typeof hostedDashboardPageSchema>;

export const hostedDashboardPreviewSchema = z.strictObject({
  object: z.literal("hosted_dashboard_preview"),
  /** The account whose pages these are. */
  account: z.string().check(z.minLength(1)),
  /** The branding the pages were rendered with. */
  display_name: z.string().check(z.minLength(1), z.maxLength(HOSTED_DASHBOARD_NAME_MAX)),
  icon: z.nullable(z.string()),
  pages: z.array(hostedDashboardPageSchema).check(z.minLength(1)),
});
export type HostedDashboardPreview = z.output<typeof hostedDashboardPreviewSchema>;

/** What the tool asks for: the platform's branding as its attributes give it. */
export interface HostedDashboardBranding {
  displayName?: string | undefined;
  icon?: string | undefined;
}

/** The preview's URL for a branding: its parameters in a fixed order, absent ones left out. */
export function hostedDashboardPreviewUrl(branding: HostedDashboardBranding): string {
  const params = new URLSearchParams();
  if (branding.displayName !== undefined) params.set("display_name", branding.displayName);
  if (branding.icon !== undefined) params.set("icon", branding.icon);
  const query = params.toString();
  return `${endpoints.hostedDashboardPreview}${query ? `?${query}` : ""}`;
}
