/**
 * The API host's OpenAPI 3.1 document (`GET /v1/openapi.json`), generated from the route
 * declarations: its envelope (the paths and components are JSON Schema and OpenAPI objects).
 */
import * as z from "zod/mini";

export const openApiDocumentSchema = z.strictObject({
  openapi: z.literal("3.1.0"),
  info: z.strictObject({ title: z.string(), version: z.string() }),
  servers: z.array(z.strictObject({ url: z.string() })),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.optional(z.record(z.string(), z.unknown())),
  webhooks: z.optional(z.record(z.string(), z.unknown())),
});
