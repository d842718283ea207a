import { defineConfig } from "drizzle-kit";

// Every module's tables: app/lib/<module>/schema.ts or app/lib/<module>/<name>-schema.ts, so a new
// module's schema joins without a change here. `npm run db:generate` writes the next migration into
// drizzle/, which the store applies when it opens (app/lib/db/migrate.server.ts).
export default defineConfig({
  dialect: "sqlite",
  schema: ["./app/lib/*/schema.ts", "./app/lib/*/*-schema.ts"],
  out: "./drizzle",
});
