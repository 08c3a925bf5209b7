/**
 * The files host (READING.md: uploads and downloads, its own origin): `POST /v1/files`
 * takes a multipart upload (`file`, `purpose`; 10 MB at most; PDF, JPEG or PNG by its
 * bytes), and `GET /v1/files/:id/contents` answers the bytes to a key that may read the
 * file. Metadata is `GET /v1/files/:id` on the API host. Same conventions as the API: the
 * error object, a Request-Id on every answer, keys in `Authorization`, CORS for the connect
 * origin only.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import type { Kysely } from "kysely";
import {
  type FilePurpose,
  type FileType,
  filePurposes,
} from "../../protocol/objects/file.schema.ts";
import { provider } from "../../protocol/provider.ts";
import { defaultConfig, type ServerConfig } from "../config.ts";
import type { Database } from "../db/schema.ts";
import {
  contentTypeOf,
  findReadableFile,
  maxFileBytes,
  renderFile,
  storeFile,
} from "../files/files.ts";
import { authenticate, requireKind } from "../http/auth.ts";
import { limitBody } from "../http/body-limit.ts";
import type { AppEnv } from "../http/context.ts";
import { ApiError, answerErrorsAsApi, invalidRequest } from "../http/errors.ts";
import { newId } from "../http/secrets.ts";

export interface FilesHostOptions {
  db: Kysely<Database>;
  config?: Partial<ServerConfig>;
}

/** Room for the multipart envelope around a file of the largest size. */
const multipartOverhead = 64 * 1024;

export function createFilesHostApp(options: FilesHostOptions) {
  const config = defaultConfig(options.config);
  const deps = { db: options.db, config };
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const requestId = newId("req");
    c.set("requestId", requestId);
    // The caller's platform's sandbox clock is applied once its key is read (`authenticate`).
    c.set("deps", deps);
    await next();
    c.header(provider.headers.requestId, requestId);
    c.header("X-Content-Type-Options", "nosniff");
  });
  // Every body but an upload's (bounded below by the file size) has the API's limit.
  app.use(
    limitBody(config.maxBodyBytes, {
      skip: (c) => c.req.method === "POST" && c.req.path === "/v1/files",
    }),
  );
  app.use(
    "/v1/*",
    cors({
      origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ["GET", "POST", "OPTIONS"],
      allowHeaders: [
        "Authorization",
        "Content-Type",
        provider.headers.account,
        provider.headers.version,
        provider.headers.livemode,
      ],
      exposeHeaders: [provider.headers.requestId, "Content-Disposition"],
      maxAge: 600,
    }),
  );

  app.post(
    "/v1/files",
    bodyLimit({
      maxSize: maxFileBytes + multipartOverhead,
      onError: () => {
        throw invalidRequest(`The file is larger than ${maxFileBytes} bytes.`, {
          code: "file_too_large",
          param: "file",
        });
      },
    }),
    async (c) => {
      const { principal, deps } = await authenticate(c, c.get("deps"));
      requireKind(principal, ["secret", "account_session", "user"] as const);
      const type = (c.req.header("content-type") ?? "").toLowerCase();
      if (!type.startsWith("multipart/form-data")) {
        throw new ApiError(415, "invalid_request_error", "Uploads must be multipart/form-data.", {
          code: "content_type_invalid",
        });
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw invalidRequest("The multipart body could not be read.", { code: "body_invalid" });
      }
      for (const name of new Set(form.keys())) {
        if (name !== "file" && name !== "purpose") {
          throw invalidRequest(`Received unknown parameter: ${name}`, {
            code: "parameter_unknown",
            param: name,
          });
        }
        if (form.getAll(name).length > 1) {
          throw invalidRequest(`Send ${name} once.`, { code: "parameter_invalid", param: name });
        }
      }
      const purpose = form.get("purpose");
      if (typeof purpose !== "string" || !(filePurposes as readonly string[]).includes(purpose)) {
        throw invalidRequest(`Invalid purpose: must be one of ${filePurposes.join(", ")}`, {
          code: purpose === null ? "parameter_missing" : "parameter_invalid",
          param: "purpose",
        });
      }
      const file = form.get("file");
      if (!(file instanceof File)) {
        throw invalidRequest("Missing required param: file (a file part).", {
          code: "parameter_missing",
          param: "file",
        });
      }
      const row = await storeFile(
        deps.db,
        principal,
        {
          purpose: purpose as FilePurpose,
          filename: file.name,
          bytes: new Uint8Array(await file.arrayBuffer()),
        },
        deps.config.now(),
      );
      return c.json(renderFile(row, config.hosts.files));
    },
  );

  app.get("/v1/files/:id/contents", async (c) => {
    const { principal, deps } = await authenticate(c, c.get("deps"));
    const row = await findReadableFile(deps.db, principal, c.req.param("id"), true);
    const filename = row.filename.replace(/[^\w.\- ]/g, "_");
    return c.body(new Uint8Array(row.content ?? new Uint8Array()), 200, {
      "Content-Type": contentTypeOf(row.type as FileType),
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    });
  });

  answerErrorsAsApi(app);
  return app;
}
