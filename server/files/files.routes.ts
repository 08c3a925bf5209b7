/** `GET /v1/files/:id` on the API host: a file's metadata (uploads go to the files host). */
import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { fileSchema } from "../../protocol/objects/file.schema.ts";
import type { AppEnv } from "../http/context.ts";
import { defineRoute } from "../http/route.ts";
import { findReadableFile, renderFile } from "./files.ts";

export const filesApp = new OpenAPIHono<AppEnv>();

defineRoute(
  filesApp,
  {
    method: "get",
    path: "/v1/files/:id",
    summary: "Retrieve a file's metadata (upload and download on the files host)",
    tags: ["Files"],
    auth: ["secret", "account_session", "user"],
    params: z.strictObject({ id: z.string().min(1).max(255) }),
    response: fileSchema,
  },
  async ({ deps, principal, params }) =>
    renderFile(
      await findReadableFile(deps.db, principal, params.id, false),
      deps.config.hosts.files,
    ),
);
