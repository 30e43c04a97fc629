/** X's limit in weighted characters (twitter-text v3: `maxWeightedTweetLength`). */
export const X_MAX_WEIGHTED_LENGTH = 280;
/** LinkedIn's `commentary` limit, counted in characters after little-text escaping (docs/networks.md, LinkedIn · Post text). */
export const LINKEDIN_MAX_LENGTH = 3000;
/** A LinkedIn comment's `message.text` limit, in characters (docs/networks.md, LinkedIn · Comments). */
export const LINKEDIN_COMMENT_MAX_LENGTH = 1250;
/** What a person may write in the create-post wizard (docs/product.md, Composer · Content). */
export const POST_MAX_LENGTH = 2000;
/** docs/product.md, Composer · Enhance: when enhancing fails, X text over 280 characters is cut to 277 plus '...'. */
export const X_FALLBACK_KEEP = 277;
