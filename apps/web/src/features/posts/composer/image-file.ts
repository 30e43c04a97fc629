import { IMAGE_MAX_BYTES, IMAGE_TYPES } from '@postflow/contract/client';

export const IMAGE_TYPE_MESSAGE = 'Choose a JPG, PNG or GIF image.';
export const IMAGE_SIZE_MESSAGE = 'Images can be up to 10 MB.';

/** What the file picker offers: the MIME types and the extensions, for systems that know only one of them. */
export const IMAGE_ACCEPT = [...IMAGE_TYPES, '.jpg', '.jpeg', '.png', '.gif'].join(',');

const EXTENSIONS = /\.(jpe?g|png|gif)$/i;

/**
 * Why a chosen file cannot be attached, or null. A quick check on the declared type and the name only:
 * the server looks at the bytes themselves and has the last word (its message is shown if it refuses).
 * A file with a known image type counts; so does one whose type the system could not tell, if its name ends
 * in .jpg, .jpeg, .png or .gif.
 */
export function imageFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  const knownType = (IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const typeByName = file.type === '' && EXTENSIONS.test(file.name);
  if (!knownType && !typeByName) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_SIZE_MESSAGE;
  return null;
}
