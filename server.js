// Starts the production site: the JavaScript that `npm run build` compiled into build/ (nothing
// compiles TypeScript at run time). PORT, HOST and the quote settings come from the environment.
import { startServer } from "./build/server/server.js";

startServer();
