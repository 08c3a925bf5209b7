/** The webhook tables (migration 0030), merged into `Database` by `db/schema.ts`. */
import type { EventType } from "../../protocol/objects/event.schema.ts";
import type {
  EnabledEvent,
  WebhookAttempt,
  WebhookDeliveryStatus,
  WebhookEndpointStatus,
} from "../../protocol/objects/webhook-endpoint.schema.ts";
import type { Json, JsonWithDefault } from "../db/json.ts";

export interface WebhookEndpointsTable {
  id: string;
  platform_id: string;
  livemode: boolean;
  url: string;
  description: string | null;
  enabled_events: Json<EnabledEvent[]>;
  status: WebhookEndpointStatus;
  /** The signing secret, kept as it is: every delivery is signed with it. */
  secret: string;
  api_version: string;
  created: number;
}

export interface EventsTable {
  id: string;
  platform_id: string;
  account_id: string | null;
  livemode: boolean;
  type: EventType;
  /** `{object}`: the object right after the change. */
  data: Json<{ object: unknown }>;
  api_version: string;
  /** On the platform's sandbox clock, like the object it describes. */
  created: number;
}

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: WebhookDeliveryStatus;
  attempt_count: number;
  attempts: JsonWithDefault<WebhookAttempt[]>;
  /** Wall-clock seconds; null once the delivery succeeded or failed for good. */
  next_attempt_at: number | null;
  locked_until: number | null;
  created: number;
}

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
