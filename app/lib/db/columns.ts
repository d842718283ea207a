import { customType } from "drizzle-orm/sqlite-core";

/**
 * A text column compared without regard to case (`COLLATE NOCASE`), for e-mail addresses: Drizzle's
 * text has no collation option, so the collation rides on the column's declared type.
 */
export const textNoCase = customType<{ data: string; driverData: string }>({
  dataType: () => "text COLLATE NOCASE",
});
