export { X_MAX_WEIGHTED_LENGTH, LINKEDIN_MAX_LENGTH, LINKEDIN_COMMENT_MAX_LENGTH, POST_MAX_LENGTH } from './limits';
export { xWeightedLength, xRemaining, xUnits, type XUnit } from './x-length';
export { fitToX, truncateForXFallback, splitTrailingHashtags } from './fit';
export { extractUrls, extractUrlsWithIndices, type UrlMatch } from './urls';
export { extractHashtags, extractHashtagsWithIndices, type HashtagMatch } from './hashtags';
export { escapeLittleText, unescapeLittleText, littleTextLength, linkedInLength } from './linkedin-text';
export { splitIntoThread, THREAD_MAX_PARTS, type ThreadSplitOptions } from './thread-split';
export { isBlankText } from './blank';
