/**
 * What each network accepts in one post (docs/networks.md, media limits), plain data so the
 * composer checks before uploading and the server enforces the same numbers.
 */
export const MEDIA_LIMITS = {
  x: {
    images: 4,
    imageBytes: 5 * 1024 * 1024,
    gifBytes: 15 * 1024 * 1024,
    altTextLength: 1_000,
    videoBytes: 512 * 1024 * 1024,
    videoMinMs: 500,
    videoMaxMs: 140_000,
    documents: false,
  },
  linkedin: {
    images: 20,
    imageBytes: 10 * 1024 * 1024,
    gifBytes: 10 * 1024 * 1024,
    altTextLength: 4_086,
    videoBytes: 500 * 1024 * 1024,
    videoMinMs: 3_000,
    videoMaxMs: 30 * 60_000,
    documents: true,
    documentBytes: 100 * 1024 * 1024,
    documentPages: 300,
    documentTitleLength: 400,
  },
} as const;

/** The publish call's repeated file part, and the data part's per-file details in the same order. */
export const MEDIA_FIELD = 'media';
