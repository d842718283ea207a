import type { FileStore } from "~/lib/files/files.server";
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
  /** Where kept files are stored (their attachments folder is never served). */
  files: FileStore;
  /** Where a raster image waits for the checker's thread. */
  incomingDir: string;
  checker?: UploadChecker;
  maxBytes?: number;
};

/**
 * The files of a buyer's e-mail checked like the quote form's uploads (app/lib/quotes/file-check.server.ts:
 * size first, type from the bytes, PNG/JPEG/WebP/SVG/PDF only, images re-encoded on the checker's
 * thread) and the checked copies stored (the files module) under generated names, before the mail is recorded:
 * a mail recorded never points at a file a crash lost. Files of a mail that is then not recorded (read
 * twice) are removed by the caller; those of a crash in between are strays the store removes later.
 */
export async function keepMailFiles(
  attachments: readonly InboundAttachment[],
  { files: fileStore, incomingDir, checker, maxBytes = uploadLimits.mailFileBytes }: MailFileOptions,
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
      const written = await fileStore.write("attachments", checked.data, {
        extension: extension[checked.mediaType],
        prefix: "mail-",
      });
      files.push({
        ...base,
        kept: {
          mediaType: checked.mediaType,
          storedName: written.name,
          byteSize: written.byteSize,
          sha256: written.sha256,
        },
      });
    }
  } catch (error) {
    removeMailFiles(files, fileStore);
    throw error;
  }
  return files;
}

export function removeMailFiles(files: readonly MailFileInput[], fileStore: FileStore) {
  fileStore.remove(
    "attachments",
    files.flatMap((file) => ("kept" in file ? [file.kept.storedName] : [])),
  );
}
