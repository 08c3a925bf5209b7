/**
 * Serves the local environment of READING.md from one process: the API host (the reference
 * provider) and the connect host (the built frames under their CSP). Ports come from the
 * provider configuration; PORT_<ROLE> environment variables override them.
 */
import { serve } from "@hono/node-server";
import { type LocalPorts, localEnvironment } from "../protocol/provider.ts";
import { createConnectHostApp } from "../server/hosts/connect.ts";
import { startServer } from "../server/main.ts";

const root = new URL("..", import.meta.url).pathname;

function portsFromEnv(): Partial<LocalPorts> {
  const ports: { -readonly [K in keyof LocalPorts]?: number } = {};
  for (const role of ["platform", "connect", "api", "files", "dashboard"] as const) {
    const raw = process.env[`PORT_${role.toUpperCase()}`];
    if (raw === undefined) continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      console.error(`PORT_${role.toUpperCase()} must be a port number (1-65535).`);
      process.exit(2);
    }
    ports[role] = port;
  }
  return ports;
}

const ports = portsFromEnv();
const { platform, ...hosts } = localEnvironment(ports);
const api = await startServer({ ports });
const connectUrl = new URL(hosts.connect);
const connect = serve({
  fetch: createConnectHostApp({ hosts, distDir: `${root}dist/connect` }).fetch,
  hostname: connectUrl.hostname,
  port: Number(connectUrl.port),
});

console.log(`
  API host      ${api.url}  (${api.database.kind}; OpenAPI at ${api.url}/v1/openapi.json)
  connect host  ${hosts.connect}  (data-layer frame: ${hosts.connect}/data-layer.html)

  Not built yet: the example platform (${platform}), the sandbox seed and the component
  views. See README.md, "What is here today".
`);

const stop = async () => {
  connect.close();
  await api.close();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
