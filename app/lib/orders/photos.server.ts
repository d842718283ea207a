import type { FileStore } from "~/lib/files/files.server";
import type { SniffedType } from "~/lib/quotes/images.server";
import type { UploadChecker } from "~/lib/quotes/upload-checker.server";
import { uploadChecker } from "~/lib/quotes/upload-checker.server";
import { type ReceivedFile, textLimits, type UploadForm, type UploadProblem } from "~/lib/quotes/uploads.server";
import type { WrittenPhoto } from "./orders.server";
import { QC_MAX_PHOTOS, qcPhotoLimits, qcPhotoMessages } from "./stages";

const photoTypes: readonly SniffedType[] = qcPhotoLimits.types;

/** The QC form's refusals, as the order page shows them: nothing is changed by a refused form. */
export const qcPhotoProblems = {
  requestTooLarge: {
    status: 413,
    code: "request_too_large",
    title: "Too large",
    message: qcPhotoMessages.requestTooLarge,
  },
  tooManyFiles: {
    status: 400,
    code: "too_many_photos",
    title: "Too many photos",
    message: qcPhotoMessages.tooMany,
  },
  unexpectedFile: {
    status: 400,
    code: "unexpected_file",
    title: "Unexpected file",
    message: "Only photos can be sent with the quality check. Nothing was changed.",
  },
  fileTooLarge: (): UploadProblem => ({
    status: 413,
    code: "photo_too_large",
    title: "Photo too large",
    message: qcPhotoMessages.tooLarge,
  }),
  unreadable: (): UploadProblem => ({
    status: 422,
    code: "photo_unreadable",
    title: "Photo could not be read",
    message: "A photo could not be read: the file is damaged or incomplete. Nothing was changed.",
  }),
  notImage: {
    status: 415,
    code: "photo_type",
    title: "Not a photo",
    message: qcPhotoMessages.notPhoto,
  },
  tooManyPixels: {
    status: 422,
    code: "photo_too_many_pixels",
    title: "Photo too large",
    message: `A photo has too many pixels: at most ${qcPhotoLimits.pixels / 1_000_000} megapixels. Nothing was changed.`,
  },
} as const satisfies Record<string, UploadProblem | ((...args: never[]) => UploadProblem)>;

/** The QC form as it is streamed in (`readMultipart`): up to six photos in `photos`, typed by their bytes. */
export const qcPhotoForm: UploadForm<"photo"> = {
  requestBytes: QC_MAX_PHOTOS * qcPhotoLimits.bytes + textLimits.totalBytes,
  files: QC_MAX_PHOTOS,
  roleOf: (field) => (field === "photos" ? "photo" : null),
  repeats: true,
  limitOf: () => qcPhotoLimits.bytes,
  typeProblem: (_role, sniffed) => (photoTypes.includes(sniffed) ? null : qcPhotoProblems.notImage),
  problems: qcPhotoProblems,
};

/**
 * A QC form's photos, received on disk (`qcPhotoForm`), made into upright JPEGs without metadata on
 * the checker's thread (never the one that answers pages), then stored (the files module) with their
 * smaller copies. Refused whole (nothing kept) for any that cannot be read.
 */
export async function keepQcPhotos(
  files: readonly ReceivedFile<"photo">[],
  { files: fileStore, checker = uploadChecker() }: { files: FileStore; checker?: UploadChecker },
): Promise<{ ok: true; photos: WrittenPhoto[] } | { ok: false; problem: UploadProblem }> {
  const chosen = files.filter((file) => file.bytes > 0);
  if (chosen.length > QC_MAX_PHOTOS) return { ok: false, problem: qcPhotoProblems.tooManyFiles };
  const copies: { large: Uint8Array; small: Uint8Array }[] = [];
  for (const file of chosen) {
    const result = await checker.photo(file.path, {
      pixels: qcPhotoLimits.pixels,
      sides: { large: qcPhotoLimits.largeSide, small: qcPhotoLimits.smallSide },
    });
    if (!result.ok || !result.small)
      return {
        ok: false,
        problem:
          !result.ok && result.reason === "too_many_pixels"
            ? qcPhotoProblems.tooManyPixels
            : qcPhotoProblems.unreadable(),
      };
    copies.push({ large: result.data, small: result.small });
  }
  const photos: WrittenPhoto[] = [];
  const written: string[] = [];
  try {
    for (const copy of copies) {
      const large = await fileStore.write("attachments", copy.large, { extension: "jpg", prefix: "qc-" });
      written.push(large.name);
      const small = await fileStore.write("attachments", copy.small, { extension: "jpg", prefix: "qc-small-" });
      written.push(small.name);
      photos.push({
        storedName: large.name,
        smallStoredName: small.name,
        mediaType: "image/jpeg",
        byteSize: large.byteSize,
        sha256: large.sha256,
      });
    }
  } catch (error) {
    fileStore.remove("attachments", written);
    throw error;
  }
  return { ok: true, photos };
}
