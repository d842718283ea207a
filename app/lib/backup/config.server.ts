import { z } from "zod";

/**
 * Where the backup goes (BACKUP_URL) and how to reach it; each variable is documented in README.md
 * ("Backup"). Unset: no backup, and the System page and `/healthz` say so.
 */
export type BackupPlace =
  | { kind: "file"; /** Absolute folder path. */ path: string }
  | {
      kind: "sftp";
      host: string;
      port: number;
      user: string;
      /** Absolute folder path on the server. */
      path: string;
      /** The private key file (BACKUP_SSH_KEY). */
      keyFile: string;
      /** A known_hosts file with the server's key (BACKUP_SSH_KNOWN_HOSTS); null: the key is not checked. */
      knownHostsFile: string | null;
    }
  | {
      kind: "s3";
      bucket: string;
      /** Key prefix inside the bucket, without leading or trailing slash ("" for the bucket's root). */
      prefix: string;
      /** BACKUP_S3_ENDPOINT for providers other than AWS (e.g. https://s3.example.com); null for AWS. */
      endpoint: string | null;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
    };

export type SftpPlace = Extract<BackupPlace, { kind: "sftp" }>;
export type S3Place = Extract<BackupPlace, { kind: "s3" }>;

export type BackupConfig = {
  place: BackupPlace;
  /** How long snapshots and removed files are kept in the backup (BACKUP_RETENTION_DAYS, default 30). */
  retentionDays: number;
};

export class BackupConfigError extends Error {}

const blankAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const envSchema = z.object({
  BACKUP_URL: z.preprocess(blankAsUnset, z.string().trim().optional()),
  BACKUP_SSH_KEY: z.preprocess(blankAsUnset, z.string().trim().optional()),
  BACKUP_SSH_KNOWN_HOSTS: z.preprocess(blankAsUnset, z.string().trim().optional()),
  BACKUP_RETENTION_DAYS: z.preprocess(
    blankAsUnset,
    z.coerce
      .number({ error: "BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more." })
      .int("BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more.")
      .min(1, "BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more.")
      .default(30),
  ),
  AWS_ACCESS_KEY_ID: z.preprocess(blankAsUnset, z.string().optional()),
  AWS_SECRET_ACCESS_KEY: z.preprocess(blankAsUnset, z.string().optional()),
  BACKUP_S3_ENDPOINT: z.preprocess(blankAsUnset, z.url("BACKUP_S3_ENDPOINT must be a URL.").optional()),
  BACKUP_S3_REGION: z.preprocess(blankAsUnset, z.string().trim().optional()),
});

const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, "");

/** The backup's settings from the environment, or null when BACKUP_URL is unset; a bad value throws with its reason. */
export function readBackupConfig(env: NodeJS.ProcessEnv = process.env): BackupConfig | null {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new BackupConfigError(parsed.error.issues.map((issue) => issue.message).join("\n"));
  const vars = parsed.data;
  if (!vars.BACKUP_URL) return null;
  return { place: parsePlace(vars.BACKUP_URL, vars), retentionDays: vars.BACKUP_RETENTION_DAYS };
}

function parsePlace(text: string, vars: z.infer<typeof envSchema>): BackupPlace {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BackupConfigError("BACKUP_URL must be file:///folder, sftp://user@host:22/folder or s3://bucket/prefix.");
  }
  const path = decodeURIComponent(url.pathname);
  switch (url.protocol) {
    case "file:":
      if (url.host) throw new BackupConfigError("BACKUP_URL file:// takes a local folder: file:///mnt/backup/promo.");
      if (trimSlashes(path) === "") throw new BackupConfigError("BACKUP_URL must name a folder, not the root.");
      return { kind: "file", path: path.replace(/\/+$/, "") };
    case "sftp:":
      if (!url.hostname || !url.username)
        throw new BackupConfigError("BACKUP_URL sftp:// needs a user and a host: sftp://user@host:22/folder.");
      if (url.password)
        throw new BackupConfigError("BACKUP_URL must not hold a password: give the key's file in BACKUP_SSH_KEY.");
      if (!vars.BACKUP_SSH_KEY) throw new BackupConfigError("BACKUP_SSH_KEY must name the private key file for SFTP.");
      if (trimSlashes(path) === "") throw new BackupConfigError("BACKUP_URL must name a folder on the SFTP server.");
      return {
        kind: "sftp",
        host: url.hostname,
        port: url.port ? Number(url.port) : 22,
        user: decodeURIComponent(url.username),
        path: path.replace(/\/+$/, ""),
        keyFile: vars.BACKUP_SSH_KEY,
        knownHostsFile: vars.BACKUP_SSH_KNOWN_HOSTS ?? null,
      };
    case "s3:":
      if (!url.hostname) throw new BackupConfigError("BACKUP_URL s3:// needs a bucket: s3://bucket/prefix.");
      if (!vars.AWS_ACCESS_KEY_ID || !vars.AWS_SECRET_ACCESS_KEY)
        throw new BackupConfigError("AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set for an s3:// backup.");
      return {
        kind: "s3",
        bucket: url.hostname,
        prefix: trimSlashes(path),
        endpoint: vars.BACKUP_S3_ENDPOINT ?? null,
        region: vars.BACKUP_S3_REGION ?? "us-east-1",
        accessKeyId: vars.AWS_ACCESS_KEY_ID,
        secretAccessKey: vars.AWS_SECRET_ACCESS_KEY,
      };
    default:
      throw new BackupConfigError(
        "BACKUP_URL must be file:///folder, sftp://user@host:22/folder or s3://bucket/prefix.",
      );
  }
}

/** The place in words for owners and logs: never a key or a secret. */
export function describePlace(place: BackupPlace): string {
  switch (place.kind) {
    case "file":
      return `Folder ${place.path}`;
    case "sftp":
      return `SFTP ${place.user}@${place.host}:${place.port} ${place.path}`;
    case "s3":
      return `S3 bucket ${place.bucket}${place.prefix ? `/${place.prefix}` : ""}${place.endpoint ? ` at ${new URL(place.endpoint).host}` : ""}`;
  }
}
