/**
 * The package's sandbox command (`<provider id>-sandbox`): runs `cli.ts`'s main. `npm run build`
 * bundles this file into `dist/server/sandbox.js`, the `bin` package.json names.
 */
import { main } from "./cli.ts";

await main(process.argv.slice(2));
