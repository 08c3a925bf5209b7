// A platform's smallest backend, as a platform developer writes one in their own project: one
// page with only markup (the classic script's tag and the configuration element) and the
// endpoint that creates account sessions with the secret key. The keys and hosts come from the
// sandbox command's environment lines (ORIEL_SECRET_KEY=…, `--env`).
import { createServer } from "node:http";
import { SandboxClient } from "oriel/testing";

export function startPlatform({ port, env = process.env }) {
  const sandbox = new SandboxClient({
    apiUrl: env.ORIEL_API_URL,
    secretKey: env.ORIEL_SECRET_KEY,
    account: env.ORIEL_ACCOUNT_ID,
  });
  const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Payouts</title>
    <script src="${env.ORIEL_CLASSIC_SCRIPT_URL}"></script>
  </head>
  <body>
    <oriel-connect publishable-key="${env.ORIEL_PUBLISHABLE_KEY}" client-secret-url="/api/account_session"></oriel-connect>
    <h1>Payouts</h1>
    <oriel-payouts-list></oriel-payouts-list>
  </body>
</html>`;
  const server = createServer(async (request, response) => {
    if (request.method === "GET" && request.url === "/") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(page);
    } else if (request.method === "POST" && request.url === "/api/account_session") {
      try {
        const clientSecret = await sandbox.createAccountSession({ "payouts-list": {} });
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ client_secret: clientSecret }));
      } catch (error) {
        response.writeHead(502, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ error: { message: String(error) } }));
      }
    } else if (request.url === "/favicon.ico") {
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(port, "localhost", () =>
      resolve({ url: `http://localhost:${port}`, close: () => server.close() }),
    ),
  );
}
