import type { Channel } from '@postflow/contract';
import { Button } from '../../../../components/ui/button';
import type { ChannelExtra } from '../components/channel-texts';
import { FirstCommentField } from './first-comment-field';
import { ThreadEditor } from './thread-editor';
import { NETWORK_COMMENT, NETWORK_THREAD, type ComposerThreads } from './use-composer-threads';

/**
 * On Review, with channels chosen: an X channel's own thread (or the X thread it posts), a LinkedIn
 * channel's own first comment (docs/product.md, Composer · Threads).
 */
export function channelThreadExtra(channel: Channel, threads: ComposerThreads, textOf: (channel: Channel) => string): ChannelExtra | null {
  if (channel.network === 'x') {
    const own = threads.controller(channel.id);
    const network = threads.threads[NETWORK_THREAD];
    if (own)
      return {
        replacesText: true,
        node: (
          <ThreadEditor
            title={`Thread for ${channel.name}`}
            controller={own}
            onSplit={(numbered) => threads.split(channel.id, textOf(channel), numbered)}
            onStop={() => threads.stop(channel.id)}
            stopLabel={network ? 'Use the X thread' : 'Post one text instead'}
            canSplit={textOf(channel).trim() !== ''}
            errors={threads.partProblems[channel.id]}
          />
        ),
      };
    return {
      replacesText: Boolean(network),
      node: (
        <div className="flex flex-wrap items-center gap-2">
          {network && (
            <p className="text-sm text-slate-600">
              Posts the X thread ({network.parts.length} {network.parts.length === 1 ? 'post' : 'posts'}).
            </p>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => (network ? threads.copy(NETWORK_THREAD, channel.id) : threads.split(channel.id, textOf(channel), false))}
          >
            {/* The visible words start the name, so "click Own thread" works by voice too. */}
            Own thread <span className="sr-only">for {channel.name}</span>
          </Button>
        </div>
      ),
    };
  }
  const own = threads.comments[channel.id];
  const network = threads.comments[NETWORK_COMMENT] ?? '';
  return {
    replacesText: false,
    node:
      own === undefined ? (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => threads.setComment(channel.id, network)}>
          Own first comment <span className="sr-only">for {channel.name}</span>
        </Button>
      ) : (
        <div className="flex flex-col gap-2">
          <FirstCommentField
            label={`First comment for ${channel.name}`}
            value={own}
            onChange={(text) => threads.setComment(channel.id, text)}
            error={threads.commentProblems[channel.id]}
          />
          <Button variant="secondary" size="sm" className="self-start" onClick={() => threads.setComment(channel.id, null)}>
            Use the LinkedIn first comment
          </Button>
        </div>
      ),
  };
}
