import { imageSize } from 'image-size';
import { bannerUploadLimits } from '../../domain/marketing';
import { fail } from '../http/errors';

/** An image accepted for storage: what its bytes are, whatever its name said. */
export interface CheckedImage {
  contentType: (typeof bannerUploadLimits.contentTypes)[number];
  extension: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

const accepted = {
  png: { contentType: 'image/png', extension: 'png' },
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Refuses a file over `maxBytes` with the catalogue's 400 and both sizes (before reading it, when the size is known). */
export function checkSize(byteLength: number, limits = bannerUploadLimits): void {
  if (byteLength > limits.maxBytes) {
    throw fail('upload_too_large', {
      detail: `The file is ${megabytes(byteLength)}; at most ${megabytes(limits.maxBytes)} is accepted`,
    });
  }
}

/**
 * Checks uploaded bytes: at most `maxBytes`, a PNG, JPEG or WebP by its content (image-size reads the format and the
 * dimensions from the file's own header), each side within the limits. Throws the catalogue's 400 with the reason.
 */
export function checkImage(bytes: Uint8Array, limits = bannerUploadLimits): CheckedImage {
  if (bytes.byteLength === 0) throw fail('upload_not_image', { detail: 'The file is empty' });
  checkSize(bytes.byteLength, limits);
  let found: { width?: number; height?: number; type?: string };
  try {
    found = imageSize(bytes);
  } catch {
    throw fail('upload_not_image');
  }
  const kind = found.type && Object.hasOwn(accepted, found.type) ? accepted[found.type as keyof typeof accepted] : null;
  if (!kind)
    throw fail('upload_not_image', {
      detail: `The file is ${found.type?.toUpperCase() ?? 'not an image'}, not a PNG, JPEG or WebP image`,
    });
  const width = found.width ?? 0;
  const height = found.height ?? 0;
  if (width < limits.minSide || height < limits.minSide || width > limits.maxSide || height > limits.maxSide) {
    throw fail('upload_bad_dimensions', {
      detail: `The image is ${width}×${height} px; each side must be from ${limits.minSide} to ${limits.maxSide} px`,
    });
  }
  return { contentType: kind.contentType, extension: kind.extension, width, height };
}

/** An image decoded and written again: only its pixels survive (no trailing bytes, chunks, metadata or comments). */
export interface ReencodedImage extends CheckedImage {
  bytes: Buffer;
}

/**
 * Decodes the whole image with a real decoder (sharp/libvips) and encodes its pixels again in the same format, so
 * what is stored and served is an image all the way: bytes after the image's end (a PNG header followed by HTML),
 * text chunks, EXIF and ICC data are gone. A file whose header says image but whose data does not decode (truncated,
 * corrupt, a polyglot with no real image) is refused with the catalogue's 400. The dimensions answered are the
 * decoded ones (EXIF orientation applied).
 */
export async function reencodeImage(bytes: Uint8Array, checked: CheckedImage, limits = bannerUploadLimits) {
  const { default: sharp } = await import('sharp');
  let output: { data: Buffer; info: { width: number; height: number } };
  try {
    const decoded = sharp(bytes, {
      failOn: 'error',
      limitInputPixels: limits.maxSide * limits.maxSide,
      animated: false,
    }).rotate();
    const encoder =
      checked.extension === 'png'
        ? decoded.png({ compressionLevel: 9 })
        : checked.extension === 'jpg'
          ? decoded.jpeg({ quality: 90, mozjpeg: true })
          : decoded.webp({ quality: 90 });
    output = await encoder.toBuffer({ resolveWithObject: true });
  } catch {
    throw fail('upload_not_image', {
      detail: `The file starts like a ${checked.extension.toUpperCase()} image but its image data does not decode`,
    });
  }
  const { width, height } = output.info;
  if (width < limits.minSide || height < limits.minSide || width > limits.maxSide || height > limits.maxSide) {
    throw fail('upload_bad_dimensions', {
      detail: `The image is ${width}×${height} px; each side must be from ${limits.minSide} to ${limits.maxSide} px`,
    });
  }
  return { ...checked, width, height, bytes: output.data } satisfies ReencodedImage;
}
