/**
 * Staff accounts of the quote desk: `npm run staff -- add EMAIL --name "NAME" | list | remove EMAIL | reset EMAIL`,
 * compiled into build/server/staff.js by `npm run build`. Reads quotes.db in DATA_DIR, like the server.
 */
import { readQuoteConfig } from "~/lib/quotes/config.server";
import { openDatabase } from "~/lib/db/database.server";
import { runStaffCommand } from "~/lib/desk/staff-command.server";

const { dataDir } = readQuoteConfig();
const db = openDatabase(dataDir);
try {
  const { output, code } = runStaffCommand(process.argv.slice(2), db);
  if (code === 0) console.log(output);
  else console.error(output);
  process.exitCode = code;
} finally {
  db.close();
}
