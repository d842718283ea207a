import { describe, expect, it } from "vitest";
import { BackupConfigError, describePlace, readBackupConfig } from "./config.server";

const secret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
const s3Keys = { AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE", AWS_SECRET_ACCESS_KEY: secret };
const sshKey = { BACKUP_SSH_KEY: "/etc/promo/backup_ed25519" };

describe("the backup's settings", () => {
  it("are absent when BACKUP_URL is unset or blank", () => {
    expect(readBackupConfig({})).toBeNull();
    expect(readBackupConfig({ BACKUP_URL: "  " })).toBeNull();
  });

  it("read a folder, with the retention at 30 days unless set", () => {
    expect(readBackupConfig({ BACKUP_URL: "file:///mnt/backup/promo/" })).toEqual({
      place: { kind: "file", path: "/mnt/backup/promo" },
      retentionDays: 30,
    });
    expect(readBackupConfig({ BACKUP_URL: "file:///mnt/usb%20disk/promo", BACKUP_RETENTION_DAYS: "90" })).toEqual({
      place: { kind: "file", path: "/mnt/usb disk/promo" },
      retentionDays: 90,
    });
  });

  it("read an SFTP server with its key, its port (22 unless given) and its known hosts", () => {
    expect(readBackupConfig({ BACKUP_URL: "sftp://backup@nas.example:2222/srv/promo/", ...sshKey })?.place).toEqual({
      kind: "sftp",
      host: "nas.example",
      port: 2222,
      user: "backup",
      path: "/srv/promo",
      keyFile: "/etc/promo/backup_ed25519",
      knownHostsFile: null,
    });
    expect(
      readBackupConfig({
        BACKUP_URL: "sftp://backup@nas.example/srv/promo",
        ...sshKey,
        BACKUP_SSH_KNOWN_HOSTS: "/etc/promo/known_hosts",
      })?.place,
    ).toMatchObject({ port: 22, knownHostsFile: "/etc/promo/known_hosts" });
  });

  it("read an S3 bucket on AWS, or at another provider's endpoint", () => {
    expect(readBackupConfig({ BACKUP_URL: "s3://promo-backup/shop/promo/", ...s3Keys })?.place).toEqual({
      kind: "s3",
      bucket: "promo-backup",
      prefix: "shop/promo",
      endpoint: null,
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: secret,
    });
    expect(
      readBackupConfig({
        BACKUP_URL: "s3://promo-backup",
        BACKUP_S3_ENDPOINT: "https://s3.eu-central-1.wasabisys.com",
        BACKUP_S3_REGION: "eu-central-1",
        ...s3Keys,
      })?.place,
    ).toMatchObject({ prefix: "", endpoint: "https://s3.eu-central-1.wasabisys.com", region: "eu-central-1" });
  });

  it.each([
    [
      { BACKUP_URL: "/mnt/backup" },
      "BACKUP_URL must be file:///folder, sftp://user@host:22/folder or s3://bucket/prefix.",
    ],
    [
      { BACKUP_URL: "https://backup.example/promo" },
      "BACKUP_URL must be file:///folder, sftp://user@host:22/folder or s3://bucket/prefix.",
    ],
    [{ BACKUP_URL: "file://nas/promo" }, "BACKUP_URL file:// takes a local folder: file:///mnt/backup/promo."],
    [{ BACKUP_URL: "file:///" }, "BACKUP_URL must name a folder, not the root."],
    [{ BACKUP_URL: "sftp://nas.example/srv", ...sshKey }, "BACKUP_URL sftp:// needs a user and a host"],
    [
      { BACKUP_URL: "sftp://backup:hunter2@nas.example/srv", ...sshKey },
      "BACKUP_URL must not hold a password: give the key's file in BACKUP_SSH_KEY.",
    ],
    [{ BACKUP_URL: "sftp://backup@nas.example/srv" }, "BACKUP_SSH_KEY must name the private key file for SFTP."],
    [{ BACKUP_URL: "sftp://backup@nas.example/", ...sshKey }, "BACKUP_URL must name a folder on the SFTP server."],
    [{ BACKUP_URL: "s3:///promo", ...s3Keys }, "BACKUP_URL s3:// needs a bucket: s3://bucket/prefix."],
    [
      { BACKUP_URL: "s3://promo-backup", AWS_ACCESS_KEY_ID: "AKIAIOSFODNN7EXAMPLE" },
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set for an s3:// backup.",
    ],
    [{ BACKUP_URL: "s3://b", ...s3Keys, BACKUP_S3_ENDPOINT: "s3.example.com" }, "BACKUP_S3_ENDPOINT must be a URL."],
    [
      { BACKUP_URL: "file:///b", BACKUP_RETENTION_DAYS: "0" },
      "BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more.",
    ],
    [
      { BACKUP_URL: "file:///b", BACKUP_RETENTION_DAYS: "7.5" },
      "BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more.",
    ],
    [
      { BACKUP_URL: "file:///b", BACKUP_RETENTION_DAYS: "month" },
      "BACKUP_RETENTION_DAYS must be a whole number of days, 1 or more.",
    ],
  ])("refuse %o with its reason", (env, message) => {
    expect(() => readBackupConfig(env)).toThrow(BackupConfigError);
    expect(() => readBackupConfig(env)).toThrow(message);
  });

  it("never show a password in the reason a URL is refused", () => {
    expect(() => readBackupConfig({ BACKUP_URL: "sftp://backup:hunter2@nas.example/srv", ...sshKey })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("hunter2") }),
    );
  });
});

describe("the backup's place in words", () => {
  it("names each place without a key, a secret or a password", () => {
    const place = (env: NodeJS.ProcessEnv) => describePlace(readBackupConfig(env)!.place);
    expect(place({ BACKUP_URL: "file:///mnt/backup/promo" })).toBe("Folder /mnt/backup/promo");
    expect(place({ BACKUP_URL: "sftp://backup@nas.example:2222/srv/promo", ...sshKey })).toBe(
      "SFTP backup@nas.example:2222 /srv/promo",
    );
    expect(place({ BACKUP_URL: "s3://promo-backup/shop", ...s3Keys })).toBe("S3 bucket promo-backup/shop");
    const elsewhere = place({
      BACKUP_URL: "s3://promo-backup",
      BACKUP_S3_ENDPOINT: "https://tenant:endpoint-password@s3.example.com/",
      ...s3Keys,
    });
    expect(elsewhere).toBe("S3 bucket promo-backup at s3.example.com");
    for (const text of [elsewhere, place({ BACKUP_URL: "s3://b", ...s3Keys })]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(s3Keys.AWS_ACCESS_KEY_ID);
      expect(text).not.toContain("endpoint-password");
    }
    expect(place({ BACKUP_URL: "sftp://backup@nas.example/srv", ...sshKey })).not.toContain("backup_ed25519");
  });
});
