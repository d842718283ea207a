import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import type { MailFileInput } from "~/lib/messaging/messaging.server";
import { checkFile, type CheckedFileType } from "~/lib/quotes/file-check.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { cleanFileName } from "~/lib/text-fields";
import { uploadLimits } from "~/lib/upload-rules";
import type { InboundAttachment } from "./inbound-mail";

const extension: Record<CheckedFileType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "application/pdf": "pdf",
};

export type MailFileOptions = {
  /** The store's attachments folder: where kept files go, never served from there. */
  attachmentsDir: string;
  /** Where a raster image waits for the checker's thread. */
  incomingDir: string;
  checker?: UploadChecker;
  maxBytes?: number;
};

/**
 * The files of a buyer's e-mail checked like the quote form's uploads (app/lib/quotes/file-check.server.ts:
 * size first, type from the bytes, PNG/JPEG/WebP/SVG/PDF only, images re-encoded on the checker's
 * thread) and the checked copies written and synced under generated names, before the mail is recorded:
 * a mail recorded never points at a file a crash lost. Files of a mail that is then not recorded (read
 * twice) are removed by the caller; those of a crash in between are strays the store removes later.
 */
export async function keepMailFiles(
  attachments: readonly InboundAttachment[],
  { attachmentsDir, incomingDir, checker, maxBytes = uploadLimits.mailFileBytes }: MailFileOptions,
): Promise<MailFileInput[]> {
  const files: MailFileInput[] = [];
  try {
    for (const attachment of attachments) {
      const base = { originalName: cleanFileName(attachment.filename), receivedBytes: attachment.size };
      const checked = await checkFile(attachment.content, { incomingDir, maxBytes, checker });
      if (!checked.ok) {
        files.push({ ...base, refused: checked.refused === "empty" ? "damaged" : checked.refused });
        continue;
      }
      const storedName = `mail-${randomUUID()}.${extension[checked.mediaType]}`;
      // Pushed before it is written, so a failed write still has its file removed below.
      files.push({
        ...base,
        kept: {
          mediaType: checked.mediaType,
          storedName,
          byteSize: checked.data.byteLength,
          sha256: createHash("sha256").update(checked.data).digest("hex"),
        },
      });
      await writeSynced(attachmentsDir, storedName, checked.data);
    }
  } catch (error) {
    await removeMailFiles(files, attachmentsDir);
    throw error;
  }
  return files;
}

export async function removeMailFiles(files: readonly MailFileInput[], attachmentsDir: string) {
  await Promise.all(
    files.flatMap((file) => ("kept" in file ? [rm(join(attachmentsDir, file.kept.storedName), { force: true })] : [])),
  );
}

/**
 * Written, and it and its folder entry on disk, before the row that points at it is committed. A folder
 * it makes is its owner's alone (0700).
 */
export async function writeSynced(folder: string, name: string, data: Uint8Array) {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const handle = await open(join(folder, name), "wx", 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const directory = await open(folder, "r");
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}
