import { describe, expect, it } from 'vitest';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, imageFileProblem } from './image-file';

const MB = 1024 * 1024;

describe('imageFileProblem', () => {
  it('accepts JPG, PNG and GIF up to 10 MB', () => {
    expect(imageFileProblem({ name: 'a.jpg', type: 'image/jpeg', size: 10 * MB })).toBeNull();
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 1 })).toBeNull();
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 1 })).toBeNull();
  });

  it('falls back on the extension when the system gives no type', () => {
    expect(imageFileProblem({ name: 'photo.JPEG', type: '', size: 1 })).toBeNull();
    expect(imageFileProblem({ name: 'notes', type: '', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses other types, whatever the name says', () => {
    expect(imageFileProblem({ name: 'a.webp', type: 'image/webp', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
    expect(imageFileProblem({ name: 'a.png', type: 'application/pdf', size: 1 })).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses a file over 10 MB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 10 * MB + 1 })).toBe(IMAGE_SIZE_MESSAGE);
  });
});
