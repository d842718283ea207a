import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import { join } from "node:path";
import { checkFile } from "~/lib/quotes/file-check.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { uploadLimits } from "~/lib/upload-rules";
import { QC_MAX_PHOTOS, type WrittenPhoto } from "./orders.server";

const photoExtension = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" } as const;
type PhotoType = keyof typeof photoExtension;
const isPhotoType = (type: string): type is PhotoType => type in photoExtension;

export type PhotoRefusal = "too_many" | "not_image";

/**
 * A QC form's photos checked like the quote form's uploads (size first, type from the bytes, images
 * decoded and re-encoded on the checker's thread; PNG, JPEG and WebP only: no SVG or PDF), then
 * written and synced under generated names. Refused whole (nothing kept) for a 7th photo or any file
 * that is not a photo.
 */
export async function keepQcPhotos(
  files: readonly Blob[],
  { attachmentsDir, incomingDir, checker }: { attachmentsDir: string; incomingDir: string; checker?: UploadChecker },
): Promise<{ ok: true; photos: WrittenPhoto[] } | { ok: false; refused: PhotoRefusal }> {
  const chosen = files.filter((file) => file.size > 0);
  if (chosen.length > QC_MAX_PHOTOS) return { ok: false, refused: "too_many" };
  const checked: { data: Uint8Array; mediaType: PhotoType }[] = [];
  for (const file of chosen) {
    const result = await checkFile(new Uint8Array(await file.arrayBuffer()), {
      incomingDir,
      maxBytes: uploadLimits.mailFileBytes,
      ...(checker ? { checker } : {}),
    });
    if (!result.ok || !isPhotoType(result.mediaType)) return { ok: false, refused: "not_image" };
    checked.push({ data: result.data, mediaType: result.mediaType });
  }
  const photos: WrittenPhoto[] = [];
  try {
    await mkdir(attachmentsDir, { recursive: true });
    for (const photo of checked) {
      const storedName = `qc-${randomUUID()}.${photoExtension[photo.mediaType]}`;
      photos.push({
        storedName,
        mediaType: photo.mediaType,
        byteSize: photo.data.byteLength,
        sha256: createHash("sha256").update(photo.data).digest("hex"),
      });
      const handle = await open(join(attachmentsDir, storedName), "wx", 0o600);
      try {
        await handle.writeFile(photo.data);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    const folder = await open(attachmentsDir, "r");
    try {
      await folder.sync();
    } finally {
      await folder.close();
    }
  } catch (error) {
    await Promise.all(photos.map((photo) => rm(join(attachmentsDir, photo.storedName), { force: true })));
    throw error;
  }
  return { ok: true, photos };
}
