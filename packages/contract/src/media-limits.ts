/**
 * What each network accepts in one post (docs/networks.md, X · Media limits; LinkedIn · Image upload,
 * Video upload, Document upload), plain data so the composer checks before uploading and the server
 * enforces the same numbers.
 */
export const MEDIA_LIMITS = {
  x: {
    images: 4,
    imageBytes: 5 * 1024 * 1024,
    gifBytes: 15 * 1024 * 1024,
    altTextLength: 1_000,
    /** MP4 with H.264 video and AAC audio. */
    videoBytes: 512 * 1024 * 1024,
    videoMinMs: 500,
    videoMaxMs: 140_000,
    documents: false,
  },
  linkedin: {
    /** One image in `content.media`, 2 to 20 in `content.multiImage`. */
    images: 20,
    /** LinkedIn states no byte limit; third-party guides give 5 to 8 MB, so we stay under 8 MB. */
    imageBytes: 8 * 1024 * 1024,
    gifBytes: 8 * 1024 * 1024,
    altTextLength: 4_086,
    videoBytes: 500 * 1024 * 1024,
    videoMinMs: 3_000,
    videoMaxMs: 30 * 60_000,
    documents: true,
    /** PDF, PPT, PPTX, DOC or DOCX. */
    documentBytes: 100 * 1024 * 1024,
    documentPages: 300,
    /** Ours: LinkedIn documents no limit on a document's title; the card shows about a line of it. */
    documentTitleLength: 400,
  },
} as const;

/** The publish call's repeated file part, and the data part's per-file details in the same order. */
export const MEDIA_FIELD = 'media';
