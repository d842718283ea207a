import { parseArgs } from "node:util";
import type Database from "better-sqlite3";
import { z } from "zod";
import { hasUnsafeCharacters } from "~/lib/text-fields";
import { addColleague, removeColleague, renewSetupLink, setupLink } from "./colleagues.server";
import { isStaffRole } from "./permissions";
import { pakistanTime } from "./time";
import { StaffDirectory } from "./staff.server";

export const staffUsage = `Usage: npm run staff -- add EMAIL --name "NAME" [--role owner|staff]
       npm run staff -- list
       npm run staff -- remove EMAIL
       npm run staff -- reset EMAIL

  add EMAIL --name NAME  Creates a desk account and prints its set-up link (24 hours, single use)
    --role owner|staff   What the account may do (default staff; the first account is always an owner):
                         staff work the requests and proofs, owners also manage the desk's accounts
  list                   Every account, its role, and whether its password is set
  remove EMAIL           Removes the account and ends its sessions at once
  reset EMAIL            Prints a new set-up link (the password stays until the link is used)

Reads quotes.db in DATA_DIR (default ./data); links start with SITE_URL.`;

const email = z.email();

/** Runs one staff command; the output is for the operator (the link is the only secret it prints). */
export function runStaffCommand(
  argv: string[],
  db: Database.Database,
  now = Date.now(),
): { output: string; code: number } {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { name: { type: "string" }, role: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return { output: `${error instanceof Error ? error.message : String(error)}\n${staffUsage}`, code: 2 };
  }
  const [command, address, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) return { output: staffUsage, code: parsed.values.help ? 0 : 2 };
  const staff = new StaffDirectory(db);
  const usage = (message: string) => ({ output: `${message}\n${staffUsage}`, code: 2 });

  if (command === "list" && !address) {
    const members = staff.list();
    if (members.length === 0)
      return { output: "No staff accounts yet: npm run staff -- add EMAIL --name NAME", code: 0 };
    return {
      output: members
        .map(
          (member) =>
            `${member.email}  ${member.name}  ${member.role}  ${member.hasPassword ? "password set" : "waiting for set-up"}  (added ${pakistanTime(member.createdAt)})`,
        )
        .join("\n"),
      code: 0,
    };
  }
  if (!["add", "remove", "reset"].includes(command) || rest.length > 0)
    return usage(`Unknown command: ${parsed.positionals.join(" ")}`);
  if (!address || !email.safeParse(address).success)
    return usage(`${command} needs an e-mail address, not "${address ?? ""}".`);

  if (command === "add") {
    const name = parsed.values.name?.trim();
    if (!name) return usage('add needs the person\'s name: --name "NAME".');
    if (hasUnsafeCharacters(name) || name.length > 100)
      return usage("--name is one line of at most 100 characters, without control or text-direction characters.");
    const role = parsed.values.role ?? "staff";
    if (!isStaffRole(role)) return usage(`--role is owner or staff, not "${role}".`);
    const added = addColleague(staff, { email: address, name, role }, now);
    if (!added.ok) return { output: `${address} already has an account (reset EMAIL prints a new link).`, code: 1 };
    return {
      output: `Account added for ${name} <${added.member.email}>, ${added.member.role}. Set-up link (24 hours, single use):\n${setupLink(added.token)}`,
      code: 0,
    };
  }
  if (command === "remove") {
    const removed = removeColleague(staff, address);
    if (!removed.ok)
      return removed.refused === "no such account"
        ? { output: `No account for ${address}.`, code: 1 }
        : { output: `${address} is the desk's last owner: add another owner first.`, code: 1 };
    return {
      output: `Removed ${removed.member.name} <${removed.member.email}>; their sessions have ended.`,
      code: 0,
    };
  }
  const renewed = renewSetupLink(staff, address, now);
  if (!renewed.ok) return { output: `No account for ${address}.`, code: 1 };
  return {
    output: `New set-up link for ${renewed.member.name} <${renewed.member.email}> (24 hours, single use; earlier links no longer work):\n${setupLink(renewed.token)}`,
    code: 0,
  };
}
