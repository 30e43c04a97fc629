import { LINKEDIN_MAX_LENGTH, linkedInLength, type Network, X_MAX_WEIGHTED_LENGTH, xWeightedLength } from '@postflow/contract';
import { AppError } from '../../lib/errors';

/**
 * Refuses a text its network would refuse, before anything is stored: X counts weighted characters
 * (links 23, emoji and CJK 2); LinkedIn counts its text after escaping (docs/networks.md, X · Post text, LinkedIn · Post text).
 */
export function checkPlatformText(network: Network, text: string, field = `enhancedContent.${network}`): void {
  if (!text.trim())
    throw new AppError('validation_failed', 'Post content cannot be empty', {
      fields: { [field]: 'Post content cannot be empty' },
    });
  if (network === 'x') {
    const length = xWeightedLength(text);
    if (length > X_MAX_WEIGHTED_LENGTH) {
      throw new AppError(
        'validation_failed',
        `The X version is ${length} characters and X allows ${X_MAX_WEIGHTED_LENGTH} (links count 23, emoji 2). Shorten it, or let AI fit it.`,
        { fields: { [field]: `${length} / ${X_MAX_WEIGHTED_LENGTH}` } },
      );
    }
    return;
  }
  const length = linkedInLength(text);
  if (length > LINKEDIN_MAX_LENGTH) {
    const why = length > [...text].length ? ' (symbols such as ( ) _ * @ count twice)' : '';
    throw new AppError(
      'validation_failed',
      `The LinkedIn version is ${length} characters and LinkedIn allows ${LINKEDIN_MAX_LENGTH}${why}. Shorten it.`,
      {
        fields: { [field]: `${length} / ${LINKEDIN_MAX_LENGTH}` },
      },
    );
  }
}
