// Child process of the Litestream tests: a server's part that starts Litestream on a database, then
// prints Litestream's process id, so a test can kill this process outright and see what outlives it.
// Usage: node --import tsx tests/support/litestream-host.ts DB_FILE PLACE_FOLDER
import { startLitestream } from "../../app/lib/backup/litestream.server";

const [dbFile, placeFolder] = process.argv.slice(2);
const supervisor = await startLitestream({
  dbFile: dbFile!,
  backup: { place: { kind: "file", path: placeFolder! }, retentionDays: 30 },
  log: () => {},
});
const waitForPid = setInterval(() => {
  const pid = supervisor.pid();
  if (pid) {
    clearInterval(waitForPid);
    console.log(`litestream ${pid}`);
  }
}, 50);
