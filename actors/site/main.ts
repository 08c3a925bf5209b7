/** Entry of the shared site script (`dist/site/site.js`): see `page.ts`. */
import { startSitePage } from "./page.ts";

startSitePage();
