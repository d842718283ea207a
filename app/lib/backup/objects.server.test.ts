import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "../../../tests/support/s3-server";
import { startSftpServer, type SftpServer } from "../../../tests/support/sftp-server";
import { tempDir } from "../../../tests/support/temp-dir";
import { readBackupConfig } from "./config.server";
import { type BackupObjects, fileKey, LINK_KEY_OBJECT, openBackupObjects } from "./objects.server";
import { knownHostKeys } from "./objects-sftp.server";

let sftp: SftpServer;
let s3: S3Server;
beforeAll(async () => {
  [sftp, s3] = await Promise.all([startSftpServer(), startS3Server()]);
}, 30_000);
afterAll(async () => {
  await Promise.all([sftp?.stop(), s3?.stop()]);
});

function knownHosts(line: string) {
  const file = join(tempDir("known"), "known_hosts");
  writeFileSync(file, `[127.0.0.1]:${sftp.port} ${line.split(" ").slice(0, 2).join(" ")}\n`);
  return file;
}

/** Each place as the server opens it: from the environment, through openBackupObjects. */
const places: [string, () => BackupObjects][] = [
  ["a folder", () => open({ BACKUP_URL: `file://${tempDir("place")}/backup` })],
  [
    "an SFTP server",
    () =>
      open({
        BACKUP_URL: sftp.url(`run-${randomBytes(4).toString("hex")}`),
        BACKUP_SSH_KEY: sftp.keyFile,
        BACKUP_SSH_KNOWN_HOSTS: knownHosts(sftp.hostKey),
      }),
  ],
  [
    "an S3 bucket",
    () =>
      open({
        BACKUP_URL: `s3://${s3.bucket}/promo/run-${randomBytes(4).toString("hex")}`,
        BACKUP_S3_ENDPOINT: s3.endpoint,
        AWS_ACCESS_KEY_ID: s3.accessKeyId,
        AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
  ],
];

function open(env: Record<string, string>): BackupObjects {
  const objects = openBackupObjects(readBackupConfig(env)!.place);
  return objects;
}

describe.each(places)("the backup objects in %s", (_, openPlace) => {
  it("keep what is put, whole, and list and remove it", async () => {
    const objects = openPlace();
    try {
      const photo = randomBytes(4 * 1024 * 1024);
      const logo = randomBytes(70_000);
      const key = randomBytes(32);
      expect(await objects.get(fileKey("attachments", "photo.jpg"))).toBeNull();
      expect(await objects.list("files/attachments/")).toEqual([]);
      await objects.put(fileKey("attachments", "photo.jpg"), photo);
      await objects.put(fileKey("attachments", "logo.png"), logo);
      await objects.put(fileKey("mail-quarantine", "m1.eml"), Buffer.alloc(0));
      await objects.put(LINK_KEY_OBJECT, key);
      expect((await objects.get(fileKey("attachments", "photo.jpg")))!.equals(photo)).toBe(true);
      expect((await objects.get(LINK_KEY_OBJECT))!.equals(key)).toBe(true);
      expect((await objects.get(fileKey("mail-quarantine", "m1.eml")))!.length).toBe(0);
      expect((await objects.list("files/attachments/")).sort()).toEqual([
        "files/attachments/logo.png",
        "files/attachments/photo.jpg",
      ]);

      const newer = randomBytes(1000);
      await objects.put(fileKey("attachments", "logo.png"), newer);
      expect((await objects.get(fileKey("attachments", "logo.png")))!.equals(newer)).toBe(true);

      await objects.remove(fileKey("attachments", "logo.png"));
      await objects.remove(fileKey("attachments", "never-there.png"));
      expect(await objects.get(fileKey("attachments", "logo.png"))).toBeNull();
      expect(await objects.list("files/attachments/")).toEqual(["files/attachments/photo.jpg"]);
    } finally {
      await objects.close();
    }
  }, 60_000);

  it("refuse a key that could climb out of the place", async () => {
    const objects = openPlace();
    try {
      await expect(objects.put("files/../../etc/passwd", Buffer.from("x"))).rejects.toThrow(/Not a backup object key/);
      await expect(objects.get("/etc/passwd")).rejects.toThrow(/Not a backup object key/);
    } finally {
      await objects.close();
    }
  });
});

describe("an SFTP place", () => {
  const env = (extra: Record<string, string> = {}) => ({
    BACKUP_URL: sftp.url(`checks-${randomBytes(4).toString("hex")}`),
    BACKUP_SSH_KEY: sftp.keyFile,
    ...extra,
  });

  it("writes into the folder named, leaving no partial file behind", async () => {
    const folder = `plain-${randomBytes(4).toString("hex")}`;
    const objects = open({ ...env(), BACKUP_URL: sftp.url(folder) });
    try {
      const data = randomBytes(100_000);
      await objects.put(fileKey("attachments", "a.pdf"), data);
      await objects.put(fileKey("attachments", "a.pdf"), data);
      const area = join(sftp.root, folder, "files", "attachments");
      expect(readdirSync(area)).toEqual(["a.pdf"]);
      expect(readFileSync(join(area, "a.pdf")).equals(data)).toBe(true);
    } finally {
      await objects.close();
    }
  });

  it("refuses a server whose host key is not the one in the known hosts file", async () => {
    const stranger = join(tempDir("stranger"), "known_hosts");
    writeFileSync(
      stranger,
      `[127.0.0.1]:${sftp.port} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHn4VmtHPLKnFKFwQVZaAzmiTAmE1jZbHVd1RBTf0Ohq\n`,
    );
    const folder = `refused-${randomBytes(4).toString("hex")}`;
    const objects = open({ ...env({ BACKUP_SSH_KNOWN_HOSTS: stranger }), BACKUP_URL: sftp.url(folder) });
    try {
      await expect(objects.put(fileKey("attachments", "a.pdf"), Buffer.from("secret"))).rejects.toThrow(
        /host key not in .*known_hosts: refused/,
      );
      expect(existsSync(join(sftp.root, folder))).toBe(false);
    } finally {
      await objects.close();
    }
    const trusted = open(env({ BACKUP_SSH_KNOWN_HOSTS: knownHosts(sftp.hostKey) }));
    try {
      await trusted.put(fileKey("attachments", "a.pdf"), Buffer.from("fine"));
    } finally {
      await trusted.close();
    }
  });

  it("fails within seconds while the server is down, and works again on the same objects once it is back", async () => {
    const objects = open(env({ BACKUP_SSH_KNOWN_HOSTS: knownHosts(sftp.hostKey) }));
    try {
      await objects.put(fileKey("attachments", "before.png"), Buffer.from("before"));
      await sftp.pause();
      try {
        const started = Date.now();
        await expect(objects.put(fileKey("attachments", "during.png"), Buffer.from("during"))).rejects.toThrow(
          /SFTP server .*127\.0\.0\.1/,
        );
        expect(Date.now() - started).toBeLessThan(10_000);
      } finally {
        await sftp.resume();
      }
      await objects.put(fileKey("attachments", "after.png"), Buffer.from("after"));
      expect((await objects.list("files/attachments/")).sort()).toEqual([
        "files/attachments/after.png",
        "files/attachments/before.png",
      ]);
    } finally {
      await objects.close();
    }
  }, 40_000);

  it("gives up within seconds on a server that takes the connection and never answers", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const objects = open({ ...env(), BACKUP_URL: `sftp://backup@127.0.0.1:${port}/srv/promo` });
    try {
      const started = Date.now();
      await expect(objects.put(LINK_KEY_OBJECT, Buffer.from("k"))).rejects.toThrow(
        /Cannot reach the SFTP server backup@127\.0\.0\.1:\d+: Timed out while waiting for handshake/,
      );
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await objects.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 20_000);
});

describe("a known hosts file", () => {
  const key = "AAAAC3NzaC1lZDI1NTE5AAAAIHn4VmtHPLKnFKFwQVZaAzmiTAmE1jZbHVd1RBTf0Ohq";
  const other = "AAAAC3NzaC1lZDI1NTE5AAAAIGp6mOqV7W0XK2m0JvKk1b6b1nN0hNfTqB0cQhV4hX9K";

  it("gives the keys of plain, bracketed, hashed and bare lines, not those revoked or of a certificate authority", () => {
    const text = [
      "# the backup server",
      `nas.example ssh-ed25519 ${key}`,
      `[nas.example]:2222 ssh-ed25519 ${key} backup@nas`,
      `|1|F1E1KeoE/eEWhi10WpGv4OdiO6Y=|3988QV0VE8wmZL7suNrYQLITLCg= ssh-ed25519 ${key}`,
      `ssh-ed25519 ${key} root@nas`,
      `@revoked nas.example ssh-ed25519 ${other}`,
      `@cert-authority *.example ssh-ed25519 ${other}`,
      "",
    ].join("\n");
    const keys = knownHostKeys(text);
    expect(keys).toHaveLength(4);
    for (const found of keys) expect(found.equals(Buffer.from(key, "base64"))).toBe(true);
  });

  it("that cannot be read is refused with the variable that names it", async () => {
    const objects = open({
      BACKUP_URL: sftp.url("unread"),
      BACKUP_SSH_KEY: sftp.keyFile,
      BACKUP_SSH_KNOWN_HOSTS: "/nonexistent/known_hosts",
    });
    try {
      await expect(objects.get(LINK_KEY_OBJECT)).rejects.toThrow(
        "Cannot read BACKUP_SSH_KNOWN_HOSTS (/nonexistent/known_hosts): ENOENT.",
      );
    } finally {
      await objects.close();
    }
  });
});

describe("an S3 place", () => {
  const env = (extra: Record<string, string> = {}) => ({
    BACKUP_URL: `s3://${s3.bucket}/promo`,
    BACKUP_S3_ENDPOINT: s3.endpoint,
    AWS_ACCESS_KEY_ID: s3.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    ...extra,
  });

  it("keeps its objects under the place's prefix in the bucket", async () => {
    const objects = open({ ...env(), BACKUP_URL: `s3://${s3.bucket}/shop/promo` });
    try {
      await objects.put(LINK_KEY_OBJECT, Buffer.from("k"));
      expect(s3.objects.get("shop/promo/keys/link.key")?.toString()).toBe("k");
    } finally {
      await objects.close();
    }
  });

  it("is refused with a wrong secret or an unknown access key, as S3 refuses them", async () => {
    const before = s3.refused();
    const wrongSecret = open(env({ AWS_SECRET_ACCESS_KEY: "not-the-secret" }));
    const unknownKey = open(env({ AWS_ACCESS_KEY_ID: "AKIANOBODY" }));
    try {
      await expect(wrongSecret.put(LINK_KEY_OBJECT, Buffer.from("k"))).rejects.toMatchObject({
        name: "SignatureDoesNotMatch",
      });
      await expect(unknownKey.get(LINK_KEY_OBJECT)).rejects.toMatchObject({ name: "InvalidAccessKeyId" });
      expect(s3.refused()).toBeGreaterThan(before);
    } finally {
      await wrongSecret.close();
      await unknownKey.close();
    }
  });

  it("lists every key when the bucket answers in pages", async () => {
    const paged = await startS3Server({ pageSize: 3 });
    const objects = open({
      BACKUP_URL: `s3://${paged.bucket}/p`,
      BACKUP_S3_ENDPOINT: paged.endpoint,
      AWS_ACCESS_KEY_ID: paged.accessKeyId,
      AWS_SECRET_ACCESS_KEY: paged.secretAccessKey,
    });
    try {
      const names = Array.from({ length: 8 }, (_, index) => `f${index}.png`);
      for (const name of names) await objects.put(fileKey("attachments", name), Buffer.from(name));
      expect((await objects.list("files/attachments/")).sort()).toEqual(
        names.map((name) => fileKey("attachments", name)),
      );
    } finally {
      await objects.close();
      await paged.stop();
    }
  });
});
