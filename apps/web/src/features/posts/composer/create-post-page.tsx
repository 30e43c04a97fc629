import type { Network, Post } from '@postflow/contract';
import { POST_MAX_LENGTH } from '@postflow/contract/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { EmptyState } from '../../../components/ui/empty-state';
import { isApiError } from '../../../lib/api-client';
import { draftsQueryKey } from '../../../lib/query-keys';
import { useCan } from '../../../lib/workspace';
import { enhancedTexts, useEnhancements } from './api/use-enhancements';
import { usePostingAccounts } from './api/use-posting-accounts';
import { useChannelChoice } from './use-channel-choice';
import { ChannelPicker } from './components/channel-picker';
import { ChannelTexts } from './components/channel-texts';
import { useCancelScheduled } from './api/use-cancel-scheduled';
import { usePublishPost } from './api/use-publish-post';
import { LinkCardPanel } from './components/link-card';
import { useLinkCards, type Outgoing } from './use-link-cards';
import { wizardClock } from './clock';
import { ContentStep } from './components/content-step';
import { DraftStatus } from './components/draft-status';
import { OpenDraft } from './components/open-draft';
import { EnhanceStep, readyForReview } from './components/enhance-step';
import { MediaPicker } from './components/media-picker';
import { useMediaAttachments, useMediaUploads, type SavedMedia } from './use-media-attachments';
import { channelThreadExtra } from './thread/channel-thread-extra';
import { FirstCommentField } from './thread/first-comment-field';
import { ThreadAsWritten } from './thread/thread-as-written';
import { ThreadEditor } from './thread/thread-editor';
import { outgoingText, outgoingTexts, withoutSeparatorLines } from './thread/thread-parts';
import { draftThreadFields } from './thread/draft-threads';
import { NETWORK_COMMENT, NETWORK_THREAD, useComposerThreads } from './thread/use-composer-threads';
import { ReviewStep } from './components/review-step';
import { PlatformsStep } from './components/platforms-step';
import { WizardStepper } from './components/wizard-stepper';
import { publishedMessage, queuedMessage } from './confirmations';
import { tooLongMessage } from './counters';
import { previewAttachmentsOf } from './previews/preview-attachments';
import type { ChannelPreview } from './previews/composer-previews';
import { LivePreviews } from './previews/live-previews';
import { draftFrom, type ComposerDraft } from './draft';
import type { DraftBody } from './draft-saver';
import { publishForm, textsFor, type PublishData } from './publish-form';
import { scheduledInstant, scheduleFieldsAt, scheduleProblem, serverSchedule, todayIn } from './schedule';
import { useDraftAutosave } from './use-draft-autosave';
import { inNetworkOrder, stepAfterContent, stepBefore, type WizardStep } from './wizard';

export const NO_PLATFORM_MESSAGE = 'Please select at least one platform';
export const EMPTY_CONTENT_MESSAGE = 'Post content cannot be empty';

const STEP_TITLES: Record<WizardStep, string> = {
  platforms: 'Choose where to post',
  content: 'Write your post',
  enhance: 'Tailor it for each network',
  review: 'Review & Schedule',
};

/** Which composer is on screen: a navigation starts a new one, except the composer's own (naming its new draft in the address). */
interface ComposerInstance {
  key: string;
  draftId: string | null;
  carried: ComposerDraft | null;
  at: string | null;
}

/**
 * docs/product.md, Composer (/create-post); docs/decisions/050. A navigation may bring a post back
 * (Undo of a schedule); `?draft=<id>` opens a saved draft (docs/decisions/141-drafts.md).
 */
export function CreatePostPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const canWrite = useCan('editor');
  const ownKey = (location.state as { composerKey?: unknown } | null)?.composerKey;
  const [instance, setInstance] = useState<ComposerInstance>(() => ({
    key: location.key,
    draftId: searchParams.get('draft'),
    at: searchParams.get('at'),
    carried: draftFrom(location.state),
  }));
  if (instance.key !== location.key && ownKey !== instance.key) {
    setInstance({ key: location.key, draftId: searchParams.get('draft'), at: searchParams.get('at'), carried: draftFrom(location.state) });
  }
  // Viewers read but do not write (docs/product.md, Workspaces); the link is hidden, this covers a typed address.
  if (!canWrite) {
    return (
      <section className="flex flex-col gap-6">
        <h1 className="text-2xl font-bold text-slate-900">Create Post</h1>
        <EmptyState title="Viewers cannot create posts">
          You are a viewer in this workspace: you can read its posts, feed and analytics. Ask an owner or admin to make you an editor.
        </EmptyState>
      </section>
    );
  }
  if (instance.draftId) {
    return (
      <OpenDraft key={instance.key} id={instance.draftId}>
        {(draft, saved) => <Composer instanceKey={instance.key} draft={draft} saved={saved} at={null} />}
      </OpenDraft>
    );
  }
  return <Composer key={instance.key} instanceKey={instance.key} draft={instance.carried} saved={null} at={instance.at} />;
}

/** The files a draft or an undone post keeps on the server (a draft from before media kept one image). */
function savedMediaOf(draft: ComposerDraft | null): SavedMedia[] {
  if (draft?.savedMedia) return draft.savedMedia;
  if (draft?.savedImage) return [{ ...draft.savedImage, kind: 'image', fileName: 'Image saved with the draft', alt: '' }];
  return [];
}

function Composer({
  draft,
  saved,
  instanceKey,
  at,
}: {
  draft: ComposerDraft | null;
  /** The saved draft this composer continues; null for a new post (a draft starts with its first words). */
  saved: { id: string; revision: number } | null;
  instanceKey: string;
  /** An ISO instant (a click on the calendar): the Schedule fields start on that date and time in the person's zone. */
  at: string | null;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>(draft ? (draft.step ?? 'review') : 'platforms');
  const [reviewFrom, setReviewFrom] = useState<'content' | 'enhance'>(draft && !draft.tailored ? 'content' : 'enhance');
  const [platforms, setPlatforms] = useState<Network[]>(draft?.platforms ?? []);
  const [text, setText] = useState(draft?.text ?? '');
  const uploads = useMediaUploads();
  const attachments = useMediaAttachments(savedMediaOf(draft), draft?.documentTitle, uploads);
  // X threads and LinkedIn first comments (docs/product.md, Composer · Threads).
  const threads = useComposerThreads(uploads, draft?.threads);
  const firstImage = attachments.items.find((item) => item.kind === 'image');
  const image = firstImage ? { previewUrl: firstImage.previewUrl } : null;
  const [leaveProblem, setLeaveProblem] = useState(false);
  // "Use this thread on X" was just pressed: the note that replaces X's card takes focus.
  const [threadTaken, setThreadTaken] = useState(false);
  const [skipAi, setSkipAi] = useState(draft ? (draft.skipAi ?? !draft.tailored) : false);
  const [timeZone] = useState(() => wizardClock.timeZone());
  const [date, setDate] = useState(() => draft?.date ?? scheduleFieldsAt(at, timeZone)?.date ?? '');
  const [time, setTime] = useState(() => draft?.time ?? scheduleFieldsAt(at, timeZone)?.time ?? '');
  const [platformsError, setPlatformsError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<'now' | 'schedule' | 'queue' | null>(null);
  const [today, setToday] = useState(() => todayIn(timeZone, wizardClock.now()));
  // The addresses whose LinkedIn card the person removed; a new address in the text gets its card again.
  const [removedCards, setRemovedCards] = useState<string[]>(draft?.removedLinkCards ?? []);
  // The cards a draft or an undone post kept: shown as the person saw them (docs/decisions/152-channel-picker-and-kept-attachments.md).
  const [keptCards] = useState(draft?.linkCards ?? []);

  const accounts = usePostingAccounts();
  // With channels, the networks follow the chosen channels (docs/product.md, Channels).
  const channelChoice = useChannelChoice(draft, setPlatforms);
  const {
    enhancements,
    load,
    regenerate,
    back: previousVersion,
    edit,
  } = useEnhancements(draft?.tailored ? { original: draft.tailoredFrom ?? draft.text, texts: draft.tailored } : undefined);
  const publish = usePublishPost();
  const cancelScheduled = useCancelScheduled();
  // X's thread goes out as written: the Enhance step tailors the other networks' single texts.
  const xThread = threads.networkThread(platforms);
  const singleTextNetworks = xThread ? platforms.filter((network) => network !== 'x') : platforms;
  // The text of the networks without a thread: X's '---' lines become paragraph breaks there.
  const singleText = xThread ? withoutSeparatorLines(text) : text;

  const skippedAi = reviewFrom === 'content';
  const texts = textsFor(platforms, singleText, skippedAi ? null : enhancedTexts(enhancements));
  // A network with a thread posts its first part (docs/decisions/155-threads.md).
  if (xThread) texts.x = outgoingText(xThread, 0);
  // Each copy as it will go out: a chosen channel's own text, else its network's (docs/product.md, Channels).
  const outgoing: Outgoing[] = channelChoice.active
    ? channelChoice.chosenChannels.map((channel) => ({
        network: channel.network,
        text: channelChoice.perChannel[channel.id] ?? texts[channel.network] ?? text,
        channelId: channel.id,
      }))
    : platforms.map((network) => ({ network, text: texts[network] ?? text, channelId: null }));
  const linkCards = useLinkCards({
    written: text,
    outgoing,
    withFiles: attachments.items.length > 0,
    removed: removedCards,
    kept: keptCards,
  });
  const previewAttachments = previewAttachmentsOf(attachments.items, attachments.documentTitle);
  const previewExtras = threads.previewExtras(platforms, previewAttachments);
  /** With channels chosen, one preview each, under its own name, with the text `textOf` gives it. */
  const previewChannels = (textOf: (channel: Outgoing) => string): ChannelPreview[] | undefined =>
    channelChoice.active
      ? channelChoice.chosenChannels.map((channel, index) => ({
          channel: {
            ...channel,
            // LinkedIn shows no handle under the name (docs/decisions/150-composer-previews.md).
            handle: channel.network === 'x' ? channel.handle : null,
            kind: channel.kind === 'organization' ? 'page' : 'person',
          },
          text: textOf(outgoing[index] as Outgoing),
          ...threads.channelExtras(channel, previewAttachments),
        }))
      : undefined;

  const tailoredVersions = Object.entries(enhancements).filter(([, entry]) => entry.status !== 'loading');
  const draftBody: DraftBody = {
    text,
    platforms,
    perPlatform: skipAi ? {} : Object.fromEntries(tailoredVersions.map(([network, entry]) => [network, entry.text])),
    details: {
      skipAi,
      ...(tailoredVersions[0] && !skipAi ? { tailoredFrom: tailoredVersions[0][1].source } : {}),
      ...(linkCards.kept.length ? { linkCards: linkCards.kept } : {}),
      ...(linkCards.removed.length ? { removedLinkCards: linkCards.removed } : {}),
      ...(attachments.documentTitle ? { documentTitle: attachments.documentTitle } : {}),
      ...draftThreadFields(threads.saved()),
    },
    scheduledAt: scheduledInstant(date, time, timeZone)?.toISOString() ?? null,
    timeZone,
    media: attachments.draftMedia,
    ...channelChoice.draftFields,
  };
  const autosave = useDraftAutosave(
    saved ? { ...saved, body: draftBody } : { id: null, body: draftBody, saved: draft === null },
    draftBody,
    {
      // The address names the draft from its first save, so a reload opens it again.
      onCreated: (id) => {
        void navigate({ search: `?draft=${id}` }, { replace: true, state: { composerKey: instanceKey } });
        void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
      },
    },
  );
  const { saver } = autosave;

  // Leaving the composer saves what is not saved yet first; only a save that cannot be made asks.
  const blocker = useBlocker(
    ({ nextLocation }) => saver.isDirty() && (nextLocation.state as { composerKey?: unknown } | null)?.composerKey !== instanceKey,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let current = true;
    void saver.flush().then((clean) => {
      if (!current) return;
      if (clean) blocker.proceed();
      else setLeaveProblem(true);
    });
    return () => {
      current = false;
    };
  }, [blocker, saver]);

  // The Drafts page and the sidebar's count show the saves once the person is back there.
  useEffect(() => () => void queryClient.invalidateQueries({ queryKey: draftsQueryKey }), [queryClient]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const firstStep = useRef(true);

  // A new step is announced by moving focus to its heading (not on arrival: the page's own focus rules apply then).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  function goTo(next: WizardStep) {
    if (next === 'review') setToday(todayIn(timeZone, wizardClock.now()));
    setStep(next);
  }

  function togglePlatform(network: Network) {
    const next = platforms.includes(network) ? platforms.filter((chosen) => chosen !== network) : inNetworkOrder([...platforms, network]);
    setPlatforms(next);
    if (next.length > 0) setPlatformsError(null);
  }

  function changeText(value: string) {
    setText(value);
    if (value.trim()) setTextError(null);
  }

  function next() {
    if (step === 'platforms') {
      if (platforms.length === 0) {
        setPlatformsError(NO_PLATFORM_MESSAGE);
        return;
      }
      goTo('content');
    } else if (step === 'content') {
      if (!text.trim()) {
        setTextError(EMPTY_CONTENT_MESSAGE);
        textAreaRef.current?.focus();
        return;
      }
      if (text.length > POST_MAX_LENGTH) {
        setTextError(tooLongMessage(text.length));
        textAreaRef.current?.focus();
        return;
      }
      const after = singleTextNetworks.length ? stepAfterContent(skipAi) : 'review';
      if (after === 'enhance') load(singleTextNetworks, singleText);
      else setReviewFrom('content');
      goTo(after);
    } else if (step === 'enhance') {
      setReviewFrom('enhance');
      goTo('review');
    }
  }

  function back() {
    const previous = stepBefore(step, reviewFrom);
    if (!previous) return;
    // A failed publish is about what was on Review then; the person is changing it now.
    if (step === 'review') publish.reset();
    goTo(previous);
  }

  function submit(mode: 'now' | 'schedule' | 'queue') {
    let schedule = { scheduleDate: '', scheduleTime: '' };
    if (mode === 'schedule') {
      const problem = scheduleProblem(date, time, timeZone, wizardClock.now());
      const instant = scheduledInstant(date, time, timeZone);
      if (problem || !instant) {
        setScheduleError(problem);
        return;
      }
      schedule = serverSchedule(instant);
    }
    setScheduleError(null);
    const uploading = attachments.uploading || threads.uploading;
    if (uploading || attachments.failed || threads.failed) {
      toast({
        variant: 'error',
        title: uploading ? 'Files are still uploading' : 'A file could not be uploaded',
        message: uploading
          ? 'Wait until every file shows “Uploaded”, then publish.'
          : 'Remove the file that could not be uploaded (its reason is shown under it), then publish.',
      });
      return;
    }
    const data: PublishData = {
      enhancedContent: texts,
      platforms,
      ...schedule,
      isScheduled: mode === 'schedule',
      // Each account's next free posting slot (docs/product.md, Queue).
      ...(mode === 'queue' ? { queue: true } : {}),
      ...channelChoice.publishFields,
      ...(channelChoice.publishFields.perChannel
        ? { perChannel: threads.ownTexts(channelChoice.publishFields.perChannel, channelChoice.chosenChannels, platforms) }
        : {}),
      timeZone,
      originalText: text,
      aiEnhanced: !skippedAi,
      ...(autosave.state.draftId ? { draftId: autosave.state.draftId } : {}),
      ...linkCards.publishFields(),
      ...attachments.publishFields(),
      ...threads.publishFields(platforms, channelChoice.active ? channelChoice.chosenChannels : []),
    };
    const draftToRestore: ComposerDraft = {
      platforms,
      text,
      tailored: skippedAi ? null : enhancedTexts(enhancements),
      image: null,
      savedMedia: attachments.savedMedia,
      documentTitle: attachments.documentTitle,
      date,
      time,
      removedLinkCards: linkCards.removed,
      linkCards: linkCards.kept,
      ...channelChoice.draftFields,
      threads: threads.saved(),
    };
    setPublishing(mode);
    // The post takes the draft's place: no save may recreate the draft while it is being published.
    saver.pause();
    publish.mutate(publishForm(data, null), {
      onError: (error) => {
        saver.resume();
        // A refusal naming a post of the thread, or a first comment, is shown on it (docs/product.md, Composer · Threads).
        if (isApiError(error)) threads.showProblems(error.fields);
      },
      onSuccess: (answer) => {
        saver.stop();
        void queryClient.invalidateQueries({ queryKey: draftsQueryKey });
        const said = answer.queued
          ? queuedMessage(answer.queued, answer.posts, wizardClock.now(), timeZone)
          : publishedMessage(answer, platforms, wizardClock.now(), timeZone);
        toast({
          variant: 'success',
          ...said,
          // Only a schedule can be taken back: a post sent now is on its way to the network (docs/decisions/122).
          action: answer.scheduled
            ? { label: 'Undo', accessibleLabel: 'Undo: cancel this schedule', onAction: () => undoSchedule(answer.posts, draftToRestore) }
            : undefined,
        });
        void navigate('/feed');
      },
      onSettled: () => setPublishing(null),
    });
  }

  // Runs from the message, after this screen has gone: only stable functions (the API, the toast, the router).
  function undoSchedule(posts: readonly Post[], restore: ComposerDraft) {
    cancelScheduled(posts).then(
      () => {
        toast({ variant: 'info', title: 'Schedule cancelled', message: 'Your post is back in the composer, as it was.' });
        void navigate('/create-post', { state: { draft: restore } });
      },
      (error: unknown) =>
        toast({
          variant: 'error',
          title: 'Could not cancel the schedule',
          message: isApiError(error) ? error.message : 'Please try again from your profile’s Scheduled tab.',
        }),
    );
  }

  const busy = publishing !== null;
  const publishError = publish.isError ? (isApiError(publish.error) ? publish.error.message : '') : null;
  // Without the picker, LinkedIn posts as the member: their only channel there.
  const linkedInMember = channelChoice.active ? undefined : channelChoice.channels.find((channel) => channel.network === 'linkedin');
  const linkedInAs = linkedInMember ? `${linkedInMember.name} (personal profile)` : null;
  const panels = step === 'content' ? linkCards.panels('written') : step === 'review' ? linkCards.panels('outgoing') : [];

  let body;
  switch (step) {
    case 'platforms':
      body = channelChoice.active ? (
        <ChannelPicker
          channels={channelChoice.channels}
          selected={channelChoice.chosen}
          onToggle={(id) => {
            if (channelChoice.toggle(id).length > 0) setPlatformsError(null);
          }}
          error={platformsError}
        />
      ) : (
        <PlatformsStep
          accounts={accounts.data}
          loading={accounts.isPending || channelChoice.pending}
          loadFailed={accounts.isError}
          retrying={accounts.isFetching}
          onRetry={() => void accounts.refetch()}
          selected={platforms}
          onToggle={togglePlatform}
          error={platformsError}
        />
      );
      break;
    case 'content':
      body = (
        <ContentStep
          platforms={platforms}
          text={text}
          onTextChange={changeText}
          textError={textError}
          textAreaRef={textAreaRef}
          media={<MediaPicker platforms={platforms} attachments={attachments} />}
          previews={
            <LivePreviews
              platforms={platforms}
              texts={Object.fromEntries(platforms.map((network) => [network, text]))}
              attachments={previewAttachments}
              linkCardFor={linkCards.previewCardFor}
              channels={previewChannels(() => text)}
              // Beside the editor, LinkedIn's preview shows its text without X's '---' lines, as it will go out.
              extras={xThread ? { ...previewExtras, linkedin: { ...previewExtras.linkedin, text: singleText } } : previewExtras}
            />
          }
          xThread={
            <ThreadEditor
              title="Thread on X"
              controller={threads.controller(NETWORK_THREAD)}
              onSplit={(numbered) => threads.split(NETWORK_THREAD, text, numbered)}
              onStop={() => threads.stop(NETWORK_THREAD)}
              canSplit={text.trim() !== ''}
              errors={threads.partProblems[NETWORK_THREAD]}
            />
          }
          xThreadParts={xThread?.parts.length ?? 0}
          firstComment={
            <FirstCommentField
              value={threads.comments[NETWORK_COMMENT] ?? ''}
              onChange={(comment) => threads.setComment(NETWORK_COMMENT, comment)}
              error={threads.commentProblems[NETWORK_COMMENT]}
            />
          }
          skipAi={skipAi}
          onSkipAiChange={setSkipAi}
        />
      );
      break;
    case 'enhance':
      body = (
        <>
          {xThread && <ThreadAsWritten parts={xThread.parts.length} takeFocus={threadTaken} onFocused={() => setThreadTaken(false)} />}
          <EnhanceStep
            platforms={singleTextNetworks}
            enhancements={enhancements}
            onRegenerate={regenerate}
            onBack={previousVersion}
            onEdit={edit}
            // Each proposed part fits a post, so separator lines keep them as they are.
            onUseThread={(parts) => {
              threads.split(NETWORK_THREAD, parts.join('\n---\n'), false);
              setThreadTaken(true);
            }}
          />
        </>
      );
      break;
    case 'review':
      body = (
        <ReviewStep
          platforms={platforms}
          texts={texts}
          image={image}
          previewAttachments={previewAttachments}
          linkCardFor={linkCards.previewCardFor}
          previewChannels={previewChannels((copy) => copy.text)}
          previewExtras={previewExtras}
          xThread={xThread ? { texts: outgoingTexts(xThread), problems: threads.partProblems[NETWORK_THREAD] ?? {} } : null}
          firstComment={threads.comments[NETWORK_COMMENT] ?? null}
          linkedInAs={linkedInAs}
          date={date}
          time={time}
          onDateChange={(value) => {
            setDate(value);
            setScheduleError(null);
          }}
          onTimeChange={(value) => {
            setTime(value);
            setScheduleError(null);
          }}
          minDate={today}
          timeZone={timeZone}
          scheduleError={scheduleError}
          publishError={publishError}
        />
      );
      if (channelChoice.active)
        body = (
          <>
            {body}
            <ChannelTexts
              channels={channelChoice.chosenChannels}
              networkTexts={texts}
              perChannel={channelChoice.perChannel}
              onChange={channelChoice.setOwnText}
              // A channel's own thread splits its own text, else the whole text as written (not X's shortened one).
              extra={(channel) => channelThreadExtra(channel, threads, (chosen) => channelChoice.perChannel[chosen.id] ?? text)}
            />
          </>
        );
      break;
  }

  return (
    <section className="flex flex-col gap-6">
      <title>Create Post · Postflow</title>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Create Post</h1>
        <p className="mt-1 text-slate-600">Write once, then publish or schedule it on X and LinkedIn.</p>
      </header>

      <WizardStepper step={step} />

      <DraftStatus
        state={autosave.state}
        imageProblem={null}
        onShowNewer={() => {
          if (autosave.state.draftId) {
            saver.stop();
            void navigate(`/create-post?draft=${autosave.state.draftId}`, { replace: true });
          }
        }}
        onKeepMine={() => saver.keepMine()}
      />
      <ConfirmDialog
        open={leaveProblem}
        title="Your latest changes are not saved yet"
        message="Postflow cannot reach the server to save this draft. If you leave now, the changes since the last save are lost."
        confirmLabel="Leave anyway"
        cancelLabel="Stay and keep trying"
        tone="danger"
        onConfirm={() => {
          setLeaveProblem(false);
          saver.stop();
          if (blocker.state === 'blocked') blocker.proceed();
        }}
        onCancel={() => {
          setLeaveProblem(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />

      <div className="flex flex-col gap-6 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
          {STEP_TITLES[step]}
        </h2>
        {body}
        {panels.map((entry) => (
          <LinkCardPanel
            key={entry.url}
            entry={entry}
            several={panels.length > 1}
            withPicture={attachments.items.length > 0}
            onRemove={() => setRemovedCards((removed) => [...removed, entry.url])}
            onRestore={() => setRemovedCards((removed) => removed.filter((url) => url !== entry.url))}
          />
        ))}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {step !== 'platforms' ? (
            <Button variant="secondary" onClick={back} disabled={busy}>
              Back
            </Button>
          ) : (
            <span className="hidden sm:block" />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {(step === 'platforms' || step === 'content') && <Button onClick={next}>Next</Button>}
            {step === 'enhance' && (
              <Button onClick={next} disabled={!readyForReview(singleTextNetworks, enhancements)}>
                Continue to Review
              </Button>
            )}
            {step === 'review' && (
              <>
                <Button
                  variant="secondary"
                  onClick={() => submit('now')}
                  busy={publishing === 'now'}
                  busyLabel="Posting..."
                  disabled={busy}
                >
                  Post Now
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => submit('queue')}
                  busy={publishing === 'queue'}
                  busyLabel="Adding to queue..."
                  disabled={busy}
                >
                  Add to queue
                </Button>
                <Button
                  onClick={() => submit('schedule')}
                  busy={publishing === 'schedule'}
                  busyLabel="Scheduling..."
                  disabled={busy || !date || !time}
                >
                  Schedule
                </Button>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
